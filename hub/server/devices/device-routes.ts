import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { EnrolmentRequest, Heartbeat, HUB_PATHS, UploadRequest, type HeartbeatAnswer, type UploadAnswer } from '../../protocol'
import type { HubDatabase } from '../../storage/database'
import { deviceByTokenHash } from '../../storage/device-table'
import type { DeviceStateRow, TokenDeviceRow } from '../../storage/rows'
import { storeRecords } from '../../storage/record-table'
import { pullVersions } from '../../storage/pull-versions'
import { deviceProfileAnswer } from '../profiles/profile-views'
import { DeviceIdsByToken } from './device-ids-by-token'
import { bearerToken, hashToken } from './device-tokens'
import { enrolDevice } from './enrolment-service'
import { HeartbeatWrites } from './heartbeat-writes'

/** The dashboard is told (deviceChanged, recordsStored) once the device's answer is settled; a failure there never fails the device's request. */
export interface DeviceRouteContext {
  db: HubDatabase
  /** The hub's certificate fingerprint: enrolment proofs are checked against it. */
  fingerprint: string
  now: () => number
  /** A device's heartbeat was kept (its row as now stored): its state is reckoned again and its tile pushed to the dashboards. */
  deviceChanged?: (deviceId: string, row: DeviceStateRow) => Promise<void>
  /** A device's records were stored: its tile and today's sales are read again and pushed to the dashboards. */
  recordsStored?: (deviceId: string) => Promise<void>
}

/** The device behind the request's token, or an answer already sent (401) when there is none. */
export async function authenticate(ctx: DeviceRouteContext, request: FastifyRequest, reply: FastifyReply): Promise<TokenDeviceRow | undefined> {
  const token = bearerToken(request.headers.authorization)
  const device = token ? await deviceByTokenHash(ctx.db, hashToken(token)) : undefined
  if (!device) await unknownDevice(reply)
  return device
}

function unknownDevice(reply: FastifyReply) {
  return reply.code(401).send({ error: 'unknown-device' })
}

function badRequest(reply: FastifyReply) {
  return reply.code(400).send({ error: 'unreadable-request' })
}

/** The device protocol's routes (hub/protocol): enrol, heartbeat, upload records, pull its profile; and the staff's (./staff-device-routes.ts). */
export function deviceRoutes(app: FastifyInstance, ctx: DeviceRouteContext): void {
  const idsByToken = new DeviceIdsByToken()
  const heartbeats = new HeartbeatWrites(ctx.db, ctx.db.kind === 'pglite' ? 1 : 4)
  app.post(HUB_PATHS.enrol, async (request, reply) => {
    const parsed = EnrolmentRequest.safeParse(request.body)
    if (!parsed.success) return badRequest(reply)
    const outcome = await enrolDevice(ctx.db, parsed.data, ctx.fingerprint, new Date(ctx.now()))
    return reply.code(outcome.status).send(outcome.body)
  })

  // One statement for a live device's heartbeat (found by its token, kept, its row given back to
  // reckon its state from; with those that came meanwhile); a stranger, a revoked device or an unreadable heartbeat is looked up
  // after and answered as always: unknown 401, revoked "revoked", then unreadable 400.
  app.post(HUB_PATHS.heartbeat, async (request, reply) => {
    const token = bearerToken(request.headers.authorization)
    const parsed = Heartbeat.safeParse(request.body)
    const now = new Date(ctx.now())
    const saved = token && parsed.success ? await heartbeats.save({ tokenHash: hashToken(token), heartbeat: parsed.data, at: now }) : undefined
    if (!saved) {
      const device = await authenticate(ctx, request, reply)
      if (!device) return reply
      if (device.revoked_at) return reply.send({ status: 'revoked' } satisfies HeartbeatAnswer)
      // Known, not revoked (a revoke is never undone), not saved: its heartbeat was unreadable.
      return badRequest(reply)
    }
    await ctx.deviceChanged?.(saved.id, saved).catch(() => undefined)
    // The venue's staff version and the newest revision of profiles and service rules: a device holding others pulls its own.
    const versions = await pullVersions(ctx.db)
    return reply.send({ status: 'ok', hubTime: now.toISOString(), ...versions } satisfies HeartbeatAnswer)
  })

  // What this device's profile sets and the rules for when it sells; a revoked device is told nothing more.
  app.post(HUB_PATHS.profile, async (request, reply) => {
    const device = await authenticate(ctx, request, reply)
    if (!device) return reply
    if (device.revoked_at) return reply.code(403).send({ error: 'revoked' })
    const answer = await deviceProfileAnswer(ctx.db, device.id)
    return answer ? reply.send(answer) : reply.code(401).send({ error: 'unknown-device' })
  })

  // A revoked device's records are still taken: they are sales it made before, real money to count.
  // Each record's payload is parsed by its kind's schema (hub/protocol/record-payloads.ts): a batch
  // holding one the hub cannot read is refused whole, so nothing half-read is ever counted.
  app.post(HUB_PATHS.records, async (request, reply) => {
    const token = bearerToken(request.headers.authorization)
    const deviceId = token && (await idsByToken.deviceId(ctx.db, hashToken(token)))
    if (!deviceId) return unknownDevice(reply)
    const parsed = UploadRequest.safeParse(request.body)
    if (!parsed.success) return badRequest(reply)
    const outcomes = await storeRecords(ctx.db, deviceId, parsed.data.records, new Date(ctx.now()))
    await ctx.recordsStored?.(deviceId).catch(() => undefined)
    const results = outcomes.map((o) => (o.outcome === 'stored' ? { ...o, receivedAt: o.receivedAt.toISOString() } : o))
    return reply.send({ results } satisfies UploadAnswer)
  })
}
