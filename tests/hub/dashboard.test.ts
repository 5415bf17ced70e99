import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AddDeviceAnswer, Alert, AlertsAnswer, DashboardDevice, DevicesAnswer, HeartbeatAnswer, type DeviceAlert } from '../../hub/protocol'
import { HUB_BACKENDS } from '../support/hub-backends'
import { enrolAt, type EnrolledDevice } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { readyHeartbeat, salePayload } from '../support/hub-heartbeats'
import { managerBrowser, type ManagerBrowser } from '../support/hub-manager'

/** A venue's alert webhook: keeps every alert POSTed to it. */
function alertReceiver(): { url: () => string; received: Alert[] } {
  const received: Alert[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push(Alert.parse(JSON.parse(Buffer.concat(chunks).toString('utf8'))))
      response.writeHead(204).end()
    })
  })
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)))
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/alerts`, received }
}

const terminalDown = { ...readyHeartbeat, terminal: { state: 'not-answering' as const, since: '2026-11-26T17:59:00.000Z' } }

describe.each(HUB_BACKENDS)("the hub's dashboard API on %s", (backend) => {
  let clock = Date.parse('2026-11-26T10:00:00Z')
  // The venue's webhook, listening before the hub starts (hooks run in the order they are declared).
  const webhook = alertReceiver()
  // Sweeps often, so a device gone quiet is noticed soon after the clock is moved past its third heartbeat.
  const hub = hubForFile(backend, () => clock, {
    sweepIntervalMs: 200,
    get alertWebhook() {
      return webhook.url()
    },
  })
  let manager: ManagerBrowser
  beforeAll(async () => {
    manager = await managerBrowser(hub().url)
    const made = await manager.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })
    expect(made.status).toBe(200)
  })

  async function addAndEnrol(name: string): Promise<EnrolledDevice> {
    const answer = AddDeviceAnswer.parse((await manager.send('POST', '/api/devices', { name, place: 'Lobby' })).body)
    const { device } = await enrolAt(hub().url, answer.code)
    return device!
  }
  const devices = async () => DevicesAnswer.parse((await manager.send('GET', '/api/devices')).body).devices
  const tile = async (device: EnrolledDevice) => (await devices()).find((d) => d.id === device.deviceId)!
  const alertsOf = async (device: EnrolledDevice) =>
    AlertsAnswer.parse((await manager.send('GET', '/api/alerts')).body).alerts.filter((a): a is DeviceAlert => a.subject === 'device' && a.deviceId === device.deviceId)

  it('adds a device with a one-time code and a QR address of the hub, its code and its certificate', async () => {
    const answer = AddDeviceAnswer.parse((await manager.send('POST', '/api/devices', { name: 'Counter 1' })).body)
    expect(answer).toMatchObject({ hubUrl: hub().url, fingerprint: hub().fingerprint })
    const uri = new URL(answer.enrolmentUri)
    expect(uri.protocol).toBe('foyer-hub:')
    expect(Object.fromEntries(uri.searchParams)).toEqual({ url: hub().url, code: answer.code, fingerprint: hub().fingerprint })
    expect((await enrolAt(hub().url, answer.code)).result).toMatchObject({ ok: true, name: 'Counter 1', place: '' })
  })

  it("shows each device's health, what its heartbeat said, and its sales of the hub's today", async () => {
    const kiosk = await addAndEnrol('Lobby kiosk 1')
    expect(await tile(kiosk)).toMatchObject({ state: 'offline', lastHeartbeatAt: null, appVersion: null, salesToday: 0, uploadsWaiting: null })
    await kiosk.post('/device/heartbeat', { ...terminalDown, uploadsWaiting: 3, backend: 'training' })
    const sale = (id: string, occurredAt: string) => ({ deviceRecordId: id, kind: 'sale', occurredAt, payload: { ...salePayload(1), saleId: id } })
    const today = new Date(clock).toISOString()
    await kiosk.post('/device/records', {
      records: [sale('s-1', today), sale('s-2', today), sale('s-0', new Date(clock - 2 * 86_400_000).toISOString())],
    })
    const refund = { backend: 'production/citytheatre', training: false, saleId: 's-1', bookingReference: null, seq: 1, refersTo: 1, tender: 'card', amountCents: 1250, askedBy: null, approvedBy: null }
    await kiosk.post('/device/records', { records: [{ deviceRecordId: 'r-1', kind: 'refund', occurredAt: today, payload: refund }] })
    expect(DashboardDevice.parse(await tile(kiosk))).toMatchObject({
      name: 'Lobby kiosk 1',
      place: 'Lobby',
      state: 'needs-attention',
      reasons: [{ what: 'terminal', state: 'not-answering', since: '2026-11-26T17:59:00.000Z' }],
      stateSince: today,
      lastHeartbeatAt: today,
      appVersion: '0.1.0',
      mode: 'self-service',
      backend: 'training',
      lastSaleAt: today,
      salesToday: 2,
      uploadsWaiting: 3,
      drawer: null,
    })
  })

  it('raises an alert at each change of state, offline too (noticed by the sweep), POSTs each to the webhook, acknowledged by the manager signed in', async () => {
    const kiosk = await addAndEnrol('Lobby kiosk 2')
    await kiosk.post('/device/heartbeat', readyHeartbeat)
    await kiosk.post('/device/heartbeat', readyHeartbeat)
    await kiosk.post('/device/heartbeat', terminalDown)
    const raisedAt = new Date(clock).toISOString()
    clock += 46_000
    await expect.poll(async () => (await alertsOf(kiosk)).length, { timeout: 15_000 }).toBe(3)
    const [offline, attention, online] = await alertsOf(kiosk)
    expect([online, attention, offline].map((a) => [a!.from, a!.to])).toEqual([
      ['offline', 'online'],
      ['online', 'needs-attention'],
      ['needs-attention', 'offline'],
    ])
    expect(attention).toMatchObject({ deviceName: 'Lobby kiosk 2', raisedAt, reasons: [{ what: 'terminal', state: 'not-answering' }], acknowledged: null })
    expect(offline!.raisedAt).toBe(new Date(clock).toISOString())
    expect(await tile(kiosk)).toMatchObject({ state: 'offline', stateSince: new Date(clock).toISOString() })
    await expect.poll(() => webhook.received.filter((a) => a.subject === 'device' && a.deviceId === kiosk.deviceId).length, { timeout: 15_000 }).toBe(3)
    expect(webhook.received.filter((a) => a.subject === 'device' && a.deviceId === kiosk.deviceId).reverse()).toEqual([offline, attention, online])

    const acknowledged = await manager.send('POST', `/api/alerts/${offline!.id}/acknowledge`)
    expect(Alert.parse(acknowledged.body).acknowledged).toEqual({ by: 'Mei Tan', at: new Date(clock).toISOString() })
    expect((await alertsOf(kiosk))[0]!.acknowledged).toEqual({ by: 'Mei Tan', at: new Date(clock).toISOString() })
    expect((await manager.send('POST', '/api/alerts/999999999/acknowledge')).body).toEqual({ refused: 'not-found' })
    expect((await manager.send('POST', '/api/alerts/not-an-id/acknowledge')).status).toBe(404)
  })

  it('revokes a device: an alert, the tile says so, and its next heartbeat is answered "revoked"', async () => {
    const kiosk = await addAndEnrol('Lobby kiosk 3')
    await kiosk.post('/device/heartbeat', readyHeartbeat)
    const revoked = await manager.send('POST', `/api/devices/${kiosk.deviceId}/revoke`)
    expect(DashboardDevice.parse(revoked.body)).toMatchObject({ state: 'revoked' })
    expect((await alertsOf(kiosk))[0]).toMatchObject({ from: 'online', to: 'revoked' })
    expect(HeartbeatAnswer.parse((await kiosk.post('/device/heartbeat', readyHeartbeat)).body)).toEqual({ status: 'revoked' })
    expect((await manager.send('POST', '/api/devices/6f9a3c1e-0000-4000-8000-000000000009/revoke')).body).toEqual({ refused: 'not-found' })
  })

  it("pushes a device's tile on the event stream after its heartbeat, and the alert it raised, until the browser goes", async () => {
    const kiosk = await addAndEnrol('Lobby kiosk 4')
    const stream = await manager.events()
    try {
      await kiosk.post('/device/heartbeat', readyHeartbeat)
      const event = await stream.next((e) => e.type === 'device' && e.device.id === kiosk.deviceId)
      expect(event).toMatchObject({ type: 'device', device: { state: 'online', lastHeartbeatAt: new Date(clock).toISOString() } })
      expect(await stream.next((e) => e.type === 'alert' && e.alert.subject === 'device' && e.alert.deviceId === kiosk.deviceId)).toMatchObject({ alert: { from: 'offline', to: 'online' } })
    } finally {
      stream.close()
    }
    await expect.poll(() => hub().live.streamsOpen, { timeout: 15_000 }).toBe(0)
  })

  it('keeps all of it from a browser that is not signed in', async () => {
    const stranger = await managerBrowser(hub().url)
    for (const [method, path] of [['GET', '/api/devices'], ['POST', '/api/devices'], ['GET', '/api/alerts'], ['POST', '/api/alerts/1/acknowledge']]) {
      expect({ path, body: (await stranger.send(method!, path!, method === 'POST' ? { name: 'x' } : undefined)).body }).toEqual({ path, body: { refused: 'signed-out' } })
    }
    await expect(stranger.events()).rejects.toThrow(/401/)
  })
})

