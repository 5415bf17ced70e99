import type { FastifyInstance } from 'fastify'
import { DASHBOARD_PATHS, FirstManagerRequest, normaliseEnrolmentCode, SignInRequest, type DashboardRefusal, type SessionAnswer } from '../../protocol'
import { clearWrongTries, countWrongTry, FIRST_MANAGER_KEY, secondsLocked, signInKey } from '../../storage/keyed-lockouts'
import { anyManager, firstManagerCodeState, makeFirstManager, managerByName } from '../../storage/manager-table'
import { refuse, refuseInvalid, type DashboardContext } from '../dashboard-api'
import { hashToken } from '../devices/device-tokens'
import { endSession, signedInManager, startSession } from './manager-sessions'
import { hashPassword, passwordMatches } from '../staff/passwords'

const sessionAnswer = (manager: { id: string; name: string }): SessionAnswer => ({ manager: { id: manager.id, name: manager.name } })

/**
 * Managers' accounts and sessions: the first manager with the code the hub printed (once, also
 * under concurrent tries; wrong codes count against a lockout), sign in (wrong passwords count per
 * name) and out.
 */
export function managerRoutes(api: FastifyInstance, ctx: DashboardContext): void {
  api.get(DASHBOARD_PATHS.session, async (request, reply) => {
    const manager = await signedInManager(ctx.db, request, new Date(ctx.now()))
    if (manager) return sessionAnswer(manager)
    // A fresh hub's page opens on the first manager's form: nobody could sign in yet.
    const firstManagerNeeded = !(await anyManager(ctx.db))
    return reply.code(401).send({ refused: 'signed-out', ...(firstManagerNeeded ? { firstManagerNeeded } : {}) } satisfies DashboardRefusal)
  })

  api.post(DASHBOARD_PATHS.session, async (request, reply) => {
    const parsed = SignInRequest.safeParse(request.body)
    if (!parsed.success) return refuseInvalid(reply, parsed.error)
    const now = new Date(ctx.now())
    const key = signInKey(parsed.data.name)
    const locked = await secondsLocked(ctx.db, key, now)
    if (locked > 0) return refuse(reply, 429, 'too-many-tries', locked)
    const manager = await managerByName(ctx.db, parsed.data.name)
    if (!(await passwordMatches(manager?.password_hash, parsed.data.password)) || !manager) {
      await countWrongTry(ctx.db, key, now)
      return refuse(reply, 401, 'wrong-name-or-password')
    }
    await clearWrongTries(ctx.db, key)
    await startSession(ctx.db, reply, manager.id, now)
    return sessionAnswer(manager)
  })

  api.delete(DASHBOARD_PATHS.session, async (request, reply) => {
    const now = new Date(ctx.now())
    const manager = await signedInManager(ctx.db, request, now)
    if (manager) await endSession(ctx.db, reply, manager.sessionHash, now)
    return reply.code(204).send()
  })

  api.post(DASHBOARD_PATHS.firstManager, async (request, reply) => {
    const parsed = FirstManagerRequest.safeParse(request.body)
    if (!parsed.success) return refuseInvalid(reply, parsed.error)
    const now = new Date(ctx.now())
    const locked = await secondsLocked(ctx.db, FIRST_MANAGER_KEY, now)
    if (locked > 0) return refuse(reply, 429, 'too-many-tries', locked)
    const codeHash = hashToken(normaliseEnrolmentCode(parsed.data.code))
    const state = await firstManagerCodeState(ctx.db, codeHash)
    // A used code (another try won it) is not a guess: only an unknown one counts against the lockout.
    if (state !== 'open') {
      if (state === 'unknown') await countWrongTry(ctx.db, FIRST_MANAGER_KEY, now)
      return refuse(reply, 403, 'code-not-valid')
    }
    const passwordHash = await hashPassword(parsed.data.password)
    const made = await makeFirstManager(ctx.db, { codeHash, name: parsed.data.name, passwordHash, now })
    if (!made.made) return made.why === 'name-taken' ? refuse(reply, 409, 'name-taken') : refuse(reply, 403, 'code-not-valid')
    await clearWrongTries(ctx.db, FIRST_MANAGER_KEY)
    await ctx.firstManagerMade()
    await startSession(ctx.db, reply, made.id, now)
    return sessionAnswer({ id: made.id, name: parsed.data.name })
  })
}
