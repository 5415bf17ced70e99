import { randomUUID } from 'node:crypto'
import { Agent } from 'node:https'
import { enrolWithHub, HUB_PATHS, normaliseFingerprint, type Heartbeat, type RecordEnvelope } from '../../hub/protocol'
import type { SeenCertificate } from '../../tests/support/hub-device'
import { readyHeartbeat } from '../../tests/support/hub-heartbeats'
import type { BenchManager } from './hub-manager-client'
import { jsonOf, requestText, retryingLostConnections } from './hub-http'

/**
 * The simulated devices of `npm run bench:hub`: each enrolled through the real protocol with a real
 * one-time code, then speaking to the hub over a keep-alive HTTPS connection of its own, pinned to
 * the certificate it saw at enrolment, as Foyer on a kiosk does.
 */
export interface SimDevice {
  index: number
  deviceId: string
  token: string
  agent: Agent
  /** Sales sent so far (uploads made); the k-th sale is the k-th the hub should count for it. */
  salesSent: number
}

export interface Answer {
  status: number
  body: unknown
  ms: number
}

/** A keep-alive pool trusting only the pinned certificate. */
export function pinnedAgent(pinned: SeenCertificate): Agent {
  return new Agent({
    keepAlive: true,
    ca: pinned.pem,
    checkServerIdentity: (_host, cert) => (normaliseFingerprint(cert.fingerprint256) === pinned.fingerprint ? undefined : new Error('not the pinned certificate')),
  })
}

/**
 * POSTs JSON on the device's pool; `ms` is from the request made to the whole answer read. A lost
 * connection rejects (its code in `failureCode`), never throws out of a listener.
 */
export async function postOn(agent: Agent | undefined, url: string, path: string, body: unknown, token?: string): Promise<Answer> {
  const payload = JSON.stringify(body)
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  }
  const answer = await requestText(new URL(path, url), { agent, method: 'POST', headers }, payload)
  return { status: answer.status, body: jsonOf(answer.text), ms: answer.ms }
}

/**
 * Enrols `count` devices: the manager adds them on the dashboard in batches (one-time codes), and
 * each batch's devices enrol at once with their codes, each on its own pinned connection.
 */
export async function enrolDevices(hubUrl: string, manager: BenchManager, pinned: SeenCertificate, count: number, batch: number): Promise<SimDevice[]> {
  const devices: SimDevice[] = []
  for (let first = 0; first < count; first += batch) {
    const indexes = Array.from({ length: Math.min(batch, count - first) }, (_, i) => first + i)
    const codes = await Promise.all(
      indexes.map(async (index) => {
        // Sent again when the connection is lost: at worst the hub holds a spare code.
        const added = await retryingLostConnections(() => manager.send('POST', '/api/devices', { name: `Bench kiosk ${index + 1}`, place: 'Bench lobby' }))
        if (added.status !== 200) throw new Error(`adding a device answered ${added.status}`)
        return (added.body as { code: string }).code
      }),
    )
    devices.push(...(await Promise.all(indexes.map((index, i) => enrolOne(hubUrl, pinned, index, codes[i]!)))))
  }
  return devices
}

async function enrolOne(hubUrl: string, pinned: SeenCertificate, index: number, code: string): Promise<SimDevice> {
  const agent = pinnedAgent(pinned)
  const result = await enrolWithHub({
    code,
    seenFingerprint: pinned.fingerprint,
    appVersion: '0.1.0',
    // A device whose enrolment is cut off tries again with the same code, as Foyer's enrol screen does.
    send: (req) => retryingLostConnections(() => postOn(agent, hubUrl, HUB_PATHS.enrol, req)),
  })
  if (!result.ok) throw new Error(`device ${index + 1} could not enrol: ${result.reason}`)
  return { index, deviceId: result.deviceId, token: result.deviceToken, agent, salesSent: 0 }
}

export function heartbeatNow(lastSaleAt: string | null): Heartbeat {
  return { ...readyHeartbeat, lastSaleAt, sentAt: new Date().toISOString() }
}

/** A sale as a device's journal uploads it (hub/protocol/record-payloads.ts): a card sale of two tickets at one show. */
export function saleRecord(device: SimDevice, saleNumber: number): RecordEnvelope {
  const amountCents = 4_500 + (saleNumber % 7) * 500
  const saleId = `sale-${device.index + 1}-${saleNumber}-${randomUUID().slice(0, 8)}`
  return {
    deviceRecordId: saleId,
    kind: 'sale',
    occurredAt: new Date().toISOString(),
    payload: {
      backend: 'production/bench',
      training: false,
      saleId,
      bookingReference: `BENCH-${device.index + 1}-${saleNumber}`,
      paymentReference: `T-${device.index + 1}-${saleNumber}`,
      amountCents,
      tickets: 2,
      shows: [{ productId: 1, event: 'Bench Symphony', showsAt: '2026-11-26T20:00:00+08:00', tickets: 2, amountCents }],
      payments: [{ seq: 1, tender: 'card', amountCents, reference: `T-${device.index + 1}-${saleNumber}`, tenderedCents: null, changeCents: null }],
      cashier: null,
      shiftId: null,
      patron: null,
      patronDays: 0,
    },
  }
}
