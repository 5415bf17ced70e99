import { describe, expect, it } from 'vitest'
import { openLocalDb } from '../../../electron/database/local-db'
import { pastJournal, pastOrder, sellOne } from '../../support/journal-of-sales'

/**
 * A sale read back from the journal: each step reads the same request and order again, and each reading
 * is the journal's, whole, whatever a caller did to the one before.
 */
describe('a sale read back from the journal', () => {
  it('is each time its own: changing what one reading gave changes nothing the next one gives', () => {
    const db = openLocalDb(null)
    const { journal } = pastJournal(db)
    const saleId = sellOne(journal, 1, null)
    const first = journal.get(saleId)!
    first.order!.tickets.pop()
    first.order!.items[0]!.showTitle = 'Giselle'
    first.request.patron.email = 'someone@example.com'
    const again = journal.get(saleId)!
    expect(again.order).toEqual(pastOrder('FY1'))
    expect(again.request.patron.email).toBe('walkup@example.com')
    expect(again.order).not.toBe(first.order)
    // The third reading is JSON's alone (the text was judged whole at the second): still a copy of its own.
    again.order!.tickets.length = 0
    again.request.items.length = 0
    const third = journal.get(saleId)!
    expect(third.order).toEqual(pastOrder('FY1'))
    expect(third.request.items).toHaveLength(1)
    db.close()
  })

  it("reads a shift's sales, payments and all, as each sale reads alone", () => {
    const db = openLocalDb(null)
    const { journal, shifts } = pastJournal(db)
    const shift = shifts.open(0, null)
    const ids = [1, 2, 3].map((n) => sellOne(journal, n, shift.shiftId))
    journal.refundPayment(ids[1]!, 'refunded', { refersTo: 1, state: 'approved' }, 'refunded')
    sellOne(journal, 4, null)
    const read = journal.ofShift(shift.shiftId)
    expect(read.map((s) => s.saleId)).toEqual(ids)
    expect(read).toEqual(ids.map((id) => journal.get(id)))
    expect(read[1]!.payments.map((p) => p.kind)).toEqual(['payment', 'refund'])
    db.close()
  })

  it('reads an order the journal holds as it now holds it, not as it was read before', () => {
    const db = openLocalDb(null)
    const { journal } = pastJournal(db)
    const saleId = sellOne(journal, 1, null)
    expect(journal.get(saleId)!.order!.reference).toBe('FY1')
    db.prepare("UPDATE sales SET order_json = json_set(order_json, '$.reference', 'FY1-B') WHERE sale_id = ?").run(saleId)
    expect(journal.get(saleId)!.order!.reference).toBe('FY1-B')
    db.close()
  })
})
