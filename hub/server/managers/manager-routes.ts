import { DASHBOARD_PATHS, FirstManagerRequest, normaliseEnrolmentCode, SessionAnswer, SignInRequest } from '../../protocol'
import { clearWrongTries, countWrongTry, FIRST_MANAGER_KEY, secondsLocked, signInKey } from '../../storage/keyed-lockouts'
import { anyManager, firstManagerCodeState, makeFirstManager, managerByName } from '../../storage/manager-table'
import { hashToken } from '../devices/device-tokens'
import { refuse, REFUSALS } from '../plugins/dashboard-rules'
import { NoContent, type HubRoutes } from '../plugins/zod-schemas'
import { hashPassword, passwordMatches } from '../staff/passwords'
import { endSession, signedInManager, startSession } from './manager-sessions'

const session = { response: { 200: SessionAnswer, ...REFUSALS } }

/**
 * Managers' accounts and sessions, open to anyone (they are how a manager comes to be signed in):
 * the first manager with the code the hub printed (once, also under concurrent tries; wrong codes
 * count against a lockout), sign in (wrong passwords count per name) and out. The answer is the
 * manager as SessionAnswer says it: written through that schema, the stored account's password
 * hash and the session's hash stay at the hub.
 */
export const managerRoutes: HubRoutes = async (api) => {
  api.get(DASHBOARD_PATHS.session, { schema: session }, async (request, reply) => {
    const manager = await signedInManager(api.db, request, new Date(api.clock()))
    if (manager) return { manager }
    // A fresh hub's page opens on the first manager's form: nobody could sign in yet.
    const firstManagerNeeded = !(await anyManager(api.db))
    return reply.code(401).send({ refused: 'signed-out', ...(firstManagerNeeded ? { firstManagerNeeded } : {}) })
  })

  api.post(DASHBOARD_PATHS.session, { schema: { body: SignInRequest, ...session } }, async (request, reply) => {
    const now = new Date(api.clock())
    const key = signInKey(request.body.name)
    const locked = await secondsLocked(api.db, key, now)
    if (locked > 0) return refuse(reply, 429, 'too-many-tries', locked)
    const manager = await managerByName(api.db, request.body.name)
    if (!(await passwordMatches(manager?.password_hash, request.body.password)) || !manager) {
      await countWrongTry(api.db, key, now)
      return refuse(reply, 401, 'wrong-name-or-password')
    }
    await clearWrongTries(api.db, key)
    await startSession(api.db, reply, manager.id, now)
    return { manager }
  })

  api.delete(DASHBOARD_PATHS.session, { schema: { response: { 204: NoContent } } }, async (request, reply) => {
    const now = new Date(api.clock())
    const manager = await signedInManager(api.db, request, now)
    if (manager) await endSession(api.db, reply, manager.sessionHash, now)
    return reply.code(204).send()
  })

  await api.register(firstManagerRoute)
}

const firstManagerRoute: HubRoutes = async (api) => {
  api.post(DASHBOARD_PATHS.firstManager, { schema: { body: FirstManagerRequest, ...session } }, async (request, reply) => {
    const { code, name, password } = request.body
    const now = new Date(api.clock())
    const locked = await secondsLocked(api.db, FIRST_MANAGER_KEY, now)
    if (locked > 0) return refuse(reply, 429, 'too-many-tries', locked)
    const codeHash = hashToken(normaliseEnrolmentCode(code))
    const state = await firstManagerCodeState(api.db, codeHash)
    // A used code (another try won it) is not a guess: only an unknown one counts against the lockout.
    if (state !== 'open') {
      if (state === 'unknown') await countWrongTry(api.db, FIRST_MANAGER_KEY, now)
      return refuse(reply, 403, 'code-not-valid')
    }
    const made = await makeFirstManager(api.db, { codeHash, name, passwordHash: await hashPassword(password), now })
    if (!made.made) return made.why === 'name-taken' ? refuse(reply, 409, 'name-taken') : refuse(reply, 403, 'code-not-valid')
    await clearWrongTries(api.db, FIRST_MANAGER_KEY)
    await api.hub.firstManagerMade()
    await startSession(api.db, reply, made.id, now)
    return { manager: { id: made.id, name } }
  })
}
