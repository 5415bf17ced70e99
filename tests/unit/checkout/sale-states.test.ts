import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { orderTransition, paymentTransition, SaleTransitionError, standingOf } from '../../../electron/journal/sale-states'
import { SalesJournal } from '../../../electron/journal/sales-journal'
import { openLocalDb } from '../../../electron/database/local-db'

/** The order's and a payment's state machines: each move that can happen, and a clear refusal of one that cannot. */
const request = {
  patron: { email: 'walkup@example.com' },
  items: [{ productId: 7, sectionId: 3, priceCategoryId: 2, mode: 'BA' as const, quantity: 2, lines: [{ priceClassCode: 'A', quantity: 2 }] }],
  deliveryMethodCode: 'PRINT_ON_SITE',
  paymentMethodCode: 'VISA',
  totalAmount: 120,
}

describe('the order state machine', () => {
  it.each([
    ['submitting', 'submitted'],
    ['submitting', 'failed'],
    ['submitted', 'confirmed'],
    ['submitted', 'cancelled'],
    ['confirmed', 'refunded'],
  ] as const)('moves %s → %s', (from, to) => expect(orderTransition('s', from, to)).toBe(to))

  it.each([
    ['submitting', 'confirmed'],
    ['cancelled', 'confirmed'],
    ['cancelled', 'submitted'],
    ['confirmed', 'cancelled'],
    ['confirmed', 'submitted'],
    ['refunded', 'confirmed'],
    ['failed', 'submitted'],
    ['submitted', 'refunded'],
  ] as const)('refuses %s → %s', (from, to) => {
    expect(() => orderTransition('s1', from, to)).toThrow(new SaleTransitionError(`sale s1: an order ${from} cannot become ${to}`))
  })
})

describe('the payment state machine', () => {
  it.each([
    ['started', 'approved'],
    ['started', 'declined'],
    ['started', 'unknown'],
    ['unknown', 'approved'],
    ['unknown', 'declined'],
    ['approved', 'refunded'],
  ] as const)('moves %s → %s', (from, to) => expect(paymentTransition('s', 1, from, to)).toBe(to))

  it.each([
    ['declined', 'approved'],
    ['refunded', 'refunded'],
    ['refunded', 'approved'],
    ['approved', 'declined'],
    ['approved', 'approved'],
    ['started', 'refunded'],
  ] as const)('refuses %s → %s', (from, to) => {
    expect(() => paymentTransition('s1', 2, from, to)).toThrow(new SaleTransitionError(`sale s1: payment 2 ${from} cannot become ${to}`))
  })
})

describe('where a sale stands', () => {
  const base = { orderState: 'submitted' as const, heldForStaff: false, printed: false, amountCents: 10_000 }
  it('is derived from the order and its payments: a split sale with its cash part taken is part-paid, the rest taken is paid', () => {
    const cash = { kind: 'payment' as const, state: 'approved' as const, amountCents: 5_000 }
    expect(standingOf({ ...base, payments: [] })).toBe('invoiced')
    expect(standingOf({ ...base, payments: [cash] })).toBe('part-paid')
    expect(standingOf({ ...base, payments: [cash, { kind: 'payment', state: 'declined', amountCents: 5_000 }] })).toBe('part-paid')
    expect(standingOf({ ...base, payments: [cash, { kind: 'payment', state: 'started', amountCents: 5_000 }] })).toBe('paying')
    expect(standingOf({ ...base, payments: [cash, { kind: 'payment', state: 'approved', amountCents: 5_000 }] })).toBe('paid')
    expect(standingOf({ ...base, payments: [{ kind: 'payment', state: 'declined', amountCents: 10_000 }] })).toBe('declined')
    expect(standingOf({ ...base, heldForStaff: true, payments: [] })).toBe('needs-staff')
    expect(standingOf({ ...base, orderState: 'cancelled', payments: [{ kind: 'payment', state: 'refunded', amountCents: 10_000 }] })).toBe('refunded')
    expect(standingOf({ ...base, orderState: 'confirmed', printed: true, payments: [] })).toBe('printed')
  })
})

describe('the journal', () => {
  it('refuses a step the order or a payment cannot take, and writes nothing of it', () => {
    const db = openLocalDb(mkdtempSync(join(tmpdir(), 'foyer-states-')))
    try {
      const journal = new SalesJournal(db, 'sandbox/t')
      journal.begin({ saleId: 's1', tender: 'card', request })
      journal.record('s1', 'order-submitted', 'submitted', { reference: 'FY1' })
      const { seq } = journal.startPayment('s1', 'payment-started', { tender: 'card', amountCents: 12_000, attemptKey: 'FY1-1' })
      journal.settlePayment('s1', 'payment-declined', seq, 'declined', {})
      const before = journal.steps('s1').length
      expect(() => journal.settlePayment('s1', 'payment-approved', seq, 'approved', { reference: 'T1' })).toThrow(SaleTransitionError)
      expect(() => journal.refundPayment('s1', 'refunded', { refersTo: seq, state: 'approved' }, 'cancelled')).toThrow(SaleTransitionError)
      journal.record('s1', 'order-cancelled', 'cancelled')
      expect(() => journal.record('s1', 'confirmed', 'confirmed')).toThrow('sale s1: an order cancelled cannot become confirmed')
      expect(journal.steps('s1').map((s) => s.step).slice(before)).toEqual(['order-cancelled'])
      expect(journal.get('s1')).toMatchObject({ state: 'cancelled', payments: [{ seq: 1, state: 'declined' }] })
    } finally {
      db.close()
    }
  })
})
