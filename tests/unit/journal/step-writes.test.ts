import { describe, expect, it } from 'vitest'
import { openLocalDb } from '../../../electron/database/local-db'
import { pastJournal, pastOrder, pastRequest, saleIdOf } from '../../support/journal-of-sales'

/**
 * A sale's step writes its row and reads it back in one statement (RETURNING), in a transaction whose function the
 * journal makes once (electron/database/in-transaction.ts): what it answers is still the sale as the journal holds
 * it, read through the row's schema, and a step refused inside a caller's transaction still undoes itself alone.
 */
describe("a sale's step", () => {
  it('answers the sale as the journal then reads it, its payments with it', () => {
    const db = openLocalDb(null)
    const { journal } = pastJournal(db)
    const saleId = saleIdOf(1)
    const answered = [journal.begin({ saleId, tender: 'cash', request: pastRequest, soldBy: { staffId: 's1', name: 'Aisha Rahman' } })]
    expect(answered[0]).toEqual(journal.get(saleId))
    answered.push(journal.record(saleId, 'order-submitted', 'submitted', { reference: 'FY1', expiresAt: 5 }))
    expect(answered.at(-1)).toEqual(journal.get(saleId))
    const { sale, seq } = journal.startPayment(saleId, 'payment-started', { tender: 'cash', amountCents: 5_000, tenderedCents: 6_000 })
    expect(sale).toEqual(journal.get(saleId))
    expect(sale.payments.map((p) => p.state)).toEqual(['started'])
    const paid = journal.settlePayment(saleId, 'cash-taken', seq, 'approved', { reference: 'CASH-1', changeCents: 1_000 })
    expect(paid).toEqual(journal.get(saleId))
    expect({ state: paid.state, paymentRef: paid.paymentRef, changeCents: paid.changeCents }).toEqual({ state: 'paid', paymentRef: 'CASH-1', changeCents: 1_000 })
    const confirmed = journal.record(saleId, 'confirmed', 'confirmed', { order: pastOrder('FY1') })
    expect(confirmed).toEqual(journal.get(saleId))
    expect(confirmed.order).toEqual(pastOrder('FY1'))
    expect(journal.record(saleId, 'printed', 'confirmed', { printed: true }, { what: 'sale' })).toEqual(journal.get(saleId))
    const refunded = journal.refundPayment(saleId, 'refunded', { refersTo: seq, state: 'approved', askedBy: 'Aisha Rahman', approvedBy: 'Tan Wei' }, 'refunded', { refundedByName: 'Tan Wei' })
    expect(refunded).toEqual(journal.get(saleId))
    expect(refunded.payments.map((p) => `${p.kind} ${p.state}`)).toEqual(['payment refunded', 'refund approved'])
    db.close()
  })

  it('reads back the row it leaves through the schema: a row that does not read undoes the step, its record and all', () => {
    const db = openLocalDb(null)
    const { journal } = pastJournal(db)
    const saleId = saleIdOf(1)
    journal.begin({ saleId, tender: 'cash', request: pastRequest })
    journal.record(saleId, 'order-submitted', 'submitted', { reference: 'FY1' })
    const { seq } = journal.startPayment(saleId, 'payment-started', { tender: 'cash', amountCents: 5_000 })
    journal.settlePayment(saleId, 'cash-taken', seq, 'approved', { reference: 'CASH-1' })
    // The request as a damaged disk or a hand left it: the confirm's own columns read, the row it leaves does not.
    db.prepare("UPDATE sales SET request_json = '{\"items\": 3}' WHERE sale_id = ?").run(saleId)
    const stepsBefore = journal.steps(saleId).length
    expect(() => journal.record(saleId, 'confirmed', 'confirmed', { order: pastOrder('FY1') })).toThrow(/cannot be read/)
    const row = db.prepare('SELECT state, order_json FROM sales WHERE sale_id = ?').get(saleId)
    expect(row).toEqual({ state: 'submitted', order_json: null })
    expect(journal.steps(saleId)).toHaveLength(stepsBefore)
    expect(db.prepare('SELECT count(*) AS n FROM hub_outbox').get()).toEqual({ n: 0 })
    expect(db.prepare('SELECT count(*) AS n FROM sale_codes WHERE code = ?').get('FY1')).toEqual({ n: 1 })
    db.close()
  })

  it("refused inside a caller's transaction, undoes itself alone, what it wrote before the refusal too: the caller's writes commit", () => {
    const db = openLocalDb(null)
    const { journal } = pastJournal(db)
    const [first, second] = [saleIdOf(1), saleIdOf(2)]
    journal.begin({ saleId: first, tender: 'cash', request: pastRequest })
    journal.record(first, 'order-submitted', 'submitted', { reference: 'FY1' })
    const { seq } = journal.startPayment(first, 'payment-started', { tender: 'cash', amountCents: 5_000 })
    journal.settlePayment(first, 'cash-taken', seq, 'approved', { reference: 'CASH-1' })
    journal.record(first, 'confirmed', 'confirmed', { order: pastOrder('FY1') })
    const steps = journal.steps(first).length
    db.transaction(() => {
      journal.note(first, 'refund-asked', { by: 'Aisha Rahman' })
      // The first refund is written, the second names no payment: the step goes, the first refund with it.
      const refunds = [{ refersTo: seq, state: 'approved' as const }, { refersTo: 9, state: 'approved' as const }]
      expect(() => journal.refundPayment(first, 'refunded', refunds, 'refunded')).toThrow(/has no payment 9/)
      journal.begin({ saleId: second, tender: 'cash', request: pastRequest })
    })()
    expect(db.inTransaction).toBe(false)
    const sale = journal.get(first)!
    expect({ state: sale.state, payments: sale.payments.map((p) => `${p.kind} ${p.state}`) }).toEqual({ state: 'confirmed', payments: ['payment approved'] })
    expect(journal.steps(first).map((s) => s.step).slice(steps)).toEqual(['refund-asked'])
    expect(db.prepare("SELECT count(*) AS n FROM hub_outbox WHERE kind = 'refund'").get()).toEqual({ n: 0 })
    expect(journal.get(second)!.orderState).toBe('submitting')
    db.close()
  })

  it("is undone whole with a caller's transaction that fails after it", () => {
    const db = openLocalDb(null)
    const { journal } = pastJournal(db)
    const saleId = saleIdOf(1)
    journal.begin({ saleId, tender: 'cash', request: pastRequest })
    expect(() =>
      db.transaction(() => {
        journal.record(saleId, 'order-submitted', 'submitted', { reference: 'FY1' })
        throw new Error('the caller gave up')
      })(),
    ).toThrow('the caller gave up')
    expect(journal.get(saleId)!.orderState).toBe('submitting')
    expect(journal.steps(saleId).map((s) => s.step)).toEqual(['order-submitting'])
    db.close()
  })
})
