import { afterEach, describe, expect, it } from 'vitest'
import { UnreadableRowError } from '../../../electron/journal/kept-json'
import { SalesJournal } from '../../../electron/journal/sales-journal'
import { ShiftBook } from '../../../electron/journal/shift-book'
import { openLocalDb, type LocalDb } from '../../../electron/database/local-db'

/**
 * A shift's row read back through its schemas: who opened it, and the Z report
 * kept when it closed, from a database another Foyer (or a hand) wrote.
 */
const BACKEND = 'sandbox/foyer-training'
let db: LocalDb | null = null
afterEach(() => {
  db?.close()
  db = null
})

function book(): { db: LocalDb; book: ShiftBook } {
  db = openLocalDb(null)
  return { db, book: new ShiftBook(db, new SalesJournal(db, BACKEND), BACKEND) }
}

const totals = { sales: 0, soldCents: 0, refunds: 0, refundedCents: 0 }
const keptZ = { kind: 'Z', shiftId: 'closed', openedAt: '2026-01-01T00:00:00.000Z', closedAt: '2026-01-01T08:00:00.000Z', floatCents: 10_000, tickets: 0, card: totals, cash: totals, expectedCashCents: 10_000, countedCents: 10_000, varianceCents: 0, unresolved: 0 }
const closeWith = (db: LocalDb, z: unknown) =>
  db.prepare('INSERT INTO shifts (shift_id, backend, opened_at, float_cents, closed_at, counted_cents, z_report) VALUES (?, ?, 0, 10000, 5, 10000, ?)').run('closed', BACKEND, typeof z === 'string' ? z : JSON.stringify(z))

describe("a shift's kept JSON", () => {
  it('reads an opener that is not a staff member as nobody named, and the counter still reads its X report', () => {
    const { db, book: shifts } = book()
    // A bare name, as a hand edit or another program might leave it: a cast let it through, and the X report then failed the contract.
    db.prepare('INSERT INTO shifts (shift_id, backend, opened_at, float_cents, opened_by) VALUES (?, ?, 1, 10000, ?)').run('open', BACKEND, JSON.stringify('Sam'))
    expect(shifts.current()).toMatchObject({ shiftId: 'open', openedBy: null })
    expect(shifts.xReport().openedBy).toBeNull()
  })

  it('reads an opener kept as a staff member', () => {
    const { db, book: shifts } = book()
    const sam = { staffId: 's-1', name: 'Sam Cashier', role: 'cashier' }
    db.prepare('INSERT INTO shifts (shift_id, backend, opened_at, float_cents, opened_by) VALUES (?, ?, 1, 10000, ?)').run('open', BACKEND, JSON.stringify(sam))
    expect(shifts.current()!.openedBy).toEqual(sam)
  })

  it('reads an older Z report, filling in what it did not keep', () => {
    const { db, book: shifts } = book()
    closeWith(db, keptZ)
    expect(shifts.zReport('closed')).toMatchObject({ kind: 'Z', ticketsNet: 0, refundsMade: [], standalone: { sales: 0, netCents: 0 }, card: { netCents: 0, paidBack: 0 }, venues: [], openedBy: null })
  })

  it('says a Z report that does not read cannot be read, instead of printing it wrong or failing halfway', () => {
    const { db, book: shifts } = book()
    closeWith(db, { ...keptZ, cash: null })
    expect(() => shifts.zReport('closed')).toThrow(UnreadableRowError)
    expect(() => shifts.zReport('closed')).toThrow(/the Z report kept for shift closed cannot be read: cash/)
  })

  it('does not let a Z report with a number kept as text through as the report', () => {
    const { db, book: shifts } = book()
    closeWith(db, { ...keptZ, tickets: '12' })
    expect(() => shifts.lastZReport()).toThrow(/Z report kept for shift closed cannot be read: tickets/)
  })

  it('says a Z report that is not JSON cannot be read', () => {
    const { db, book: shifts } = book()
    closeWith(db, '{"kind":"Z",')
    expect(() => shifts.zReport('closed')).toThrow(/cannot be read: it is not JSON/)
  })
})
