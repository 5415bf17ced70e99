import { DeviceProfileAnswer, EnrolmentAnswer, EnrolmentRefusal, EnrolmentRequest, Heartbeat, HeartbeatAnswer, HUB_PATHS, UploadAnswer, UploadRequest } from '../../protocol'
import { deviceOfRequest, DeviceRefusal, unknownDevice, unreadableRequest } from '../plugins/device-auth'
import type { HubRoutes } from '../plugins/zod-schemas'
import { deviceProfileAnswer } from '../profiles/profile-views'
import { bearerToken, hashToken } from './device-tokens'
import { enrolDevice } from './enrolment-service'
import { heartbeatWrites } from './heartbeat-writes'
import { orderFor } from '../rollouts/rollout-orders'
import { recordWrites } from './record-writes'

/** Enrolment: no device yet, so no token; the proof is checked against the hub's own certificate. */
export const enrolRoute: HubRoutes = async (app) => {
  const response = { 200: EnrolmentAnswer, 403: EnrolmentRefusal, 409: EnrolmentRefusal, 429: EnrolmentRefusal }
  app.post(HUB_PATHS.enrol, { schema: { body: EnrolmentRequest, response } }, async (request, reply) => {
    const outcome = await enrolDevice(app.db, request.body, app.hub.fingerprint, new Date(app.clock()))
    return reply.code(outcome.status).send(outcome.body)
  })
}

/**
 * The heartbeat authenticates in the statement that keeps it (one statement for a live device's
 * heartbeat: found by its token, kept, its row given back to reckon its state from and the versions
 * its answer names; with those that came meanwhile), not in a hook of its own: a thousand devices
 * beat 67 times a second. So its body is judged by the schema but the verdict is attached, and a
 * stranger, a revoked device or an unreadable heartbeat is looked up after and answered as always:
 * unknown 401, revoked "revoked", then unreadable 400.
 */
export const heartbeatRoute: HubRoutes = async (app) => {
  const heartbeats = heartbeatWrites(app.db, app.db.kind === 'pglite' ? 1 : 4)
  const schema = { body: Heartbeat, response: { 200: HeartbeatAnswer, 401: DeviceRefusal } }
  app.post(HUB_PATHS.heartbeat, { schema, attachValidation: true }, async (request, reply) => {
    const token = bearerToken(request.headers.authorization)
    const now = new Date(app.clock())
    const readable = request.validationError === undefined
    const saved = token && readable ? await heartbeats.submit({ tokenHash: hashToken(token), heartbeat: request.body, at: now }) : undefined
    if (!saved) {
      const device = await deviceOfRequest(app.db, request)
      if (!device) return unknownDevice(reply)
      if (device.revoked_at) return reply.send({ status: 'revoked' })
      // Known, not revoked (a revoke is never undone), not saved: its heartbeat was unreadable.
      return unreadableRequest(reply)
    }
    // The dashboard is told once the device's answer is settled; a failure there never fails the device's request.
    await app.watch.changed(saved.row.id, saved.row).catch(() => undefined)
    // The venue's staff version and the newest revision of profiles and service rules: a device holding others pulls its own;
    // the Foyer version it may take now, when a rollout covers it; and a support file a manager asked for: the device makes
    // it and uploads it (./support-file-routes.ts). Read by the statement that kept the heartbeat (storage/pull-versions.ts).
    const { rollout, ...versions } = saved.versions
    const update = rollout && orderFor(rollout, now)
    return reply.send({ status: 'ok', hubTime: now.toISOString(), ...versions, ...(update ? { update } : {}) })
  })
}

/**
 * A revoked device's records are still taken: they are sales it made before, real money to count.
 * Each record's payload is parsed by its kind's schema (hub/protocol/record-payloads.ts): a batch
 * holding one the hub cannot read is refused whole, so nothing half-read is ever counted. In the
 * enrolled devices' group (app.ts): `request.deviceId` is the device's. Uploads that come together
 * are stored by one statement (./record-writes.ts).
 */
export const recordsRoute: HubRoutes = async (app) => {
  const uploads = recordWrites(app.db, app.db.kind === 'pglite' ? 1 : 4)
  app.post(HUB_PATHS.records, { schema: { body: UploadRequest, response: { 200: UploadAnswer, 401: DeviceRefusal } } }, async (request, reply) => {
    const outcomes = await uploads.submit({ deviceId: request.deviceId, records: request.body.records, at: new Date(app.clock()) })
    // An upload changes no device's state (that is its heartbeats'): its tile and today, told in one statement.
    await app.live.changed({ type: 'device', id: request.deviceId }, { type: 'today' }).catch(() => undefined)
    const results = outcomes.map((o) => (o.outcome === 'stored' ? { ...o, receivedAt: o.receivedAt.toISOString() } : o))
    return reply.send({ results })
  })
}

/** What this device's profile sets and the rules for when it sells. In the in-service group (app.ts): a revoked device is told nothing more. */
export const deviceProfileRoute: HubRoutes = async (app) => {
  app.post(HUB_PATHS.profile, { schema: { response: { 200: DeviceProfileAnswer, 401: DeviceRefusal, 403: DeviceRefusal } } }, async (request, reply) => {
    const answer = await deviceProfileAnswer(app.db, request.device.id)
    return answer ? reply.send(answer) : unknownDevice(reply)
  })
}
