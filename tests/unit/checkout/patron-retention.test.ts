import { TEST_CASHIER } from '../../support/staff-runtime'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderRequestSchema, orderSchema, type OrderRequest } from '../../../electron/contract'
import { keptOrderRequestSchema } from '../../../electron/journal/kept-request'
import { call } from '../../../electron/ipc-core/dispatcher'
import { PatronRetention } from '../../../electron/journal/patron-retention'
import { SalesJournal } from '../../../electron/journal/sales-journal'
import { startRuntime, type Runtime } from '../../../electron/services/runtime'
import { openLocalDb, type LocalDb } from '../../../electron/database/local-db'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest, sandboxConnection } from '../../support/checkout-fixtures'

/**
 * Patron data in the sales journal is kept only for the staff's window: two
 * real card sales against the sandbox, the older one past a one-day window.
 * It loses its e-mail, names, phone and address in foyer.db; the recent one
 * keeps them; both keep what shifts, reprints and recovery read.
 */
const quiet = { warn: () => {}, error: () => {} }
const DAY_MS = 24 * 60 * 60 * 1000
let rig: ApiRig
let runtime: Runtime
let dataDir: string
let db: LocalDb

const patron = (who: string) => ({ email: `${who}@example.com`, firstName: `${who}-first`, lastName: `${who}-last`, phone: '+65 6123 4567' })
const address = { addressLine1: '1 Esplanade Drive', postalCode: '038981', country: 'SG' }

async function cardSale(who: string): Promise<string> {
  const held = await heldOrderRequest(runtime.services.dispatcher, rig.direct)
  const order: OrderRequest = { ...held, patron: patron(who), deliveryAddress: address }
  const invoice = await call(runtime.services.dispatcher, 'checkout.submit', { order })
  if (!invoice.ok) throw new Error(invoice.error.code)
  const paid = await call(runtime.services.dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
  if (!paid.ok || paid.value.state !== 'confirmed') throw new Error('the sale did not complete')
  return invoice.value.saleId
}

beforeAll(async () => {
  rig = await apiRig()
  dataDir = await mkdtemp(join(tmpdir(), 'foyer-patron-retention-'))
  runtime = await startRuntime({ facts: { appVersion: 't', host: 'browser', mode: 'counter' }, dataDir, connection: sandboxConnection(rig), log: quiet })
  // A counter sells only with a cashier signed in (main keeps it); this test is about the journal, not signing in.
  runtime.services.counter.signIn(TEST_CASHIER)
  // The same foyer.db, opened as a second reader/writer (WAL), to look at what the journal keeps.
  db = openLocalDb(dataDir)
}, 60_000)
afterAll(async () => {
  db?.close()
  await runtime?.close()
  await rig?.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('patron data past the window', () => {
  it('is forgotten from the journal; a recent sale keeps it; amounts, references and states stay', async () => {
    const oldSale = await cardSale('old')
    const newSale = await cardSale('new')
    const journal = new SalesJournal(db, `${rig.api.endpoints.kind}/${rig.api.endpoints.tenant}`)
    const before = { old: journal.get(oldSale)!, recent: journal.get(newSale)! }
    expect(before.old.request.patron.email).toBe('old@example.com')
    expect(before.old.createdAt).toBeLessThan(before.recent.createdAt)

    // One day after a moment between the two sales: the older sale is past a one-day window, the recent one is not.
    const between = (before.old.createdAt + before.recent.createdAt) / 2
    const retention = new PatronRetention({ db, days: () => 1, log: quiet, now: () => between + DAY_MS })
    // Each sale's record for the hub, written as it was confirmed, waits here (this device is linked to none) with its patron.
    const recordOf = (saleId: string) => JSON.parse((db.prepare('SELECT payload FROM hub_outbox WHERE record_id = ?').get(`sale:${saleId}`) as { payload: string }).payload)
    expect(recordOf(oldSale).patron).toMatchObject({ email: 'old@example.com' })
    expect(retention.runOnce()).toBe(1)
    // The older sale's record forgets its patron with the journal; the recent one's keeps it.
    expect(recordOf(oldSale).patron).toBeNull()
    expect(recordOf(newSale).patron).toMatchObject({ email: 'new@example.com' })

    const old = journal.get(oldSale)!
    expect(old.request.patron).toEqual({ email: '' })
    expect(old.request.deliveryAddress).toBeUndefined()
    expect(old.order!.patronAccountNo).toBeNull()
    // What shifts, reprints and recovery read is untouched.
    expect({ ...old, request: null, order: null }).toEqual({ ...before.old, request: null, order: null })
    expect(old.request.items).toEqual(before.old.request.items)
    expect(old.order!.tickets).toEqual(before.old.order!.tickets)
    // Nowhere in the row, in any form.
    const row = JSON.stringify(db.prepare('SELECT * FROM sales WHERE sale_id = ?').get(oldSale))
    for (const text of ['old@example.com', 'old-first', 'old-last', '6123 4567', 'Esplanade', '038981']) expect(row).not.toContain(text)
    const steps = JSON.stringify(db.prepare('SELECT * FROM sale_steps WHERE sale_id = ?').all(oldSale))
    expect(steps).not.toContain('old@example.com')
    // The row as kept reads by its own schema; the contract's, for a request being placed, refuses the blanked e-mail.
    const kept = db.prepare<[string], { request_json: string; order_json: string }>('SELECT request_json, order_json FROM sales WHERE sale_id = ?').get(oldSale)!
    expect(keptOrderRequestSchema.parse(JSON.parse(kept.request_json))).toEqual(old.request)
    expect(orderRequestSchema.safeParse(JSON.parse(kept.request_json)).success).toBe(false)
    expect(orderSchema.parse(JSON.parse(kept.order_json)).patronAccountNo).toBeNull()
    expect(keptOrderRequestSchema.safeParse({ ...old.request, patron: { email: '', loyalty: 'gold' } }).success).toBe(false)

    expect(journal.get(newSale)).toEqual(before.recent)
    // Forgotten once: a second run finds nothing more to do.
    expect(retention.runOnce()).toBe(0)
  })
})
