import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SalesJournal } from '../../../electron/journal/sales-journal'
import { ShiftBook } from '../../../electron/journal/shift-book'
import { openLocalDb } from '../../../electron/database/local-db'
import { insertOldSale, oldJournalDb, type OldSaleRow } from '../../support/old-journal'

/**
 * A journal kept before payments were records (one state per sale, the latest
 * attempt in columns) opens in today's Foyer: each row's payment becomes a
 * payment record in the state the old one implies, a refund a record of its
 * own, and every sale stands where it stood.
 */
const BACKEND = 'sandbox/foyer-training'
const request = JSON.stringify({
  patron: { email: 'walkup@example.com' },
  items: [{ productId: 7, sectionId: 3, priceCategoryId: 2, mode: 'BA', quantity: 2, lines: [{ priceClassCode: 'A', quantity: 2 }] }],
  deliveryMethodCode: 'PRINT_ON_SITE',
  paymentMethodCode: 'VISA',
  totalAmount: 120,
})
const cashRequest = request.replace('"VISA"', '"CASH"')
const sale = (id: string, state: string, more: Partial<OldSaleRow> = {}): OldSaleRow => ({
  sale_id: id,
  backend: BACKEND,
  state,
  tender: 'card',
  payment_method: 'VISA',
  amount_cents: 12_000,
  reference: `FY-${id}`,
  request_json: request,
  created_at: 1,
  updated_at: 2,
  ...more,
})

/** Every state the older journal could leave a sale in, and where each stands after the upgrade. */
const rows: [OldSaleRow, { state: string; orderState: string; payments: unknown[] }][] = [
  [sale('submitting', 'submitting'), { state: 'submitting', orderState: 'submitting', payments: [] }],
  [sale('invoiced', 'invoiced'), { state: 'invoiced', orderState: 'submitted', payments: [] }],
  [
    sale('paying', 'paying', { attempt: 1, payment_key: 'FY-paying-1' }),
    { state: 'paying', orderState: 'submitted', payments: [{ seq: 1, kind: 'payment', tender: 'card', state: 'started', attemptKey: 'FY-paying-1', amountCents: 12_000 }] },
  ],
  [
    sale('declined', 'declined', { attempt: 2, payment_key: 'FY-declined-2' }),
    { state: 'declined', orderState: 'submitted', payments: [{ seq: 2, state: 'declined', attemptKey: 'FY-declined-2' }] },
  ],
  [sale('paid', 'paid', { attempt: 1, payment_key: 'FY-paid-1', payment_ref: 'T-1' }), { state: 'paid', orderState: 'submitted', payments: [{ seq: 1, state: 'approved', reference: 'T-1' }] }],
  [
    sale('confirmed', 'confirmed', { tender: 'cash', payment_method: 'CASH', request_json: cashRequest, attempt: 1, payment_ref: 'CASH-FY-confirmed-1', tendered_cents: 15_000, change_cents: 3_000, shift_id: 'open-shift' }),
    { state: 'confirmed', orderState: 'confirmed', payments: [{ seq: 1, tender: 'cash', state: 'approved', reference: 'CASH-FY-confirmed-1', tenderedCents: 15_000, changeCents: 3_000 }] },
  ],
  [sale('printed', 'printed', { attempt: 1, payment_key: 'FY-printed-1', payment_ref: 'T-2' }), { state: 'printed', orderState: 'confirmed', payments: [{ seq: 1, state: 'approved' }] }],
  [sale('cancelled', 'cancelled'), { state: 'cancelled', orderState: 'cancelled', payments: [] }],
  [sale('failed', 'failed'), { state: 'failed', orderState: 'failed', payments: [] }],
  [
    sale('given-back', 'refunded', { attempt: 1, payment_key: 'FY-given-back-1', payment_ref: 'T-3', staff_note: 'refunded' }),
    { state: 'refunded', orderState: 'cancelled', payments: [{ seq: 1, state: 'refunded' }, { seq: 2, kind: 'refund', state: 'approved', refersTo: 1, amountCents: 12_000 }] },
  ],
  [
    sale('counter-refund', 'refunded', { attempt: 1, payment_key: 'FY-counter-refund-1', payment_ref: 'T-4', refunded_by_name: 'Mei Ling', refund_asked_by_name: 'Aisha Rahman', shift_id: 'open-shift' }),
    { state: 'refunded', orderState: 'refunded', payments: [{ seq: 1, state: 'refunded' }, { seq: 2, kind: 'refund', state: 'approved', refersTo: 1, askedBy: 'Aisha Rahman', approvedBy: 'Mei Ling' }] },
  ],
  [
    sale('unknown', 'needs-staff', { attempt: 1, payment_key: 'FY-unknown-1', staff_note: 'check the terminal' }),
    { state: 'needs-staff', orderState: 'submitted', payments: [{ seq: 1, state: 'unknown' }] },
  ],
  [
    sale('refund-failed', 'needs-staff', { attempt: 1, payment_key: 'FY-refund-failed-1', payment_ref: 'T-5', staff_note: 'refund it on the terminal' }),
    { state: 'needs-staff', orderState: 'submitted', payments: [{ seq: 1, state: 'approved', reference: 'T-5' }] },
  ],
  [
    sale('counter-refund-failed', 'needs-staff', { attempt: 1, payment_key: 'FY-crf-1', payment_ref: 'T-6', refunded_by_name: 'Mei Ling', staff_note: 'refund it on the terminal' }),
    { state: 'needs-staff', orderState: 'confirmed', payments: [{ seq: 1, state: 'approved' }, { seq: 2, kind: 'refund', state: 'declined', refersTo: 1 }] },
  ],
  [
    sale('standalone', 'needs-staff', { tender: 'standalone', attempt: 1, payment_ref: 'STANDALONE-FY-standalone-1-AB12', staff_note: 'reverse it' }),
    { state: 'needs-staff', orderState: 'cancelled', payments: [{ seq: 1, tender: 'standalone', state: 'approved', approvalCode: 'AB12' }] },
  ],
]

