import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { migrations, openLocalDb, type LocalDb } from '../../../electron/database/local-db'
import { hubRecordPayloads } from '../../../electron/hub-link/journal-records'
import { Outbox } from '../../../electron/hub-link/outbox'
import type { RecordKind } from '../../../electron/journal/outbox-records'
import { SalesJournal } from '../../../electron/journal/sales-journal'
import { SalePayload } from '../../../hub/protocol'
import { pastJournal, pastOrder, pastRequest, saleIdOf, sellOne, sellPast } from '../../support/journal-of-sales'
import { oldNewRecordIds, VERSION_BEFORE_OUTBOX } from '../../support/old-journal'

/**
 * The outbox written with the journal (issue #35): each record goes in with the step that makes it, in
 * one transaction, so no crash can part them; an older journal's records are put in once by the
 * migration, under the very ids the heartbeat made before (the hub dedupes by them); the uploader
 * takes the waiting rows oldest first.
 */
const idsInOutbox = (db: LocalDb) => (db.prepare('SELECT record_id AS id FROM hub_outbox ORDER BY seq').all() as { id: string }[]).map((r) => r.id)
const answer = (outbox: Outbox, ids: readonly string[]) =>
  outbox.answered(ids.map((id, i) => ({ deviceRecordId: id, outcome: 'stored', hubRecordId: String(i + 1), receivedAt: '2025-01-02T00:00:00.000Z' })), 1)

/** A cash sale ordered and paid, its confirm still to come: the step that makes its record. */
function paidCashSale(journal: SalesJournal): string {
  const saleId = saleIdOf(1)
  journal.begin({ saleId, tender: 'cash', request: pastRequest })
  journal.record(saleId, 'order-submitted', 'submitted', { reference: 'FY1' })
  const { seq } = journal.startPayment(saleId, 'payment-started', { tender: 'cash', amountCents: 5_000 })
  journal.settlePayment(saleId, 'cash-taken', seq, 'approved', { reference: 'CASH-1' })
  return saleId
}

