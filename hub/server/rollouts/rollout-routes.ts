import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { ROLLOUT_PATHS, RolloutAction, RolloutRequest, RolloutsAnswer } from '../../protocol'
import { profileById } from '../../storage/profile-table'
import { changeRollout, insertRollout, stageOf } from '../../storage/rollout-table'
import { refuse, refuseFields, REFUSALS, route } from '../plugins/dashboard-rules'
import type { HubRoutes } from '../plugins/zod-schemas'
import { nextStage } from './rollout-machine'
import { rolloutsAnswer } from './rollout-views'

const Id = z.object({ id: z.uuid() })
const answers = { 200: RolloutsAnswer, ...REFUSALS }
const HOUR_MS = 3_600_000

/**
 * Rollouts, for the signed-in group: started, held, resumed and sent back by a manager, each step kept
 * with the manager's name (rollout_steps). Every move goes through the one transition function
 * (./rollout-machine.ts); one it does not allow from the rollout's state answers 409 `not-now`. Every
 * step taken is pushed to the other managers' pages (live-updates.ts), as the hub's own steps are.
 */
export const rolloutRoutes: HubRoutes = async (api) => {
  api.get(ROLLOUT_PATHS.rollouts, { schema: { response: answers } }, () => rolloutsAnswer(api.db))

  api.post(ROLLOUT_PATHS.rollouts, { schema: { body: RolloutRequest, response: answers } }, async (request, reply) => {
    const { body } = request
    if (!(await profileById(api.db, body.profileId))) return refuse(reply, 404, 'not-found')
    const at = new Date(api.clock())
    const replace = (row: Parameters<typeof stageOf>[0]) => nextStage(stageOf(row), { kind: 'replace' }, at, row.rest_after_hours * HOUR_MS)
    const made = await insertRollout(api.db, { id: randomUUID(), ...body }, replace, request.manager.name, at)
    // A pilot must be a device of the profile: the rest are found by the profile, the pilots by name.
    if (!made) return refuseFields(reply, ['pilots'])
    await api.live.changed({ type: 'rollouts' })
    return rolloutsAnswer(api.db)
  })

  const act = { params: Id, body: RolloutAction, response: answers }
  api.post(route(ROLLOUT_PATHS.action), { schema: act }, async (request, reply) => {
    const at = new Date(api.clock())
    const event = { kind: request.body.action }
    const outcome = await changeRollout(api.db, request.params.id, (row) => nextStage(stageOf(row), event, at, row.rest_after_hours * HOUR_MS), request.manager.name, at)
    if (outcome === 'not-found') return refuse(reply, 404, 'not-found')
    if (outcome === 'refused') return refuse(reply, 409, 'not-now')
    await api.live.changed({ type: 'rollouts' })
    return rolloutsAnswer(api.db)
  })
}
