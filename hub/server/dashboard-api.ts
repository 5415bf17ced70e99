import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { DashboardRefusal } from '../protocol'
import type { HubDatabase } from '../storage/database'
import type { DeviceWatch } from './devices/device-watch'
import type { LiveUpdates } from './live/live-updates'
import { signedInManager, type SignedInManager } from './managers/manager-sessions'
import { changesState } from './page/origin-check'

/** What the dashboard's routes share: the database, the clock, the live updates and who the hub is. */
export interface DashboardContext {
  db: HubDatabase
  now: () => number
  live: LiveUpdates
  watch: DeviceWatch
  /** The hub's certificate fingerprint, for a new device's enrolment QR. */
  fingerprint: string
  /** The hub's own origins (origin-check.ts): a state-changing request must come from one of them. */
  origins: ReadonlySet<string>
  /** The venue's name, as end of day's report heads it (FOYER_HUB_VENUE). */
  venue: string
  /** Called once the first manager is made: the kept one-time code can enrol nobody any more. */
  firstManagerMade: () => Promise<void>
}

/**
 * A contract path with one parameter, as a Fastify route (`:id` unless named otherwise): the contract's
 * function is given a placeholder, as it would encode the colon.
 */
export const route = (path: (value: string) => string, name = 'id') => path('PARAM').replace('PARAM', `:${name}`)

/** Sends a refusal the page words in the manager's language (hub/protocol/dashboard.ts). */
export function refuse(reply: FastifyReply, status: number, refused: DashboardRefusal['refused'], retryAfterSeconds?: number) {
  if (retryAfterSeconds) void reply.header('retry-after', String(retryAfterSeconds))
  return reply.code(status).send({ refused, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) } satisfies DashboardRefusal)
}

/** 400 `invalid-request` for a body the route's schema refused, naming the fields that were wrong. */
export function refuseInvalid(reply: FastifyReply, error: { issues: readonly { path: readonly PropertyKey[] }[] }) {
  const fields = [...new Set(error.issues.map((issue) => issue.path.map(String).join('.') || '(body)'))]
  return reply.code(400).send({ refused: 'invalid-request', fields } satisfies DashboardRefusal)
}

/** The manager signed in, or undefined with 401 `signed-out` sent. */
export async function requireManager(ctx: DashboardContext, request: FastifyRequest, reply: FastifyReply): Promise<SignedInManager | undefined> {
  const manager = await signedInManager(ctx.db, request, new Date(ctx.now()))
  if (!manager) await refuse(reply, 401, 'signed-out')
  return manager
}

/**
 * The rules every dashboard route keeps, set once on the plugin that holds them: no answer is
 * cached or framed, a request that changes something must come from the hub's own page (its Origin),
 * and an unreadable body is `invalid-request` in the contract's words, not Fastify's English.
 */
export function dashboardApiRules(api: FastifyInstance, ctx: DashboardContext): void {
  api.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store')
    if (changesState(request.method) && !ctx.origins.has(request.headers.origin ?? '')) return refuse(reply, 403, 'wrong-origin')
  })
  api.setErrorHandler(async (error: { statusCode?: number }, _request, reply) => {
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return refuse(reply, 400, 'invalid-request')
    return reply.code(500).send({ error: 'hub-error' })
  })
}
