import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { HubDatabase } from '../storage/database'
import type { DeviceWatch } from './devices/device-watch'
import type { LiveUpdates } from './live/live-updates'
import { signedInManager, type SignedInManager } from './managers/manager-sessions'
import { refuse } from './plugins/dashboard-rules'

export { refuse, route } from './plugins/dashboard-rules'

/**
 * What the day's routes (today-routes.ts, end-of-day-routes.ts) take, as they took it before the
 * hub's services were decorated on the instance (plugins/hub-services.ts): built from those, until
 * the day's routes move to day/ and join the signed-in group (plugins/signed-in-manager.ts).
 */
export interface DashboardContext {
  db: HubDatabase
  now: () => number
  live: LiveUpdates
  watch: DeviceWatch
  fingerprint: string
  origins: ReadonlySet<string>
  venue: string
  firstManagerMade: () => Promise<void>
}

export function dashboardContext(app: FastifyInstance): DashboardContext {
  return { db: app.db, now: app.clock, live: app.live, watch: app.watch, ...app.hub }
}

/** The manager signed in, or undefined with 401 `signed-out` sent (the day's routes call it; the others have the group's hook). */
export async function requireManager(ctx: DashboardContext, request: FastifyRequest, reply: FastifyReply): Promise<SignedInManager | undefined> {
  const manager = await signedInManager(ctx.db, request, new Date(ctx.now()))
  if (!manager) await refuse(reply, 401, 'signed-out')
  return manager
}