describe('the outbox written with the journal', () => {
  it("writes a step's records in the step's own transaction: a step undone leaves no record, and a record never undoes a step", () => {
    const db = openLocalDb(null)
    const { journal } = pastJournal(db)
    const saleId = paidCashSale(journal)
    // The disk refuses the record as the confirm writes it (a crash at that very point): the confirm is undone with it.
    db.exec("CREATE TEMP TRIGGER lost BEFORE INSERT ON hub_outbox BEGIN SELECT RAISE(ABORT, 'the disk went away'); END")
    expect(() => journal.record(saleId, 'confirmed', 'confirmed')).toThrow('the disk went away')
    expect(journal.get(saleId)!.orderState).toBe('submitted')
    expect(journal.steps(saleId).map((s) => s.step)).not.toContain('confirmed')
    expect(idsInOutbox(db)).toEqual([])
    db.exec('DROP TRIGGER lost')
    journal.record(saleId, 'confirmed', 'confirmed')
    expect(idsInOutbox(db)).toEqual([`sale:${saleId}`])

    // A payload that cannot be made does not stop the sale: its record is kept, out of the uploads.
    const failing = new SalesJournal(db, 'production/citytheatre', Date.now, null, { payloadOf: () => { throw new Error('no payload') } })
    const other = sellOne(failing, 2, null)
    expect(failing.get(other)!.state).toBe('printed')
    expect(new Outbox(db, () => 30).unsendable()).toEqual([`sale:${other}`, `printed:${other}`])
    db.close()
  })

  it("makes a vendor's text with control characters a plain line in the record, so the hub takes it and the sale is not left unsent", () => {
    const db = openLocalDb(null)
    const { journal } = pastJournal(db)
    const saleId = paidCashSale(journal)
    const order = pastOrder('FY1')
    order.items[0]!.showTitle = 'Swan\u0000Lake\r\nGala'
    journal.record(saleId, 'confirmed', 'confirmed', { order })
    const { payload } = db.prepare('SELECT payload FROM hub_outbox WHERE record_id = ?').get(`sale:${saleId}`) as { payload: string | null }
    expect(payload).not.toBeNull()
    expect(SalePayload.parse(JSON.parse(payload!)).shows.map((show) => show.event)).toEqual(['Swan Lake Gala'])
    expect(new Outbox(db, () => 30).unsendable()).toEqual([])
    db.close()
  })

  it('makes the records, and the ids, the heartbeat found before: nothing is left for its old search to find', () => {
    const db = openLocalDb(null)
    const past = pastJournal(db)
    sellPast(db, past, 205)
    past.journal.note(saleIdOf(3), 'printed', { what: 'receipt' })
    const made = idsInOutbox(db)
    expect(oldNewRecordIds(db)).toEqual([])
    db.exec('DELETE FROM hub_outbox')
    expect(oldNewRecordIds(db)).toEqual(made)
    expect(new Set(made.map((id) => id.split(':')[0]))).toEqual(new Set(['sale', 'printed', 'refund', 'reprint', 'shift']))
    db.close()
  })

  it('gives the waiting records oldest first, whichever sales they are of', () => {
    const db = openLocalDb(null)
    const past = pastJournal(db)
    const [a, b] = [sellOne(past.journal, 1, null), sellOne(past.journal, 2, null)]
    past.journal.note(a, 'printed', { what: 'tickets' })
    past.journal.refundPayment(b, 'refunded', { refersTo: 1, state: 'approved' }, 'refunded')
    past.journal.note(b, 'printed', { what: 'receipt' })
    const outbox = new Outbox(db, () => 30)
    const order = [`sale:${a}`, `printed:${a}`, `sale:${b}`, `printed:${b}`, `reprint:${a}:8`, `refund:${b}:2`, `reprint:${b}:9`]
    expect(outbox.nextBatch().map((r) => r.deviceRecordId)).toEqual(order)
    answer(outbox, order.slice(0, 3))
    expect(outbox.nextBatch().map((r) => r.deviceRecordId)).toEqual(order.slice(3))
    db.close()
  })

  it('takes an older journal mid-stream once: what it had uploaded stays answered, the rest goes in under the old ids, none twice', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-outbox-backfill-'))
    const old = openLocalDb(dir)
    sellPast(old, pastJournal(old), 230)
    // The journal taken back to the version before: no record written with its steps, nor the later versions' indexes and columns.
    old.exec('DELETE FROM hub_outbox')
    for (const migration of migrations.slice(VERSION_BEFORE_OUTBOX)) {
      // (IF EXISTS: a later version dropped some of them again.)
      for (const [, name] of migration.matchAll(/CREATE INDEX (\w+)/g)) old.exec(`DROP INDEX IF EXISTS ${name}`)
      for (const [, table, column] of migration.matchAll(/ALTER TABLE (\w+) ADD COLUMN (\w+)/g)) old.exec(`ALTER TABLE ${table} DROP COLUMN ${column}`)
    }
    old.pragma(`user_version = ${VERSION_BEFORE_OUTBOX}`)
    // Its heartbeat had found the first 40 records: the hub answered 30, 10 wait with their payloads.
    const all = oldNewRecordIds(old)
    const payloads = hubRecordPayloads(old, () => 30)
    const insert = old.prepare('INSERT INTO hub_outbox (record_id, kind, occurred_at, payload, answered_at, outcome) VALUES (?, ?, 0, ?, ?, ?)')
    all.slice(0, 40).forEach((id, i) => {
      const [kind, saleId, seq] = id.split(':') as [RecordKind, string, string | undefined]
      const payload = payloads.payloadOf({ kind, recordId: id, saleId, seq: seq ? Number(seq) : null, at: 0, what: kind === 'reprint' ? 'tickets' : null })
      insert.run(id, kind, i < 30 ? null : payload, i < 30 ? 1 : null, i < 30 ? 'stored' : null)
    })
    old.close()

    const db = openLocalDb(dir)
    expect(idsInOutbox(db)).toEqual(all)
    const outbox = new Outbox(db, () => 30)
    expect(outbox.waiting()).toBe(all.length - 30)
    const batch = outbox.nextBatch()
    expect(batch.map((r) => r.deviceRecordId)).toEqual(all.slice(30, 130))
    // A backfilled record's payload is made as the heartbeat made it: the sale as the journal holds it.
    expect(batch.find((r) => r.deviceRecordId === all[40])?.payload).toMatchObject({ backend: 'production/citytheatre' })
    answer(outbox, batch.map((r) => r.deviceRecordId))
    // A step after the upgrade makes its record behind the older ones; an older sale's step makes no second record of it.
    const journal = pastJournal(db).journal
    journal.note(saleIdOf(7), 'printed', { what: 'receipt' })
    journal.note(saleIdOf(7), 'receipt-emailed', { to: 'walkup@example.com' })
    expect(idsInOutbox(db).slice(all.length)).toEqual([`reprint:${saleIdOf(7)}:8`])
    const sent: string[] = []
    for (let next = outbox.nextBatch(); next.length > 0; next = outbox.nextBatch()) {
      sent.push(...next.map((r) => r.deviceRecordId))
      answer(outbox, next.map((r) => r.deviceRecordId))
    }
    expect(sent).toEqual([...all.slice(130), `reprint:${saleIdOf(7)}:8`])
    db.close()

    // Once: opened again, nothing is put in again.
    const again = openLocalDb(dir)
    expect(idsInOutbox(again)).toHaveLength(all.length + 1)
    expect(again.pragma('user_version', { simple: true })).toBe(migrations.length)
    again.close()
  })
})
