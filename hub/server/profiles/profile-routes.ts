import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { DashboardProfile, DeviceSetupRequest, PROFILE_PATHS, ProfileRequest, ProfilesAnswer, ServiceRuleRequest, ServiceRulesAnswer } from '../../protocol'
import type { Queryable } from '../../storage/database'
import { allProfiles, deviceSetups, insertProfile, profileById, setDeviceSetup, settingsRevision, updateProfile } from '../../storage/profile-table'
import { allServiceRules, deleteServiceRule, insertServiceRule } from '../../storage/service-rule-table'
import { refuse, REFUSALS, route } from '../plugins/dashboard-rules'
import type { HubRoutes } from '../plugins/zod-schemas'
import { dashboardDeviceSetup, dashboardProfile, dashboardServiceRule, scopeOf } from './profile-views'

const Id = z.object({ id: z.uuid() })
const answers = <T extends z.ZodType>(ok: T) => ({ 200: ok, ...REFUSALS })

async function profilesAnswer(db: Queryable): Promise<ProfilesAnswer> {
  return {
    revision: await settingsRevision(db),
    profiles: (await allProfiles(db)).map(dashboardProfile),
    devices: (await deviceSetups(db)).map(dashboardDeviceSetup),
  }
}

/**
 * Profiles and each device's profile and group, for the signed-in group. Every change counts the
 * revision up in its own transaction: each device pulls what is now its own at its next heartbeat
 * (hub/protocol/device-profile.ts).
 */
export const profileRoutes: HubRoutes = async (api) => {
  api.get(PROFILE_PATHS.profiles, { schema: { response: answers(ProfilesAnswer) } }, () => profilesAnswer(api.db))

  api.post(PROFILE_PATHS.profiles, { schema: { body: ProfileRequest, response: answers(DashboardProfile) } }, async (request, reply) => {
    const id = randomUUID()
    if (!(await insertProfile(api.db, id, { ...request.body, by: request.manager.name, at: new Date(api.clock()) }))) return refuse(reply, 409, 'name-taken')
    return dashboardProfile((await profileById(api.db, id))!)
  })

  const update = { params: Id, body: ProfileRequest, response: answers(DashboardProfile) }
  api.put(route(PROFILE_PATHS.profile), { schema: update }, async (request, reply) => {
    const { id } = request.params
    const outcome = await updateProfile(api.db, id, { ...request.body, by: request.manager.name, at: new Date(api.clock()) })
    if (outcome === 'not-found') return refuse(reply, 404, 'not-found')
    if (outcome === 'name-taken') return refuse(reply, 409, 'name-taken')
    return dashboardProfile((await profileById(api.db, id))!)
  })

  const setup = { params: Id, body: DeviceSetupRequest, response: answers(ProfilesAnswer) }
  api.put(route(PROFILE_PATHS.deviceSetup), { schema: setup }, async (request, reply) => {
    if (!(await setDeviceSetup(api.db, request.params.id, request.body))) return refuse(reply, 404, 'not-found')
    return profilesAnswer(api.db)
  })
}

/** The service rules, for the signed-in group: each for the venue, a profile, a group or one device. */
export const serviceRuleRoutes: HubRoutes = async (api) => {
  const answer = async (): Promise<ServiceRulesAnswer> => ({ rules: (await allServiceRules(api.db)).map(dashboardServiceRule) })

  api.get(PROFILE_PATHS.serviceRules, { schema: { response: answers(ServiceRulesAnswer) } }, answer)

  api.post(PROFILE_PATHS.serviceRules, { schema: { body: ServiceRuleRequest, response: answers(ServiceRulesAnswer) } }, async (request) => {
    const { target, rule } = request.body
    await insertServiceRule(api.db, { id: randomUUID(), ...scopeOf(target), rule, by: request.manager.name, at: new Date(api.clock()) })
    return answer()
  })

  api.delete(route(PROFILE_PATHS.serviceRule), { schema: { params: Id, response: answers(ServiceRulesAnswer) } }, async (request, reply) => {
    if (!(await deleteServiceRule(api.db, request.params.id))) return refuse(reply, 404, 'not-found')
    return answer()
  })
}
