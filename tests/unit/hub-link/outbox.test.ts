import { describe, expect, it, vi } from 'vitest'
import { RecordEnvelope, UPLOAD_BATCH_MAX } from '../../../hub/protocol'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Order, Ticket } from '../../../electron/contract'
import { HUB_LINK_TABLES } from '../../../electron/database/hub-link-migration'
import { migrations, openLocalDb, type LocalDb } from '../../../electron/database/local-db'
import { hubRecordPayloads } from '../../../electron/hub-link/journal-records'
import { Outbox } from '../../../electron/hub-link/outbox'
import { SalesJournal } from '../../../electron/journal/sales-journal'

/**
 * The journal as the hub's outbox, on a journal written through its own API (the sales-flow and the
 * hub are in device-link.test.ts): each record made once, in order, in batches the hub takes, with
 * patron data only as the device's window allows.
 */
const request = {
  patron: { email: 'walkup@example.com', firstName: 'Mei', phone: '+65 8123 4567' },
  items: [{ productId: 7, sectionId: 3, priceCategoryId: 2, mode: 'BA' as const, quantity: 2, lines: [{ priceClassCode: 'A', quantity: 2 }] }],
  deliveryMethodCode: 'PRINT_ON_SITE',
  paymentMethodCode: 'CASH',
  totalAmount: 120,
}

/** A journal that freezes each record's payload as its step writes it (patronDays: the window then), as main's does; null: one that leaves them to the outbox. */
function journalWith(sales: number, db: LocalDb = openLocalDb(null), patronDays: number | null = 30) {
  let clock = Date.parse('2026-11-26T11:00:00Z')
  const payloads = patronDays === null ? null : hubRecordPayloads(db, () => patronDays)
  const journal = new SalesJournal(db, 'production/citytheatre', () => (clock += 1000), null, payloads)
  for (let n = 1; n <= sales; n++) {
    const saleId = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
    journal.begin({ saleId, tender: 'cash', request, soldBy: { staffId: 's1', name: 'Aisha Rahman' } })
    journal.record(saleId, 'order-submitted', 'submitted', { reference: `FY${n}` })
    const { seq } = journal.startPayment(saleId, 'payment-started', { tender: 'cash', amountCents: 12_000, tenderedCents: 12_000 })
    journal.settlePayment(saleId, 'payment-approved', seq, 'approved', { reference: `CASH-${n}`, changeCents: 0 })
    journal.record(saleId, 'confirmed', 'confirmed')
  }
  return { db, journal }
}

