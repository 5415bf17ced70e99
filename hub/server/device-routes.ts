import type { FastifyReply, FastifyRequest } from 'fastify'
import type { HubDatabase } from '../storage/database'
import type { TokenDeviceRow } from '../storage/rows'
import { deviceOfRequest, unknownDevice } from './plugins/device-auth'

/**
 * The device's authentication as sale-search-routes.ts takes it (a context and a call in its
 * handler), until the day's routes move to day/ and join a group with the device hook
 * (plugins/device-auth.ts); the device protocol's own routes are in devices/.
 */
export interface DeviceRouteContext {
  db: HubDatabase
  fingerprint: string
  now: () => number
}

/** The device behind the request's token, or an answer already sent (401) when there is none. */
export async function authenticate(ctx: DeviceRouteContext, request: FastifyRequest, reply: FastifyReply): Promise<TokenDeviceRow | undefined> {
  const device = await deviceOfRequest(ctx.db, request)
  if (!device) await unknownDevice(reply)
  return device
}
