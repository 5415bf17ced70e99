import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { call, type Dispatcher } from '../../../electron/ipc-core/dispatcher'
import type { Runtime } from '../../../electron/services/runtime'
import { readHubDeviceToken } from '../../../electron/vault/hub-device-token'
import { KeytarVault } from '../../../electron/vault/keytar-vault'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest } from '../../support/checkout-fixtures'
import { hubBehindProxyForFile } from '../../support/hub-behind-proxy'
import { enrolAt } from '../../support/hub-device'
import { salePayload } from '../../support/hub-heartbeats'
import { keychainUnavailableReason, onCi } from '../../support/keychain'
import { firstPin } from '../../support/staff-runtime'
import { staffedRuntime } from '../../support/staffed-runtime'

/**
 * A counter Foyer connected to a real Foyer Hub (in-process, on PGlite, behind a relay that can cut it
 * off), selling on the real sandbox, its device token in the real keychain (scripts/with-keyring.sh).
 * One device and one hub for the file: each test goes on from where the one before left it.
 */
const vault = new KeytarVault()
const reason = await keychainUnavailableReason(vault)
if (reason && onCi()) throw new Error(`keychain required under CI: ${reason}`)

const SUPERVISOR_PIN = '482615'
const CASHIER_PIN = '739104'
const WAIT = { timeout: 60_000, interval: 100 }