describe('the journal as the outbox', () => {
  it('makes each record once, and gives them oldest first in batches the hub takes', () => {
    const { db, journal } = journalWith(UPLOAD_BATCH_MAX + 5)
    const outbox = new Outbox(db, () => 30)
    expect(outbox.waiting()).toBe(UPLOAD_BATCH_MAX + 5)
    // Another step of a sale already in the outbox makes no second record of it.
    journal.note('00000000-0000-4000-8000-000000000001', 'receipt-emailed', { to: 'walkup@example.com' })
    expect(outbox.waiting()).toBe(UPLOAD_BATCH_MAX + 5)
    const first = outbox.nextBatch()
    expect(first).toHaveLength(UPLOAD_BATCH_MAX)
    expect(first[0]).toMatchObject({ deviceRecordId: 'sale:00000000-0000-4000-8000-000000000001', kind: 'sale' })
    expect(first.map((r) => r.occurredAt)).toEqual([...first.map((r) => r.occurredAt)].sort())
    outbox.answered(first.map((r, i) => ({ deviceRecordId: r.deviceRecordId, outcome: 'stored', hubRecordId: String(i + 1), receivedAt: '2026-11-26T12:00:00.000Z' })), 1)
    expect(outbox.nextBatch().map((r) => r.deviceRecordId)).toEqual(
      [101, 102, 103, 104, 105].map((n) => `sale:00000000-0000-4000-8000-${String(n).padStart(12, '0')}`),
    )
    expect(outbox.waiting()).toBe(5)
  })

  it("keeps each of a batch's answers with its own record, and an answer for a record answered before changes nothing", () => {
    const { db } = journalWith(3)
    const outbox = new Outbox(db, () => 30)
    const [a, b, c] = outbox.nextBatch().map((r) => r.deviceRecordId)
    outbox.answered([{ deviceRecordId: a!, outcome: 'stored', hubRecordId: '41', receivedAt: '2026-11-26T12:00:00.000Z' }, { deviceRecordId: b!, outcome: 'conflict' }], 7)
    outbox.answered([{ deviceRecordId: a!, outcome: 'stored', hubRecordId: '99', receivedAt: '2026-11-26T12:05:00.000Z' }], 8)
    const rows = db.prepare('SELECT record_id AS id, outcome, hub_record_id AS hub, answered_at AS at, payload FROM hub_outbox ORDER BY seq').all()
    expect(rows).toEqual([
      { id: a, outcome: 'stored', hub: '41', at: 7, payload: null },
      { id: b, outcome: 'conflict', hub: null, at: 7, payload: null },
      { id: c, outcome: null, hub: null, at: null, payload: expect.any(String) },
    ])
    expect(outbox.nextBatch().map((r) => r.deviceRecordId)).toEqual([c])
  })

  it('says a sale in cents per payment and tender, with the patron only when the device keeps patron data', () => {
    const { db } = journalWith(1)
    const outbox = new Outbox(db, () => 30)
    const [record] = outbox.nextBatch()
    expect(RecordEnvelope.parse(record)).toEqual(record)
    expect(record!.payload).toMatchObject({
      training: false,
      bookingReference: 'FY1',
      amountCents: 12_000,
      payments: [{ seq: 1, tender: 'cash', amountCents: 12_000, reference: 'CASH-1', tenderedCents: 12_000, changeCents: 0 }],
      cashier: 'Aisha Rahman',
      patron: { email: 'walkup@example.com', firstName: 'Mei' },
      patronDays: 30,
    })
    const none = journalWith(1, openLocalDb(null), 0)
    const keepsNone = new Outbox(none.db, () => 30)
    expect(keepsNone.nextBatch()[0]!.payload).toMatchObject({ patron: null, patronDays: 0 })
  })

  it('names the card each card payment was approved on, as the terminal told it (brand and last four digits, never more)', () => {
    const db = openLocalDb(null)
    const journal = new SalesJournal(db, 'production/citytheatre', () => Date.parse('2026-11-26T11:00:00Z'), null, hubRecordPayloads(db, () => 30))
    const saleId = '00000000-0000-4000-8000-00000000c4d0'
    journal.begin({ saleId, tender: 'card', request, soldBy: { staffId: 's1', name: 'Aisha Rahman' } })
    journal.record(saleId, 'order-submitted', 'submitted', { reference: 'FY-SPLIT' })
    const cash = journal.startPayment(saleId, 'payment-started', { tender: 'cash', amountCents: 2_000, tenderedCents: 5_000 })
    journal.settlePayment(saleId, 'cash-taken', cash.seq, 'approved', { reference: 'CASH-1', changeCents: 3_000 })
    const card = journal.startPayment(saleId, 'payment-started', { tender: 'card', amountCents: 10_000 })
    journal.settlePayment(saleId, 'payment-approved', card.seq, 'approved', { reference: 'TX-9' }, {}, { brand: 'VISA', last4: '4242', detail: { pan: '4111111111114242' } })
    journal.record(saleId, 'confirmed', 'confirmed')
    const outbox = new Outbox(db, () => 30)
    const [record] = outbox.nextBatch()
    expect(record!.payload).toMatchObject({
      payments: [
        { seq: 1, tender: 'cash', reference: 'CASH-1' },
        { seq: 2, tender: 'card', reference: 'TX-9', card: { brand: 'VISA', last4: '4242' } },
      ],
    })
    // Cash was paid on no card: its payment names none.
    expect((record!.payload as { payments: object[] }).payments[0]).not.toHaveProperty('card')
    expect(JSON.stringify(record)).not.toContain('4111111111114242')
  })

  it("says its tickets' barcodes, so another counter finds it through the hub; leaves out one the hub would refuse, and says none for a sale without tickets", () => {
    const { db, journal } = journalWith(1)
    const ticket = (barcode: string): Ticket => ({ ticketNumber: `T-${barcode}`, barcode, productId: 7, sectionAlias: 'Stalls', row: 'A', seat: '1', inventoryId: null, priceClassCode: 'A', seatType: null })
    const money = { amount: 120, currency: 'SGD', formatted: 'S$120.00' }
    const order: Order = {
      orderId: 1, reference: 'FY1', status: 'CONFIRMED', patronAccountNo: null, amountToBePaid: money, reservedTime: null, expirationTime: null,
      deliveryMethodCode: 'PRINT_ON_SITE', deliveryCharge: null, paymentMethodCode: 'CASH', confirmedTime: null, paymentReference: null, items: [],
      tickets: [ticket('4006381333931'), ticket('4006381333931'), ticket('tk 0002'), ticket('票0003'), ticket('Tk-0004'), ...Array.from({ length: 600 }, (_, n) => ticket(`B${n}`))],
    }
    // The vendor's order, learnt at confirmation, as the sales flow journals it.
    const saleId = '00000000-0000-4000-8000-0000000071c4'
    journal.begin({ saleId, tender: 'cash', request, soldBy: { staffId: 's1', name: 'Aisha Rahman' } })
    journal.record(saleId, 'order-submitted', 'submitted', { reference: 'FY-TICKETS' })
    const { seq } = journal.startPayment(saleId, 'payment-started', { tender: 'cash', amountCents: 12_000, tenderedCents: 12_000 })
    journal.settlePayment(saleId, 'payment-approved', seq, 'approved', { reference: 'CASH-T', changeCents: 0 })
    journal.record(saleId, 'confirmed', 'confirmed', { order })
    const outbox = new Outbox(db, () => 30)
    const [without, withTickets] = outbox.nextBatch().map((r) => RecordEnvelope.parse(r).payload as { saleId: string; ticketCodes?: string[] })
    expect(withTickets).toMatchObject({ saleId })
    // Each barcode once; one with a space or outside ASCII left out (that ticket is found by the sale's reference).
    expect(withTickets!.ticketCodes!.slice(0, 3)).toEqual(['4006381333931', 'Tk-0004', 'B0'])
    expect(withTickets!.ticketCodes).toHaveLength(500)
    expect(without).not.toHaveProperty('ticketCodes')
  })

  it("says when a sale's tickets first came out of the printer, once, and each reprint apart", () => {
    const { db, journal } = journalWith(1)
    const saleId = '00000000-0000-4000-8000-000000000001'
    journal.note(saleId, 'print-started', { what: 'sale', documents: ['ticket-1', 'receipt'] })
    journal.record(saleId, 'printed', 'confirmed', { printed: true }, { what: 'sale' })
    journal.note(saleId, 'printed', { what: 'tickets' })
    journal.record(saleId, 'printed', 'confirmed', { printed: true }, { what: 'sale' })
    const outbox = new Outbox(db, () => 30)
    expect(outbox.waiting()).toBe(3)
    const batch = outbox.nextBatch()
    expect(batch.map((r) => r.kind)).toEqual(['sale', 'printed', 'reprint'])
    expect(batch[1]).toMatchObject({ deviceRecordId: `printed:${saleId}`, payload: { saleId, bookingReference: 'FY1', training: false } })
    expect(batch[2]).toMatchObject({ deviceRecordId: `reprint:${saleId}:8`, payload: { what: 'tickets' } })
  })

  it('keeps a sale whose journal row does not read out of the uploads, and sends the ones behind it', () => {
    // A journal that left its payloads to the outbox (as an older journal's records are), one of its rows damaged since.
    const { db } = journalWith(3, openLocalDb(null), null)
    db.prepare("UPDATE sales SET request_json = '{' WHERE sale_id = ?").run('00000000-0000-4000-8000-000000000001')
    const outbox = new Outbox(db, () => 30)
    expect(outbox.waiting()).toBe(3)
    expect(outbox.nextBatch().map((r) => r.deviceRecordId)).toEqual(['sale:00000000-0000-4000-8000-000000000002', 'sale:00000000-0000-4000-8000-000000000003'])
    expect(outbox.unsendable()).toEqual(['sale:00000000-0000-4000-8000-000000000001'])
  })

  it("takes a journal kept before the hub link (an upgraded Foyer's sales are uploaded too)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-outbox-upgrade-'))
    // Sales are journalled by today's code, then the journal is taken back to the version before the hub
    // link: every table and index that version and the later ones made is dropped. (Building it at that
    // version would need the journal's code of that time: today's also files each sale's scan codes.)
    const old = openLocalDb(dir)
    journalWith(2, old)
    const before = migrations.indexOf(HUB_LINK_TABLES)
    for (const migration of migrations.slice(before).reverse()) {
      for (const [, kind, name] of migration.matchAll(/CREATE (TABLE|INDEX) (\w+)/g)) old.exec(`DROP ${kind} IF EXISTS ${name}`)
    }
    old.pragma(`user_version = ${before}`)
    old.close()
    const db = openLocalDb(dir)
    try {
      const outbox = new Outbox(db, () => 30)
      expect(outbox.waiting()).toBe(2)
      expect(outbox.nextBatch().map((r) => r.kind)).toEqual(['sale', 'sale'])
    } finally {
      db.close()
    }
  })

  it("writes the hub's answers without waiting for the disk, and leaves the journal waiting for it after", () => {
    // An answer lost in a power cut leaves its record waiting, sent again as the same record: its commit need not wait.
    const dir = mkdtempSync(join(tmpdir(), 'foyer-outbox-answers-'))
    const { db } = journalWith(3, openLocalDb(dir))
    const outbox = new Outbox(db, () => 30)
    const batch = outbox.nextBatch()
    const pragmas = vi.spyOn(db, 'exec')
    outbox.answered(batch.map((r, i) => ({ deviceRecordId: r.deviceRecordId, outcome: 'stored', hubRecordId: String(i + 1), receivedAt: '2026-11-26T12:00:00.000Z' })), 1)
    expect(pragmas.mock.calls.map(([text]) => text)).toContain('PRAGMA synchronous = NORMAL')
    try {
      expect(outbox.waiting()).toBe(0)
      expect(db.pragma('synchronous', { simple: true })).toBe(2)
    } finally {
      db.close()
    }
    const reopened = openLocalDb(dir)
    expect(new Outbox(reopened, () => 30).answeredCount()).toBe(3)
    reopened.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('reads a record back through the schema unless it is the very text it was checked as when made', () => {
    const { db } = journalWith(2)
    const outbox = new Outbox(db, () => 30)
    // Read back as made: what the schema would give.
    const batch = outbox.nextBatch()
    expect(batch).toEqual(batch.map((r) => RecordEnvelope.parse(r)))
    // One changed on the disk since (here to a sum the protocol refuses) is not the text checked: the schema reads it, and refuses it.
    db.prepare("UPDATE hub_outbox SET payload = json_set(payload, '$.amountCents', -1) WHERE record_id = ?").run(batch[1]!.deviceRecordId)
    expect(() => outbox.nextBatch()).toThrow(/amountCents/)
  })
})
