import { describe, expect, it } from 'vitest'
import { RecordEnvelope } from '../../../hub/protocol'
import { SGD_DENOMINATIONS } from '../../../electron/contract/cash-count'
import type { Order } from '../../../electron/contract'
import { openLocalDb } from '../../../electron/database/local-db'
import { hubRecordPayloads } from '../../../electron/hub-link/journal-records'
import { Outbox } from '../../../electron/hub-link/outbox'
import { SalesJournal } from '../../../electron/journal/sales-journal'
import { ShiftBook } from '../../../electron/journal/shift-book'

/**
 * What the hub's end of day needs from a device's records (issue #26), made from a journal written
 * through its own API: a show's tickets by price class, the card the terminal took, a closed shift's
 * drawer counted note by note. Without them the hub can list neither card payments for the acquirer's
 * report nor the drawer's over/short.
 */
const BACKEND = 'production/citytheatre'
const money = (amount: number) => ({ amount, currency: 'SGD', formatted: `S$${amount.toFixed(2)}` })
const request = {
  patron: { email: '', firstName: '', phone: '' },
  items: [{ productId: 7, sectionId: 3, priceCategoryId: 2, mode: 'BA' as const, quantity: 3, lines: [{ priceClassCode: 'A', quantity: 2 }, { priceClassCode: 'C', quantity: 1 }] }],
  deliveryMethodCode: 'PRINT_ON_SITE',
  paymentMethodCode: 'CARD',
  totalAmount: 72.5,
}
const order: Order = {
  orderId: 9, reference: 'FY9', status: 'CONFIRMED', patronAccountNo: null, amountToBePaid: money(72.5), reservedTime: null, expirationTime: null,
  deliveryMethodCode: 'PRINT_ON_SITE', deliveryCharge: null, paymentMethodCode: 'CARD', confirmedTime: null, paymentReference: 'PSP123', tickets: [],
  items: [{
    productId: 7, showTitle: 'Swan Lake', showDate: '2026-11-26T20:00:00+08:00', sectionId: 3, sectionAlias: 'Stalls', priceCategoryId: 2, priceCategoryAlias: 'A reserve', mode: 'BA', quantity: 3, seats: [],
    lines: [
      { priceClassCode: 'A', priceClassAlias: 'Adult', quantity: 2, unitPrice: money(25), fees: [] },
      { priceClassCode: 'C', priceClassAlias: 'Child', quantity: 1, unitPrice: money(20), fees: [{ code: 'BF', charge: money(2.5) }] },
    ],
    subtotal: money(72.5),
  }],
}

describe('records for the end of day at the hub', () => {
  it("say a sale's price classes and the terminal's card, and a closed shift's drawer note by note", () => {
    let clock = Date.parse('2026-11-26T11:00:00Z')
    const db = openLocalDb(null)
    const journal = new SalesJournal(db, BACKEND, () => (clock += 1000), null, hubRecordPayloads(db, () => 30))
    const saleId = '00000000-0000-4000-8000-000000000009'
    const shifts = new ShiftBook(db, journal, BACKEND, () => (clock += 1000))
    shifts.open(10_000, { staffId: 's1', name: '陈美玲', role: 'cashier' })
    journal.begin({ saleId, tender: 'card', request, soldBy: { staffId: 's1', name: '陈美玲' } })
    journal.record(saleId, 'order-submitted', 'submitted', { reference: 'FY9' })
    const { seq } = journal.startPayment(saleId, 'payment-started', { tender: 'card', amountCents: 7250, attemptKey: 'FY9-1' })
    const receipt = { maskedPan: null, authCode: 'A1B2C3', aid: null, entryMode: null, lines: [] }
    journal.settlePayment(saleId, 'payment-approved', seq, 'approved', { reference: 'PSP123' }, {}, { brand: 'VISA', last4: '4242', receipt })
    journal.record(saleId, 'confirmed', 'confirmed', { order })
    const count = SGD_DENOMINATIONS.map((d) => ({ denominationCents: d.cents, quantity: d.cents === 5_000 ? 2 : 0 }))
    shifts.close(count, { closedBy: { staffId: 's1', name: '陈美玲', role: 'cashier' } })

    const outbox = new Outbox(db, () => 30)
    const records = outbox.nextBatch().map((r) => RecordEnvelope.parse(r))
    const sale = records.find((r) => r.kind === 'sale')!
    expect(sale.payload).toMatchObject({
      shows: [{ event: 'Swan Lake', tickets: 3, amountCents: 7250, priceClasses: [{ code: 'A', name: 'Adult', tickets: 2, amountCents: 5000 }, { code: 'C', name: 'Child', tickets: 1, amountCents: 2250 }] }],
      payments: [{ tender: 'card', reference: 'PSP123', card: { brand: 'VISA', last4: '4242', authCode: 'A1B2C3', merchantReference: 'FY9-1' } }],
    })
    const shift = records.find((r) => r.kind === 'shift')!
    expect(shift.payload).toMatchObject({ floatCents: 10_000, cashSoldCents: 0, cashRefundedCents: 0, expectedCashCents: 10_000, countedCents: 10_000, varianceCents: 0, closedBy: '陈美玲' })
    expect(shift.kind === 'shift' && shift.payload.count?.filter((d) => d.quantity > 0)).toEqual([{ denominationCents: 5_000, quantity: 2 }])
    db.close()
  })
})
