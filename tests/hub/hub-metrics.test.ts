import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHub, type Hub } from '../../hub/server/hub-server'
import { HubHealth } from '../../hub/server/ops/health'
import { opsOptionsFromEnv } from '../../hub/server/ops/ops-settings'
import { HUB_BACKENDS, openMigratedDatabase } from '../support/hub-backends'
import { enrolAt, postJson, type EnrolledDevice } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { readyHeartbeat, salePayload } from '../support/hub-heartbeats'
import { managerBrowser } from '../support/hub-manager'
import { scrape } from '../support/hub-scrape'

async function health(hub: Hub): Promise<{ status: number; body: HubHealth }> {
  const answer = await fetch(new URL('/healthz', hub.metricsUrl!))
  return { status: answer.status, body: HubHealth.parse(await answer.json()) }
}

const sale = (n: number) => ({ deviceRecordId: `s-${n}`, kind: 'sale', occurredAt: `2026-11-26T19:0${n}:00Z`, payload: salePayload(n) })

describe.each(HUB_BACKENDS)("the hub's /metrics and /healthz on %s", (backend) => {
  const clock = Date.parse('2026-11-26T18:00:00Z')
  let lastBackup: Date | null = null
  const hub = hubForFile(backend, () => clock, { metrics: { port: 0 }, lastBackupAt: async () => lastBackup })
  const metrics = () => scrape(hub().metricsUrl!)

  async function enrol(name: string): Promise<EnrolledDevice> {
    const { code } = await hub().createDeviceEnrolmentCode({ name })
    return (await enrolAt(hub().url, code)).device!
  }

  it('answers /healthz 200 with process, database and migrations well, on loopback over plain HTTP', async () => {
    expect(new URL(hub().metricsUrl!).protocol).toBe('http:')
    expect(new URL(hub().metricsUrl!).hostname).toBe('127.0.0.1')
    expect(await health(hub())).toEqual({ status: 200, body: { process: 'ok', database: 'ok', migrations: 'current' } })
  })

  it('counts each heartbeat, and shows the records a device says are waiting as its own gauge', async () => {
    const kiosk = await enrol('Lobby kiosk 1')
    const before = await metrics()
    for (let i = 0; i < 3; i++) expect((await kiosk.post('/device/heartbeat', { ...readyHeartbeat, uploadsWaiting: 7 + i })).status).toBe(200)
    expect((await kiosk.post('/device/heartbeat', { ...readyHeartbeat, screen: 'dancing' })).status).toBe(400)
    const after = await metrics()
    expect(after.value('foyer_hub_heartbeats_total', { answer: 'ok' })).toBe(before.value('foyer_hub_heartbeats_total', { answer: 'ok' })! + 3)
    expect(after.value('foyer_hub_heartbeats_total', { answer: 'unreadable-request' })).toBe(before.value('foyer_hub_heartbeats_total', { answer: 'unreadable-request' })! + 1)
    expect(before.value('foyer_hub_device_uploads_waiting', { device: kiosk.deviceId })).toBeUndefined()
    expect(after.value('foyer_hub_device_uploads_waiting', { device: kiosk.deviceId })).toBe(9)
    expect(after.histogramCount('foyer_hub_db_query_seconds')).toBeGreaterThan(before.histogramCount('foyer_hub_db_query_seconds')!)
  })

  it('counts uploads and the records stored, and each refusal under its reason', async () => {
    const counter = await enrol('Counter 1')
    const before = await metrics()
    const refusals = (reason: string) => before.value('foyer_hub_upload_refusals_total', { reason })!
    expect((await counter.post('/device/records', { records: [sale(1), sale(2)] })).status).toBe(200)
    const changed = { ...sale(1), payload: { ...salePayload(1), cashier: 'Somebody else' } }
    expect((await counter.post('/device/records', { records: [changed] })).body).toMatchObject({ results: [{ outcome: 'conflict' }] })
    expect((await counter.post('/device/records', { records: [{ deviceRecordId: 's-9', kind: 'sale' }] })).status).toBe(400)
    expect((await postJson(hub().url, '/device/records', { records: [sale(3)] }, { pinned: counter.pinned })).status).toBe(401)
    const after = await metrics()
    expect(after.value('foyer_hub_uploads_total')).toBe(before.value('foyer_hub_uploads_total')! + 2)
    expect(after.value('foyer_hub_upload_records_total')).toBe(before.value('foyer_hub_upload_records_total')! + 2)
    expect(after.value('foyer_hub_upload_refusals_total', { reason: 'conflict' })).toBe(refusals('conflict') + 1)
    expect(after.value('foyer_hub_upload_refusals_total', { reason: 'unreadable-request' })).toBe(refusals('unreadable-request') + 1)
    expect(after.value('foyer_hub_upload_refusals_total', { reason: 'unknown-device' })).toBe(refusals('unknown-device') + 1)
  })

  it('reports devices by state: a revoked device moves from online to revoked, and loses its waiting gauge', async () => {
    const kiosk = await enrol('Lobby kiosk 2')
    await kiosk.post('/device/heartbeat', { ...readyHeartbeat, uploadsWaiting: 4 })
    const before = await metrics()
    const inState = (scraped: typeof before, state: string) => scraped.value('foyer_hub_devices', { state })
    for (const state of ['online', 'needs-attention', 'offline', 'revoked']) expect(inState(before, state)).toEqual(expect.any(Number))
    expect(before.value('foyer_hub_device_uploads_waiting', { device: kiosk.deviceId })).toBe(4)
    expect(await hub().revokeDevice(kiosk.deviceId)).toBe(true)
    const after = await metrics()
    expect(inState(after, 'revoked')).toBe(inState(before, 'revoked')! + 1)
    expect(inState(after, 'online')).toBe(inState(before, 'online')! - 1)
    expect(after.value('foyer_hub_device_uploads_waiting', { device: kiosk.deviceId })).toBeUndefined()
    expect(after.value('foyer_hub_heartbeats_total', { answer: 'revoked' })).toBe(before.value('foyer_hub_heartbeats_total', { answer: 'revoked' }))
    await kiosk.post('/device/heartbeat', readyHeartbeat)
    expect((await metrics()).value('foyer_hub_heartbeats_total', { answer: 'revoked' })).toBe(before.value('foyer_hub_heartbeats_total', { answer: 'revoked' })! + 1)
  })

  it("counts the dashboards' event streams open: 1 while one is, 0 once it is closed", async () => {
    const manager = await managerBrowser(hub().url)
    const made = await manager.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })
    expect(made.status).toBe(200)
    expect((await metrics()).value('foyer_hub_event_streams')).toBe(0)
    const stream = await manager.events()
    expect((await metrics()).value('foyer_hub_event_streams')).toBe(1)
    stream.close()
    // The hub hears the browser's going when its socket closes: asked again until it has.
    await expect.poll(async () => (await metrics()).value('foyer_hub_event_streams')).toBe(0)
  })

  it("reports the last backup's age from the hub's clock, and nothing while there has been none", async () => {
    expect((await metrics()).families.find((f) => f.name === 'foyer_hub_last_backup_age_seconds')?.metrics ?? []).toEqual([])
    lastBackup = new Date(clock - 90 * 60_000)
    expect((await metrics()).value('foyer_hub_last_backup_age_seconds')).toBe(5400)
  })

  it("serves the process's memory and event-loop delay (prom-client's default figures)", async () => {
    const scraped = await metrics()
    expect(scraped.value('process_resident_memory_bytes')).toBeGreaterThan(0)
    expect(scraped.value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
    expect(scraped.value('nodejs_eventloop_lag_p99_seconds')).toEqual(expect.any(Number))
  })

  it('serves neither on the devices\' HTTPS listener', async () => {
    const kiosk = await enrol('Lobby kiosk 3')
    expect((await postJson(hub().url, '/metrics', {}, { pinned: kiosk.pinned })).status).toBe(404)
  })
})

