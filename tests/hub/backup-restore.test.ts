import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { END_OF_DAY_PATHS, EndOfDayAnswer, HeartbeatAnswer, TodayAnswer, UploadAnswer } from '../../hub/protocol'
import { restoreHub } from '../../hub/backup/restore-backup'
import { backupHub } from '../../hub/backup/take-backup'
import { hubDate } from '../../hub/server/day/end-of-day-views'
import { startHub, type Hub } from '../../hub/server/hub-server'
import { openLocalDb, type LocalDb } from '../../electron/database/local-db'
import { hubRecordPayloads } from '../../electron/hub-link/journal-records'
import { LinkStore } from '../../electron/hub-link/link-store'
import { Outbox } from '../../electron/hub-link/outbox'
import { SalesJournal } from '../../electron/journal/sales-journal'
import { freePort } from '../support/free-port'
import { HUB_BACKENDS } from '../support/hub-backends'
import { addedAndEnrolled, type EnrolledDevice } from '../support/hub-device'
import { readyHeartbeat } from '../support/hub-heartbeats'
import { managerBrowser, signIn, type ManagerBrowser } from '../support/hub-manager'
import { createDatabase } from '../support/postgres-cluster'

/**
 * The issue's test (#36 §2): three devices upload from their journals; a backup is taken mid-stream;
 * more uploads; the hub's folder (or its PostgreSQL database) is lost; restore; the hub starts again;
 * the devices' next heartbeats and uploads fill the gap, each record stored once; Today and End of day
 * equal the three journals to the cent. The devices are the real journal and outbox (electron/), each
 * heartbeat's answer followed as the hub link follows it.
 */
const CLOCK = Date.parse('2026-11-26T10:00:00Z')
const request = {
  patron: { email: 'walkup@example.com', firstName: 'Mei' },
  items: [{ productId: 7, sectionId: 3, priceCategoryId: 2, mode: 'BA' as const, quantity: 2, lines: [{ priceClassCode: 'A', quantity: 2 }] }],
  deliveryMethodCode: 'PRINT_ON_SITE',
  paymentMethodCode: 'CASH',
  totalAmount: 0,
}

/** A device: its journal (sales of odd amounts, to the cent), its outbox, its enrolment at the hub. */
class Device {
  readonly db: LocalDb = openLocalDb(null)
  readonly outbox = new Outbox(this.db, () => 30)
  readonly #journal: SalesJournal
  #clock = CLOCK - 3_600_000
  #sales = 0
  soldCents = 0
  constructor(
    readonly n: number,
    readonly link: EnrolledDevice,
    url: string,
  ) {
    this.#journal = new SalesJournal(this.db, 'production/citytheatre', () => (this.#clock += 1000), null, hubRecordPayloads(this.db, () => 30))
    new LinkStore(this.db).save({ url, fingerprint: link.pinned.fingerprint, certificatePem: link.pinned.pem, deviceId: link.deviceId, name: `Device ${n}`, place: '', enrolledAt: CLOCK })
  }

  sell(count: number): void {
    for (let i = 0; i < count; i++) {
      const n = ++this.#sales
      const saleId = `00000000-0000-4000-8${this.n}00-${String(n).padStart(12, '0')}`
      const cents = 1000 + this.n * 101 + n * 37
      this.soldCents += cents
      this.#journal.begin({ saleId, tender: 'cash', request: { ...request, totalAmount: cents / 100 }, soldBy: { staffId: 's1', name: 'Aisha Rahman' } })
      this.#journal.record(saleId, 'order-submitted', 'submitted', { reference: `FY${this.n}-${n}` })
      const { seq } = this.#journal.startPayment(saleId, 'payment-started', { tender: 'cash', amountCents: cents, tenderedCents: cents })
      this.#journal.settlePayment(saleId, 'payment-approved', seq, 'approved', { reference: `CASH-${this.n}-${n}`, changeCents: 0 })
      this.#journal.record(saleId, 'confirmed', 'confirmed')
    }
  }

