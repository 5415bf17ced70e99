import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import type { Queryable } from '../../storage/database'
import { deviceByTokenHash } from '../../storage/device-table'
import type { TokenDeviceRow } from '../../storage/rows'
import { DeviceIdsByToken } from '../devices/device-ids-by-token'
import { bearerToken, hashToken } from '../devices/device-tokens'

declare module 'fastify' {
  interface FastifyRequest {
    /** The device behind the request's token, not revoked: set by the in-service group's hook. */
    device: TokenDeviceRow
    /** The enrolled device behind the request's token, revoked or not: set by the enrolled group's hook. */
    deviceId: string
  }
}

/** What a device is refused with (it reads the status; the word is for people reading logs). */
export const DeviceRefusal = z.object({ error: z.enum(['unknown-device', 'revoked', 'unreadable-request']) })

export const unknownDevice = (reply: FastifyReply) => reply.code(401).send({ error: 'unknown-device' } satisfies z.infer<typeof DeviceRefusal>)
export const unreadableRequest = (reply: FastifyReply) => reply.code(400).send({ error: 'unreadable-request' } satisfies z.infer<typeof DeviceRefusal>)

/** The device whose token the request carries (`authorization: Bearer …`), revoked or not; undefined for none. */
export async function deviceOfRequest(db: Queryable, request: FastifyRequest): Promise<TokenDeviceRow | undefined> {
  const token = bearerToken(request.headers.authorization)
  return token ? deviceByTokenHash(db, hashToken(token)) : undefined
}

/**
 * Devices in service, once for a group of routes: a stranger is answered 401 `unknown-device` and a
 * revoked device 403 `revoked`, both before the body is judged (as each route did first before).
 */
export const devicesInService = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('device')
    app.addHook('preValidation', async (request, reply) => {
      const device = await deviceOfRequest(app.db, request)
      if (!device) return unknownDevice(reply)
      if (device.revoked_at) return reply.code(403).send({ error: 'revoked' } satisfies z.infer<typeof DeviceRefusal>)
      request.device = device
    })
  },
  { name: 'devices-in-service' },
)

/**
 * Enrolled devices, revoked ones too (their records are sales they made before; their PIN tries
 * still count), once for a group of routes: a stranger is answered 401 `unknown-device`. A token is
 * one device's for ever, so which device it is is kept in memory (devices/device-ids-by-token.ts).
 */
export const enrolledDevices = fp(
  async (app: FastifyInstance) => {
    const idsByToken = new DeviceIdsByToken()
    app.decorateRequest('deviceId', '')
    app.addHook('preValidation', async (request, reply) => {
      const token = bearerToken(request.headers.authorization)
      const deviceId = token && (await idsByToken.deviceId(app.db, hashToken(token)))
      if (!deviceId) return unknownDevice(reply)
      request.deviceId = deviceId
    })
  },
  { name: 'enrolled-devices' },
)

/**
 * A device's request its route's schema refused: 400 `unreadable-request`, as every device route
 * answered. What Fastify refuses itself (a body that is not JSON, too large) keeps Fastify's answer.
 */
export async function deviceErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.validation) return unreadableRequest(reply)
  throw error
}