describe.skipIf(reason !== null)('a Foyer connected to the box office hub', () => {
  const hub = hubBehindProxyForFile()
  const dir = mkdtempSync(join(tmpdir(), 'foyer-hub-link-'))
  let rig: ApiRig
  let runtime: Runtime
  let deviceId = ''
  const start = async () => {
    runtime = await staffedRuntime(rig, { mode: 'counter', dir, vault, hub: { vault, tuning: { intervalMs: 200, backoff: { baseMs: 50, maxMs: 400 } } } })
  }
  const dispatcher = (): Dispatcher => runtime.services.dispatcher
  const signIn = async () => {
    expect(await call(dispatcher(), 'counter.signIn', { name: 'Aisha Rahman', pin: CASHIER_PIN })).toMatchObject({ ok: true, value: { ok: true } })
  }
  /** The device's own foyer.db, read beside the running Foyer. */
  const deviceDb = <T>(sql: string): T[] => {
    const db = new Database(join(dir, 'foyer.db'), { readonly: true })
    try {
      return db.prepare(sql).all() as T[]
    } finally {
      db.close()
    }
  }
  const hubRecords = async () =>
    (await hub().db.query('SELECT device_record_id AS id, hub_record_id::text AS hub FROM device_records WHERE device_id = $1 ORDER BY hub_record_id', [deviceId])).rows as { id: string; hub: string }[]

  beforeAll(async () => {
    rig = await apiRig()
    await start()
    expect(await call(dispatcher(), 'staff.setPin', { ...firstPin(SUPERVISOR_PIN), name: 'Mei Ling' })).toMatchObject({ ok: true })
    expect(await call(dispatcher(), 'staff.addAccount', { pin: SUPERVISOR_PIN, name: 'Aisha Rahman', role: 'cashier', newPin: CASHIER_PIN })).toMatchObject({ ok: true })
    await signIn()
    expect(await call(dispatcher(), 'shift.open', { floatCents: 10_000 })).toMatchObject({ ok: true })
  }, 120_000)
  afterAll(async () => {
    await runtime?.close()
    await rig?.close()
  })

  /** A cash sale at the counter, confirmed by the vendor. */
  async function sellForCash(): Promise<string> {
    const order = { ...(await heldOrderRequest(dispatcher(), rig.direct)), paymentMethodCode: 'CASH' }
    const invoice = await call(dispatcher(), 'checkout.submit', { order })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const paid = await call(dispatcher(), 'checkout.pay', { saleId: invoice.value.saleId, tender: 'cash', tenderedCents: invoice.value.amountCents })
    expect(paid).toMatchObject({ ok: true, value: { state: 'confirmed' } })
    return invoice.value.saleId
  }

  it('connects only over the certificate whose fingerprint staff give, its token in the keychain alone', async () => {
    const { code } = await hub().hub.createDeviceEnrolmentCode({ name: 'Counter 1', place: 'Box office' })
    const elsewhere = await call(dispatcher(), 'hub.connect', { pin: SUPERVISOR_PIN, address: hub().url, code, fingerprint: 'ab'.repeat(32) })
    expect(elsewhere).toMatchObject({ ok: false, error: { code: 'hub.wrong-certificate', messageKey: 'hub.errors.wrongCertificate' } })
    expect(await call(dispatcher(), 'hub.connect', { pin: CASHIER_PIN, address: hub().url, code, fingerprint: hub().hub.fingerprint })).toMatchObject({ ok: false })

    // The dashboard's QR, pasted whole; the code was not used up by the refusals.
    const qr = `foyer-hub:?url=${encodeURIComponent(hub().url)}&code=${code}&fingerprint=${hub().hub.fingerprint}`
    const connected = await call(dispatcher(), 'hub.connect', { pin: SUPERVISOR_PIN, address: qr })
    expect(connected).toMatchObject({ ok: true, value: { connected: true, name: 'Counter 1', place: 'Box office', outOfService: false, url: hub().url } })
    deviceId = (await hub().hub.devices()).find((d) => d.name === 'Counter 1')!.id
    const token = await readHubDeviceToken(vault, { deviceId, url: hub().url, fingerprint: hub().hub.fingerprint })
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Bound to that hub: never handed to another address.
    expect(await readHubDeviceToken(vault, { deviceId, url: 'https://127.0.0.1:1', fingerprint: hub().hub.fingerprint })).toBeNull()
    // Never in an answer, nor in any file of the data folder (settings, staff, the journal and its WAL).
    expect(JSON.stringify(connected)).not.toContain(token)
    for (const file of readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile())) {
      expect(readFileSync(join(file.parentPath, file.name)).includes(token!), file.name).toBe(false)
    }
  }, 60_000)

  it('heartbeats carry the device as it is: mode, training backend, screen, seats held, terminal, printer, disk, patron window', async () => {
    expect(await call(dispatcher(), 'system.screen', { screen: 'seats' })).toMatchObject({ ok: true })
    await heldOrderRequest(dispatcher(), rig.direct)
    await vi.waitFor(async () => {
      const { rows } = await hub().db.query('SELECT last_heartbeat AS beat FROM devices WHERE id = $1', [deviceId])
      expect((rows[0] as { beat: unknown }).beat).toMatchObject({
        appVersion: 't',
        mode: 'counter',
        backend: 'training',
        screen: 'selling',
        seatsHeld: 2,
        terminal: { state: 'ready' },
        printer: { state: 'ready' },
        uploadsWaiting: 0,
        lastSaleAt: null,
        patronDays: 30,
      })
      expect((rows[0] as { beat: { freeDiskBytes: number } }).beat.freeDiskBytes).toBeGreaterThan(0)
    }, WAIT)
    expect((await hub().hub.devices()).find((d) => d.id === deviceId)).toMatchObject({ state: 'online' })
    expect(await call(dispatcher(), 'holds.releaseAll', {})).toMatchObject({ ok: true })
  }, 60_000)

  it('uploads every sale and refund exactly once: made while the hub is down, the device restarted, the hub killed mid-batch and the batch sent again', async () => {
    await hub().stop()
    const sold = [await sellForCash(), await sellForCash(), await sellForCash()]
    expect(await call(dispatcher(), 'checkout.refund', { saleId: sold[1]!, approvalPin: SUPERVISOR_PIN })).toMatchObject({ ok: true, value: { state: 'refunded' } })
    const expected = [...sold.map((id) => `sale:${id}`), expect.stringMatching(`^refund:${sold[1]}:\\d+$`)]

    await runtime.close()
    await start()
    const cut = hub().cutAfterNextStore()
    await hub().start()
    await cut
    // The hub has the whole batch, and the device has no answer for it yet.
    expect((await hubRecords()).map((r) => r.id)).toEqual(expected)
    expect(deviceDb<{ n: number }>('SELECT count(*) AS n FROM hub_outbox WHERE answered_at IS NULL')[0]!.n).toBeGreaterThan(0)
    await hub().stop()
    await hub().start()

    await vi.waitFor(() => expect(deviceDb<{ n: number }>('SELECT count(*) AS n FROM hub_outbox WHERE answered_at IS NULL')[0]!.n).toBe(0), WAIT)
    const stored = await hubRecords()
    expect(stored.map((r) => r.id)).toEqual(expected)
    // The answers the device kept are the hub's first ones: one record each, never a second.
    const answers = deviceDb<{ id: string; hub: string }>('SELECT record_id AS id, hub_record_id AS hub FROM hub_outbox ORDER BY seq')
    expect(answers).toEqual(stored)
    const { rows } = await hub().db.query("SELECT payload FROM device_records WHERE device_id = $1 AND kind = 'sale' ORDER BY hub_record_id LIMIT 1", [deviceId])
    expect((rows[0] as { payload: unknown }).payload).toMatchObject({ training: true, cashier: 'Aisha Rahman', payments: [{ tender: 'cash' }], patron: { email: 'mei.tan@example.com' } })
  }, 180_000)

  it("finds another device's sale at the hub by its scanned booking reference or a ticket's barcode, read-only; its own by a ticket's barcode", async () => {
    // Restarted by the test before: nobody is signed in, and a counter nobody signed in to looks nothing up.
    expect(await call(dispatcher(), 'sales.find', { code: 'FY20261126990002' })).toMatchObject({ ok: false, error: { code: 'counter.signed-out' } })
    await signIn()
    // This device's own sale: found in its journal by a ticket's barcode, reprint and refund here.
    const own = deviceDb<{ sale_id: string; order_json: string }>("SELECT sale_id, order_json FROM sales WHERE order_json IS NOT NULL LIMIT 1")[0]!
    const barcodes = (JSON.parse(own.order_json) as { tickets: { barcode: string }[] }).tickets.map((t) => t.barcode)
    const barcode = barcodes[0]!
    expect(await call(dispatcher(), 'sales.find', { code: barcode })).toMatchObject({ ok: true, value: { source: 'here', matched: 'ticket', canReprint: true } })
    // Its upload said its tickets' barcodes: what lets another counter find it by a ticket at the hub.
    const uploaded = await hub().db.query("SELECT payload->'ticketCodes' AS codes FROM device_records WHERE device_id = $1 AND device_record_id = $2", [deviceId, `sale:${own.sale_id}`])
    expect(uploaded.rows).toEqual([{ codes: barcodes }])
    // Another counter of the venue sold one on the same training backend: this device's journal has none.
    const { rows } = await hub().db.query("SELECT payload->>'backend' AS backend FROM device_records WHERE device_id = $1 AND kind = 'sale' LIMIT 1", [deviceId])
    const backend = (rows[0] as { backend: string }).backend
    const { code } = await hub().hub.createDeviceEnrolmentCode({ name: 'Counter 2', place: 'Box office' })
    const other = (await enrolAt(hub().url, code)).device!
    const sale = { ...salePayload(2), backend, training: true, saleId: 'other-sale', bookingReference: 'FY20261126990002', ticketCodes: ['2611269900021', '2611269900022'], cashier: 'Ali' }
    expect((await other.post('/device/records', { records: [{ deviceRecordId: 'sale:other-sale', kind: 'sale', occurredAt: new Date().toISOString(), payload: sale }] })).status).toBe(200)
    const found = await call(dispatcher(), 'sales.find', { code: 'FY20261126990002' })
    expect(found).toMatchObject({ ok: true, value: { source: 'hub', soldAt: 'Counter 2', reference: 'FY20261126990002', soldBy: 'Ali', canReprint: false, canRefund: false } })
    // A ticket of that sale, scanned here: found at the hub by its barcode, read-only as by the reference.
    const byTicket = await call(dispatcher(), 'sales.find', { code: '2611269900022' })
    expect(byTicket).toMatchObject({ ok: true, value: { source: 'hub', soldAt: 'Counter 2', matched: 'ticket', reference: 'FY20261126990002', soldBy: 'Ali', canReprint: false, canRefund: false } })
    expect(await call(dispatcher(), 'sales.find', { code: 'FY20261126990003' })).toEqual({ ok: true, value: null })
    expect(await call(dispatcher(), 'sales.find', { code: '2611269900023' })).toEqual({ ok: true, value: null })
  }, 60_000)

  it('goes out of service within a heartbeat of being revoked, sells nothing, and stays so across a restart', async () => {
    expect(runtime.services.system.info().revokedByHub).toBeUndefined()
    await signIn()
    // Seats chosen before the revoke: the order for them is refused after it.
    const chosen = await heldOrderRequest(dispatcher(), rig.direct)
    expect(await hub().hub.revokeDevice(deviceId)).toBe(true)
    await vi.waitFor(() => expect(runtime.services.system.info()).toMatchObject({ revokedByHub: true }), WAIT)
    const refused = { ok: false, error: { code: 'hub.out-of-service', messageKey: 'hub.errors.outOfService' } }
    expect(await call(dispatcher(), 'checkout.submit', { order: { ...chosen, paymentMethodCode: 'CASH' } })).toMatchObject(refused)
    expect(await call(dispatcher(), 'offers.request', { productId: 1, priceCategoryId: 1, sectionId: 1, mode: 'BA', quantity: 1 })).toMatchObject(refused)

    await runtime.close()
    await start()
    expect(runtime.services.system.info()).toMatchObject({ revokedByHub: true })
    await signIn()
    expect(await call(dispatcher(), 'offers.request', { productId: 1, priceCategoryId: 1, sectionId: 1, mode: 'BA', quantity: 1 })).toMatchObject(refused)

    // Staff disconnect it: back in service, the token gone from the keychain.
    expect(await call(dispatcher(), 'hub.disconnect', { pin: SUPERVISOR_PIN })).toMatchObject({ ok: true, value: { connected: false, outOfService: false } })
    expect(runtime.services.system.info().revokedByHub).toBeUndefined()
    expect(await vault.read({ hubDevice: deviceId })).toBeNull()
  }, 120_000)
})
