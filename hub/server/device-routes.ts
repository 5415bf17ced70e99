import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { EnrolmentRequest, Heartbeat, HUB_PATHS, UploadRequest, type HeartbeatAnswer, type UploadAnswer } from '../protocol'
import type { HubDatabase } from '../storage/database'
import { deviceByTokenHash, saveHeartbeat } from '../storage/device-table'
import type { TokenDeviceRow } from '../storage/rows'
import { storeRecords } from '../storage/record-table'
import { settingsRevision } from '../storage/profile-table'
import { deviceProfileAnswer } from './profile-views'
import { bearerToken, hashToken } from './device-tokens'
import { enrolDevice } from './enrolment-service'
import { staffVersion } from '../storage/staff-table'

export interface DeviceRouteContext {
  db: HubDatabase
  /** The hub's certificate fingerprint: enrolment proofs are checked against it. */
  fingerprint: string
  now: () => number
  /** A device reported (heartbeat, records): its state is reckoned again and its tile pushed to the dashboards. */
  deviceChanged?: (deviceId: string) => Promise<void>
  /** Records were stored: today's sales are read again and pushed to the dashboards. */
  recordsStored?: () => Promise<void>
}

/** The dashboard is told after the device's answer is settled; a failure there never fails the device's request. */
async function tellDashboard(ctx: DeviceRouteContext, deviceId: string): Promise<void> {
  await ctx.deviceChanged?.(deviceId).catch(() => undefined)
}

/** The device behind the request's token, or an answer already sent (401) when there is none. */
export async function authenticate(ctx: DeviceRouteContext, request: FastifyRequest, reply: FastifyReply): Promise<TokenDeviceRow | undefined> {
  const token = bearerToken(request.headers.authorization)
  const device = token ? await deviceByTokenHash(ctx.db, hashToken(token)) : undefined
  if (!device) await reply.code(401).send({ error: 'unknown-device' })
  return device
}

function badRequest(reply: FastifyReply) {
  return reply.code(400).send({ error: 'unreadable-request' })
}

/** The device protocol's routes (hub/protocol): enrol, heartbeat, upload records, pull its profile; and the staff's (./staff-device-routes.ts). */
export function deviceRoutes(app: FastifyInstance, ctx: DeviceRouteContext): void {
  app.post(HUB_PATHS.enrol, async (request, reply) => {
    const parsed = EnrolmentRequest.safeParse(request.body)
    if (!parsed.success) return badRequest(reply)
    const outcome = await enrolDevice(ctx.db, parsed.data, ctx.fingerprint, new Date(ctx.now()))
    return reply.code(outcome.status).send(outcome.body)
  })

  app.post(HUB_PATHS.heartbeat, async (request, reply) => {
    const device = await authenticate(ctx, request, reply)
    if (!device) return reply
    if (device.revoked_at) return reply.send({ status: 'revoked' } satisfies HeartbeatAnswer)
    const parsed = Heartbeat.safeParse(request.body)
    if (!parsed.success) return badRequest(reply)
    const now = new Date(ctx.now())
    await saveHeartbeat(ctx.db, device.id, parsed.data, now)
    await tellDashboard(ctx, device.id)
    // The newest revision of profiles and service rules: a device holding another pulls its own.
    const profileRevision = await settingsRevision(ctx.db)
    return reply.send({ status: 'ok', hubTime: now.toISOString(), staffVersion: await staffVersion(ctx.db), profileRevision } satisfies HeartbeatAnswer)
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
    const device = await authenticate(ctx, request, reply)
    if (!device) return reply
    const parsed = UploadRequest.safeParse(request.body)
    if (!parsed.success) return badRequest(reply)
    const outcomes = await storeRecords(ctx.db, device.id, parsed.data.records, new Date(ctx.now()))
    await tellDashboard(ctx, device.id)
    await ctx.recordsStored?.().catch(() => undefined)
    const results = outcomes.map((o) => (o.outcome === 'stored' ? { ...o, receivedAt: o.receivedAt.toISOString() } : o))
    return reply.send({ results } satisfies UploadAnswer)
  })
}