describe('a journal kept before payments were records', () => {
  it('opens with each sale where it stood, its latest attempt a payment record and each refund a record of its own', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-payments-upgrade-'))
    const old = oldJournalDb(join(dir, 'foyer.db'))
    old.prepare('INSERT INTO shifts (shift_id, backend, opened_at, float_cents) VALUES (?, ?, 0, 10000)').run('open-shift', BACKEND)
    for (const [row] of rows) insertOldSale(old, row)
    const steps = old.prepare('INSERT INTO sale_steps (sale_id, seq, at, step, detail) VALUES (?, ?, 1, ?, ?)')
    steps.run('standalone', 1, 'payment-started', JSON.stringify({ approvalCode: 'AB12' }))
    steps.run('standalone', 2, 'standalone-approved', JSON.stringify({ approvalCode: 'AB12' }))
    steps.run('standalone', 3, 'refund-by-staff', null)
    old.close()

    const db = openLocalDb(dir)
    try {
      const journal = new SalesJournal(db, BACKEND)
      for (const [row, want] of rows) {
        const now = journal.get(row.sale_id)!
        expect({ state: now.state, orderState: now.orderState }, row.sale_id).toEqual({ state: want.state, orderState: want.orderState })
        expect(now.payments, row.sale_id).toHaveLength(want.payments.length)
        want.payments.forEach((payment, i) => expect(now.payments[i], `${row.sale_id} payment ${i}`).toMatchObject({ kind: 'payment', tender: row.tender, ...(payment as object) }))
        // What the screens, the paper and recovery read stays as it was written.
        expect({ key: now.paymentKey, ref: now.paymentRef, tendered: now.tenderedCents, change: now.changeCents }, row.sale_id).toEqual({
          key: row.payment_key ?? null,
          ref: row.payment_ref ?? null,
          tendered: row.tendered_cents ?? null,
          change: row.change_cents ?? null,
        })
      }
      // Recovery looks at the same sales as before: the open orders and those held for staff.
      expect(journal.unfinished().map((s) => s.saleId)).toEqual(['submitting', 'invoiced', 'paying', 'declined', 'paid', 'unknown', 'refund-failed', 'counter-refund-failed', 'standalone'])
      // The shift counts the old rows as it did: the cash sale in the drawer, the counter refund sold and refunded.
      const x = new ShiftBook(db, journal, BACKEND).xReport()
      expect(x.cash).toMatchObject({ sales: 1, soldCents: 12_000, refunds: 0, netCents: 12_000 })
      expect(x.card).toMatchObject({ sales: 1, soldCents: 12_000, refunds: 1, refundedCents: 12_000, netCents: 0 })
      expect(x.expectedCashCents).toBe(22_000)
      // The next payment of a sale continues the count: a key used before is never used again.
      expect(journal.startPayment('declined', 'payment-started', { tender: 'card', amountCents: 12_000, attemptKey: 'FY-declined-3' }).seq).toBe(3)
    } finally {
      db.close()
    }
  })
})
