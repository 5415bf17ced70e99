import { describe, expect, it } from 'vitest'
import { HeartbeatAnswer, UploadAnswer } from '../../hub/protocol'
import { HUB_BACKENDS } from '../support/hub-backends'
import { enrolAt, postJson, type EnrolledDevice } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { readyHeartbeat, salePayload } from '../support/hub-heartbeats'

describe.each(HUB_BACKENDS)('what enrolled devices report to the hub on %s', (backend) => {
  let clock = Date.parse('2026-11-26T18:00:00Z')
  const hub = hubForFile(backend, () => clock)

  async function enrol(name: string): Promise<EnrolledDevice> {
    const { code } = await hub().createDeviceEnrolmentCode({ name })
    const { device } = await enrolAt(hub().url, code)
    return device!
  }
  const stateOf = async (device: EnrolledDevice) => (await hub().devices()).find((d) => d.id === device.deviceId)!

  it('shows a device online from its heartbeat, needing attention when it cannot sell, offline after three missed', async () => {
    const kiosk = await enrol('Lobby kiosk 1')
    expect((await stateOf(kiosk)).state).toBe('offline')
    const answer = await kiosk.post('/device/heartbeat', readyHeartbeat)
    // staffVersion and profileRevision: a fresh hub's first, for the device to pull its own.
    expect(HeartbeatAnswer.parse(answer.body)).toEqual({ status: 'ok', hubTime: new Date(clock).toISOString(), staffVersion: 1, profileRevision: '1' })
    expect(await stateOf(kiosk)).toMatchObject({ state: 'online', reasons: [] })

    const terminalDown = { ...readyHeartbeat, terminal: { state: 'not-answering', since: '2026-11-26T17:59:00.000Z' } }
    await kiosk.post('/device/heartbeat', { ...terminalDown, printer: { state: 'cannot-print', problems: ['no-paper'] } })
    expect(await stateOf(kiosk)).toMatchObject({
      state: 'needs-attention',
      reasons: [
        { what: 'terminal', state: 'not-answering', since: '2026-11-26T17:59:00.000Z' },
        { what: 'printer', state: 'cannot-print', problems: ['no-paper'] },
      ],
    })
    clock += 45_000
    expect((await stateOf(kiosk)).state).toBe('needs-attention')
    clock += 1_000
    expect((await stateOf(kiosk)).state).toBe('offline')
  })

  it('a counter with no card terminal set up sells cash and is online; a kiosk with none cannot sell and needs attention', async () => {
    const noTerminal = { terminal: { state: 'not-set-up', since: '2026-11-26T17:00:00.000Z' } }
    const counter = await enrol('Box office window 1')
    await counter.post('/device/heartbeat', { ...readyHeartbeat, ...noTerminal, mode: 'counter' })
    expect(await stateOf(counter)).toMatchObject({ state: 'online', reasons: [] })
    const kiosk = await enrol('Lobby kiosk 2')
    await kiosk.post('/device/heartbeat', { ...readyHeartbeat, ...noTerminal, mode: 'self-service' })
    expect(await stateOf(kiosk)).toMatchObject({ state: 'needs-attention', reasons: [{ what: 'terminal', state: 'not-set-up' }] })
  })

  it('answers a revoked device\'s heartbeat "revoked", and a stranger\'s 401', async () => {
    const kiosk = await enrol('Lobby kiosk 2')
    expect(await hub().revokeDevice(kiosk.deviceId)).toBe(true)
    const answer = await kiosk.post('/device/heartbeat', readyHeartbeat)
    expect(HeartbeatAnswer.parse(answer.body)).toEqual({ status: 'revoked' })
    expect((await stateOf(kiosk)).state).toBe('revoked')
    const stranger = await postJson(hub().url, '/device/heartbeat', readyHeartbeat, { pinned: kiosk.pinned, token: 'x'.repeat(43) })
    expect(stranger.status).toBe(401)
  })

  it('keeps each of many heartbeats sent at once (written together), a device beating twice among them, and answers a revoked one among them "revoked"', async () => {
    const kiosks = await Promise.all(Array.from({ length: 12 }, (_, i) => enrol(`Foyer kiosk ${i + 1}`)))
    await hub().revokeDevice(kiosks[0]!.deviceId)
    const screens = ['attract', 'selling', 'printing'] as const
    const beats = kiosks.map((kiosk, i) => kiosk.post('/device/heartbeat', { ...readyHeartbeat, screen: screens[i % 3], seatsHeld: i }))
    const twice = kiosks[1]!.post('/device/heartbeat', { ...readyHeartbeat, seatsHeld: 99 })
    const answers = (await Promise.all([...beats, twice])).map((a) => HeartbeatAnswer.parse(a.body).status)
    expect(answers).toEqual(['revoked', ...Array.from({ length: 12 }, () => 'ok')])
    const tiles = await hub().devices()
    for (const kiosk of kiosks.slice(1)) expect(tiles.find((d) => d.id === kiosk.deviceId)!.state).toBe('online')
    const { rows } = await hub().db.query('SELECT id, last_heartbeat FROM devices WHERE id = ANY($1::uuid[])', [kiosks.map((k) => k.deviceId)])
    const held = new Map(rows.map((r) => [(r as { id: string }).id, (r as { last_heartbeat: { seatsHeld: number } | null }).last_heartbeat?.seatsHeld]))
    expect(kiosks.map((k) => held.get(k.deviceId))).toEqual([undefined, expect.any(Number), ...Array.from({ length: 10 }, (_, i) => i + 2)])
    expect([1, 99]).toContain(held.get(kiosks[1]!.deviceId))
  })

  it('refuses a heartbeat the protocol cannot read', async () => {
    const kiosk = await enrol('Counter 1')
    expect((await kiosk.post('/device/heartbeat', { ...readyHeartbeat, screen: 'dancing' })).status).toBe(400)
  })

  it('stores uploads once: a repeated batch gets the same answers, a reordered one adds only what is new', async () => {
    const counter = await enrol('Counter 2')
    const sale = (n: number) => ({ deviceRecordId: `s-${n}`, kind: 'sale', occurredAt: `2026-11-26T19:0${n}:00Z`, payload: salePayload(n) })
    const first = UploadAnswer.parse((await counter.post('/device/records', { records: [sale(1), sale(2)] })).body)
    clock += 5_000
    const again = UploadAnswer.parse((await counter.post('/device/records', { records: [sale(1), sale(2)] })).body)
    expect(again).toEqual(first)
    const reordered = UploadAnswer.parse((await counter.post('/device/records', { records: [sale(3), sale(2), sale(1)] })).body)
    expect(reordered.results.slice(1)).toEqual([first.results[1], first.results[0]])
    expect(reordered.results[0]).toMatchObject({ deviceRecordId: 's-3', outcome: 'stored', receivedAt: new Date(clock).toISOString() })
    const { rows } = await hub().db.query('SELECT count(*)::int AS n FROM device_records WHERE device_id = $1', [counter.deviceId])
    expect(rows).toEqual([{ n: 3 }])
  })

  it('stores each of many uploads sent at once (written together), a device uploading twice among them and a revoked one too, each answered its own', async () => {
    const counters = await Promise.all(Array.from({ length: 8 }, (_, i) => enrol(`Foyer counter ${i + 1}`)))
    await hub().revokeDevice(counters[0]!.deviceId)
    const sale = (n: number) => ({ deviceRecordId: `s-${n}`, kind: 'sale', occurredAt: `2026-11-26T19:0${n}:00Z`, payload: salePayload(n) })
    const sent = counters.map((counter, i) => counter.post('/device/records', { records: [sale(i + 1)] }))
    const twice = counters[1]!.post('/device/records', { records: [sale(9), sale(2)] })
    const answers = (await Promise.all([...sent, twice])).map((a) => UploadAnswer.parse(a.body).results)
    expect(answers.map((results) => results.map((r) => [r.deviceRecordId, r.outcome]))).toEqual([
      ...counters.map((_, i) => [[`s-${i + 1}`, 'stored']]),
      [['s-9', 'stored'], ['s-2', 'stored']],
    ])
    expect(answers[8]![1]).toEqual(answers[1]![0])
    const { rows } = await hub().db.query('SELECT device_id, count(*)::int AS n FROM device_records WHERE device_id = ANY($1::uuid[]) GROUP BY device_id', [counters.map((c) => c.deviceId)])
    expect(new Map(rows.map((r) => [(r as { device_id: string }).device_id, (r as { n: number }).n]))).toEqual(new Map(counters.map((c, i) => [c.deviceId, i === 1 ? 2 : 1])))
  })

  it('refuses an upload from a stranger or with records the protocol cannot read', async () => {
    const counter = await enrol('Counter 3')
    expect((await counter.post('/device/records', { records: [{ deviceRecordId: 's-1', kind: 'sale' }] })).status).toBe(400)
    const withSecret = { deviceRecordId: 's-2', kind: 'sale', occurredAt: '2026-11-26T19:00:00Z', payload: { ...salePayload(2), terminalPassphrase: 'x' } }
    expect((await counter.post('/device/records', { records: [withSecret] })).status).toBe(400)
    const refundAsSale = { deviceRecordId: 's-3', kind: 'refund', occurredAt: '2026-11-26T19:00:00Z', payload: salePayload(3) }
    expect((await counter.post('/device/records', { records: [refundAsSale] })).status).toBe(400)
    // A NUL in a record's text (PostgreSQL's jsonb refuses the byte: it was a 500): refused, and nothing of the batch stored.
    const withNul = { deviceRecordId: 's-4', kind: 'sale', occurredAt: '2026-11-26T19:00:00Z', payload: { ...salePayload(4), cashier: 'Mei\u0000' } }
    const nul = await counter.post('/device/records', { records: [{ ...withSecret, deviceRecordId: 's-5', payload: salePayload(5) }, withNul] })
    expect({ status: nul.status, body: nul.body }).toEqual({ status: 400, body: { error: 'unreadable-request' } })
    const { rows } = await hub().db.query('SELECT count(*)::int AS n FROM device_records WHERE device_id = $1', [counter.deviceId])
    expect(rows).toEqual([{ n: 0 }])
    const stranger = await postJson(hub().url, '/device/records', { records: [] }, { pinned: counter.pinned })
    expect(stranger.status).toBe(401)
  })
})
