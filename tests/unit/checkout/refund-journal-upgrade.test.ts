import Database from 'better-sqlite3'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SalesJournal } from '../../../electron/journal/sales-journal'
import { ShiftBook } from '../../../electron/journal/shift-book'
import { migrations, openLocalDb } from '../../../electron/database/local-db'

/**
 * A kiosk's database as the Foyer before "who asked for a refund" left it: the
 * journal still opens, its counter refund stays a sold sale refunded (who asked
 * unknown), and a Z report kept then reads with its sales as the net it was.
 */
const BACKEND = 'sandbox/foyer-training'
const request = { patron: { email: '' }, items: [{ productId: 1, sectionId: 1, priceCategoryId: 1, mode: 'BA', quantity: 2, lines: [{ priceClassCode: 'A', quantity: 2 }] }], deliveryMethodCode: 'PRINT_ON_SITE', paymentMethodCode: 'CASH', totalAmount: 264 }

describe('a journal kept before refunds named who asked', () => {
  it('opens, with the counter refund sold and refunded, and an older Z report read as it was printed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-refund-upgrade-'))
    const old = new Database(join(dir, 'foyer.db'))
    const before = 5 // the journal before who asked for a refund was kept
    for (const migration of migrations.slice(0, before)) old.exec(migration)
    old.pragma(`user_version = ${before}`)
    old.prepare('INSERT INTO shifts (shift_id, backend, opened_at, float_cents) VALUES (?, ?, 1, 10000)').run('open-shift', BACKEND)
    old
      .prepare(
        `INSERT INTO sales (sale_id, backend, state, tender, payment_method, amount_cents, reference, request_json, shift_id, sold_by_name, refunded_by_name, created_at, updated_at)
         VALUES ('s1', ?, 'refunded', 'cash', 'CASH', 26400, 'FY1', ?, 'open-shift', 'Sam Cashier', 'Sam Supervisor', 2, 3)`,
      )
      .run(BACKEND, JSON.stringify(request))
    const oldZ = { kind: 'Z', shiftId: 'closed-shift', openedAt: '2026-01-01T00:00:00.000Z', closedAt: '2026-01-01T08:00:00.000Z', floatCents: 10_000, tickets: 3, card: { sales: 1, soldCents: 5_000, refunds: 0, refundedCents: 0 }, cash: { sales: 2, soldCents: 7_000, refunds: 1, refundedCents: 2_000 }, expectedCashCents: 17_000, countedCents: 17_000, varianceCents: 0, unresolved: 0 }
    old.prepare('INSERT INTO shifts (shift_id, backend, opened_at, float_cents, closed_at, counted_cents, z_report) VALUES (?, ?, 0, 10000, 5, 17000, ?)').run('closed-shift', BACKEND, JSON.stringify(oldZ))
    old.close()

    const db = openLocalDb(dir)
    try {
      const journal = new SalesJournal(db, BACKEND)
      expect(journal.get('s1')).toMatchObject({ state: 'refunded', refundedByName: 'Sam Supervisor', refundAskedByName: null })
      const book = new ShiftBook(db, journal, BACKEND)
      const x = book.xReport()
      expect(x.cash).toMatchObject({ sales: 1, soldCents: 26_400, refunds: 1, refundedCents: 26_400, netCents: 0 })
      expect(x.refundsMade).toEqual([{ saleId: 's1', reference: 'FY1', tender: 'cash', amountCents: 26_400, tickets: 0, askedBy: null, approvedBy: 'Sam Supervisor' }])
      expect(x.expectedCashCents).toBe(10_000)
      expect(book.zReport('closed-shift')).toMatchObject({
        tickets: 3,
        ticketsRefunded: 0,
        ticketsNet: 3,
        refundsMade: [],
        cash: { sales: 2, soldCents: 7_000, refunds: 1, refundedCents: 2_000, netCents: 7_000, paidBack: 0 },
        standalone: { sales: 0, netCents: 0 },
      })
    } finally {
      db.close()
    }
  })
})