describe.each(HUB_BACKENDS)("a hub's /healthz when its database is unwell, on %s", (backend) => {
  let dataDir: string
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'foyer-hub-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('answers 503 naming migrations behind, then the database not answering once it is closed', async () => {
    const db = await openMigratedDatabase(backend)
    const hub = await startHub({ dataDir, db, metrics: { port: 0 } })
    try {
      await db.query('DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)')
      expect(await health(hub)).toEqual({ status: 503, body: { process: 'ok', database: 'ok', migrations: 'behind' } })
      await db.close()
      expect(await health(hub)).toEqual({ status: 503, body: { process: 'ok', database: 'not-answering', migrations: 'unknown' } })
      // The figures read from the database are left out; the rest are still served.
      const scraped = await scrape(hub.metricsUrl!)
      expect(scraped.families.find((f) => f.name === 'foyer_hub_devices')?.metrics).toEqual([])
      expect(scraped.value('foyer_hub_event_streams')).toBe(0)
    } finally {
      await hub.close().catch(() => undefined)
    }
  })
})

describe('where the metrics listener may listen', () => {
  let dataDir: string
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'foyer-hub-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('refuses an address beyond loopback unless the venue sets onNetwork, before it opens anything', async () => {
    await expect(startHub({ dataDir, metrics: { host: '0.0.0.0', port: 0 } })).rejects.toThrow(/FOYER_HUB_METRICS_ON_NETWORK=yes/)
    await expect(startHub({ dataDir, metrics: { host: '192.168.1.20', port: 0 } })).rejects.toThrow(/beyond this machine/)
    expect(readdirSync(dataDir)).toEqual([])
    const db = await openMigratedDatabase('pglite')
    const hub = await startHub({ dataDir, db, metrics: { host: '0.0.0.0', port: 0, onNetwork: true } })
    try {
      expect((await health(hub)).status).toBe(200)
    } finally {
      await hub.close()
      await db.close()
    }
  })

  it('is absent when switched off, and without the option', async () => {
    const db = await openMigratedDatabase('pglite')
    for (const metrics of [false, undefined] as const) {
      const hub = await startHub({ dataDir, db, ...(metrics === undefined ? {} : { metrics }) })
      expect(hub.metricsUrl).toBeNull()
      await hub.close()
    }
    await db.close()
  })

  it('reads FOYER_HUB_METRICS* for the CLI: on at 127.0.0.1:9464 by default, off, another address, and refuses a bad port', () => {
    expect(opsOptionsFromEnv({})).toEqual({ host: '127.0.0.1', port: 9464, onNetwork: false })
    expect(opsOptionsFromEnv({ FOYER_HUB_METRICS: 'off' })).toBe(false)
    expect(opsOptionsFromEnv({ FOYER_HUB_METRICS_HOST: '', FOYER_HUB_METRICS_PORT: '' })).toEqual({ host: '127.0.0.1', port: 9464, onNetwork: false })
    expect(opsOptionsFromEnv({ FOYER_HUB_METRICS_HOST: '10.0.0.5', FOYER_HUB_METRICS_PORT: '9100', FOYER_HUB_METRICS_ON_NETWORK: 'yes' })).toEqual({
      host: '10.0.0.5',
      port: 9100,
      onNetwork: true,
    })
    expect(() => opsOptionsFromEnv({ FOYER_HUB_METRICS_PORT: 'ninety' })).toThrow(/FOYER_HUB_METRICS_PORT/)
  })
})