  /** A heartbeat whose answer is followed as the hub link follows it, then uploads until nothing waits. */
  async beatAndUpload(): Promise<void> {
    const answer = HeartbeatAnswer.parse((await this.link.post('/device/heartbeat', { ...readyHeartbeat, uploadsWaiting: this.outbox.waiting() })).body)
    if (answer.status === 'ok' && answer.restored) this.outbox.followRestore(answer.restored)
    for (let batch = this.outbox.nextBatch(); batch.length > 0; batch = this.outbox.nextBatch()) {
      const { results } = UploadAnswer.parse((await this.link.post('/device/records', { records: batch })).body)
      expect(results.every((r) => r.outcome === 'stored')).toBe(true)
      this.outbox.answered(results, Date.now())
    }
  }
}

describe.each(HUB_BACKENDS)('a hub on %s lost and restored from its backup', (backend) => {
  const folder = mkdtempSync(join(tmpdir(), `foyer-restore-${backend}-`))
  const hubDir = join(folder, 'hub')
  const file = join(folder, 'nightly.foyer-backup')
  let hub: Hub
  afterAll(async () => {
    await hub?.close()
    rmSync(folder, { recursive: true, force: true })
  })

  it('takes the gap back from the devices’ outboxes: Today and End of day equal the three journals to the cent, each record once', async () => {
    const databaseUrl = backend === 'postgres' ? await createDatabase(inject('hubPostgresAdminUrl')) : undefined
    // The same address after the restore, as the venue's machine would have: the devices know no other.
    const port = await freePort()
    hub = await startHub({ dataDir: hubDir, databaseUrl, port, now: () => CLOCK, sweepIntervalMs: 3_600_000 })
    let manager: ManagerBrowser = await managerBrowser(hub.url)
    await manager.send('POST', '/api/managers/first', { code: hub.firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })
    const devices: Device[] = []
    for (const n of [1, 2, 3]) devices.push(new Device(n, await addedAndEnrolled(manager, hub.url, { name: `Device ${n}` }), hub.url))

    for (const device of devices) device.sell(4)
    await Promise.all(devices.map((d) => d.beatAndUpload()))
    // Mid-stream: devices sell and upload while the running hub backs itself up.
    for (const device of devices) device.sell(3)
    const [backup] = await Promise.all([backupHub({ db: hub.db, databaseUrl, dataDir: hubDir, to: file }), ...devices.map((d) => d.beatAndUpload())])
    expect(backup.database).toBe(backend)
    for (const device of devices) device.sell(5)
    await Promise.all(devices.map((d) => d.beatAndUpload()))
    expect(devices.map((d) => d.outbox.waiting())).toEqual([0, 0, 0])

    // The disk dies: the hub's folder (and its PostgreSQL database) gone.
    await hub.close()
    rmSync(hubDir, { recursive: true, force: true })
    const restoredUrl = backend === 'postgres' ? await createDatabase(inject('hubPostgresAdminUrl')) : undefined
    await restoreHub(file, { dataDir: hubDir, databaseUrl: restoredUrl })
    hub = await startHub({ dataDir: hubDir, databaseUrl: restoredUrl, port, now: () => CLOCK, sweepIntervalMs: 3_600_000 })
    manager = await managerBrowser(hub.url)
    await signIn(manager, 'Mei Tan', 'correct horse battery')

    // The same certificate and tokens: the devices carry on without enrolling again, and fill the gap.
    for (const device of devices) device.sell(2)
    await Promise.all(devices.map((d) => d.beatAndUpload()))
    // A second heartbeat sends nothing again: each restore is followed once.
    await Promise.all(devices.map((d) => d.beatAndUpload()))

    const journals = devices.reduce((sum, d) => sum + d.soldCents, 0)
    const today = TodayAnswer.parse((await manager.send('GET', '/api/today')).body)
    expect(today.totals).toMatchObject({ sales: 3 * 14, amountCents: journals })
    expect(today.byDevice.map((d) => [d.deviceName, d.sales, d.amountCents]).sort()).toEqual(devices.map((d) => [`Device ${d.n}`, 14, d.soldCents]))
    const day = EndOfDayAnswer.parse((await manager.send('GET', END_OF_DAY_PATHS.day(hubDate(CLOCK)))).body)
    expect(day.figures.totals).toMatchObject({ sales: 3 * 14, amountCents: journals })
    const stored = (await hub.db.query('SELECT count(*)::int AS n, count(DISTINCT (device_id, device_record_id))::int AS once FROM device_records')).rows
    expect(stored).toEqual([{ n: 3 * 14, once: 3 * 14 }])
  }, 240_000)
})
