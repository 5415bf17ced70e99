import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '../../../electron/contract'
import { call } from '../../../electron/ipc-core/dispatcher'
import { seatKindsSold, withSeatKinds } from '../../../electron/journal/seat-kinds'
import type { ShiftReport } from '../../../electron/journal/shift-book'
import type { SaleRecord } from '../../../electron/journal/sales-journal'
import { receiptDocument, ticketDocuments } from '../../../electron/printing/documents'
import { seatsOnPaper } from '../../../electron/printing/paper-seats'
import { shiftReportDocument } from '../../../electron/printing/shift-report-document'
import type { Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { listShows } from '../../support/checkout-fixtures'
import { startSandboxRuntime } from '../../support/sandbox-runtime'
import { findShow, isOnSale, sectionsOf } from '../../support/sandbox-fixtures'

/**
 * Issue #22: a wheelchair space and its companion seat, bought through the
 * accessible-seating path, are named as such (in words and with their symbols)
 * on the tickets and the receipt, from what the journal keeps: the vendor's
 * order does not say a seat's kind, and the confirm answers the order again
 * without it. A seat count on paper takes the language's plural.
 */
let rig: ApiRig
let runtime: Runtime
let sale: SaleRecord

/** Two tickets for a wheelchair space and its companion seat, found, ordered and paid through the contract. */
async function accessibleSale(): Promise<SaleRecord> {
  const dispatcher = runtime.services.dispatcher
  const show = await findShow(rig.direct, (s) => s.venue === 'Grand Theatre' && isOnSale(s) && s.ticketType === 'RS')
  await listShows(dispatcher, show.eventCode)
  const sections = (await sectionsOf(rig.direct, show.productId)).map((s) => ({ sectionId: s.seatSectionId, priceCategoryId: s.priceCategoryId }))
  const found = await call(dispatcher, 'offers.accessible', { productId: show.productId, mode: 'BA', quantity: 2, sections })
  if (!found.ok) throw new Error(found.error.code)
  const seats = found.value.offer.sets[0]!
  const priceCategoryId = sections.find((s) => s.sectionId === found.value.sectionId)!.priceCategoryId
  const classes = await call(dispatcher, 'pricing.ticketTypes', { productId: show.productId, priceCategoryId })
  if (!classes.ok) throw new Error(classes.error.code)
  const standard = classes.value.find((c) => c.code === 'A')!
  const perTicket = Math.round(standard.unitPrice.amount * 100) + standard.fees.reduce((sum, f) => sum + Math.round(f.charge.amount * 100), 0)
  const order = {
    patron: { email: 'mei.tan@example.com' },
    items: [{ productId: show.productId, sectionId: found.value.sectionId, priceCategoryId, mode: 'SP' as const, inventoryIds: seats.map((s) => s.inventoryId), lines: [{ priceClassCode: 'A', quantity: 2 }] }],
    deliveryMethodCode: 'ETICKET',
    paymentMethodCode: 'VISA',
    totalAmount: (perTicket * 2) / 100,
  }
  const invoice = await call(dispatcher, 'checkout.submit', { order })
  if (!invoice.ok) throw new Error(invoice.error.code)
  const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
  if (!paid.ok || paid.value.state !== 'confirmed') throw new Error(paid.ok ? paid.value.state : paid.error.code)
  return runtime.sales.context!.checkout.journal.get(invoice.value.saleId)!
}

beforeAll(async () => {
  rig = await apiRig()
  runtime = await startSandboxRuntime(rig, { mode: 'self-service', host: 'browser' })
  sale = await accessibleSale()
}, 60_000)
afterAll(async () => {
  await runtime?.close()
  await rig?.close()
})

describe('a wheelchair space and its companion seat', () => {
  it('keep their kinds in the journal’s confirmed order, seats and tickets alike', () => {
    const order = sale.order!
    expect(order.status).toBe('CONFIRMED')
    expect(order.items[0]!.seats.map((s) => s.seatType).sort()).toEqual([2, 3])
    expect(order.tickets.map((t) => t.seatType).sort()).toEqual([2, 3])
  })

  it('are named on the receipt, in words and with their symbols', () => {
    const receipt = receiptDocument(sale).html
    expect(receipt).toMatch(/Seats: Row \S+: \d+ \(♿ wheelchair space\); \d+ \(Ⓒ companion seat\)/)
    expect(receiptDocument(sale, { language: 'zh-CN' }).html).toContain('（♿ 轮椅位）')
    expect(receiptDocument(sale, { language: 'ms-MY' }).html).toContain('(Ⓒ tempat duduk peneman)')
  })

  it('are named on their tickets, for the door', () => {
    const [first, second] = ticketDocuments(sale).map((d) => d.html)
    const kinds = [first, second].map((html) => /<p class="seat-kind">([^<]*)<\/p>/.exec(html!)?.[1])
    expect(kinds.sort()).toEqual(['Ⓒ Companion seat', '♿ Wheelchair space'])
    expect(ticketDocuments(sale, { language: 'zh-HK' }).map((d) => d.html).join('')).toContain('♿ 輪椅位')
  })
})

describe('seat kinds kept across a restart', () => {
  it('an order answered again by the vendor (no kinds) keeps the kinds the journal kept, with nothing offered in this run', () => {
    const kept = sale.order!
    const answeredAgain: Order = structuredClone(kept)
    for (const item of answeredAgain.items) for (const seat of item.seats) delete seat.seatType
    for (const ticket of answeredAgain.tickets) delete ticket.seatType
    const order = withSeatKinds(answeredAgain, kept, null)
    expect(order.items[0]!.seats.map((s) => s.seatType).sort()).toEqual([2, 3])
    expect(order.tickets.map((t) => t.seatType).sort()).toEqual([2, 3])
  })

  it('an order kept before kinds were (an old journal row) still prints, its seats named plainly', () => {
    const old: SaleRecord = structuredClone(sale)
    for (const item of old.order!.items) for (const seat of item.seats) delete seat.seatType
    for (const ticket of old.order!.tickets) delete ticket.seatType
    expect(receiptDocument(old).html).toMatch(/Seats: Row \S+: \d+, \d+/)
    expect(ticketDocuments(old).every((d) => !d.html.includes('<p class="seat-kind">'))).toBe(true)
  })
})

describe('seat counts on paper', () => {
  it('say one seat as "Seat", more as "Seats", in each language’s plural', () => {
    expect(seatsOnPaper([{ row: '12', seat: '11' }], 'en-SG')).toBe('Seat: Row 12: 11')
    expect(seatsOnPaper([{ row: 'C', seat: '14' }, { row: 'C', seat: '15' }], 'en-SG')).toBe('Seats: Row C: 14, 15')
    expect(seatsOnPaper([{ row: '12', seat: '11' }], 'ms-MY')).toBe('Tempat duduk: Baris 12: 11')
    expect(seatsOnPaper([{ row: '12', seat: '11' }], 'zh-CN')).toBe('座位: 排 12: 11')
  })
})

describe('the shift report', () => {
  const totals = { sales: 1, soldCents: 0, refunds: 0, refundedCents: 0, netCents: 0, paidBack: 0, paidBackCents: 0 }
  const none = { sales: 0, soldCents: 0, refunds: 0, refundedCents: 0, netCents: 0, paidBack: 0, paidBackCents: 0 }
  const report = (seatKinds: ShiftReport['seatKinds']): ShiftReport => ({
    kind: 'X', shiftId: 'shift-0001', openedAt: new Date(0).toISOString(), closedAt: null, floatCents: 0, tickets: 2, ticketsRefunded: 0, ticketsNet: 2, refundsMade: [], seatKinds,
    card: totals, cash: none, standalone: none, expectedCashCents: 0, countedCents: null, count: null, varianceCents: null, unresolved: 0,
    terminal: 'kiosk-1', venues: [], openedBy: null, cashier: null, approvedBy: null, toleranceCents: null,
  })

  it('counts the wheelchair spaces and companion seats sold, each named as on the tickets', () => {
    const kinds = seatKindsSold([sale])
    expect(kinds).toEqual({ wheelchair: 1, companion: 1 })
    const page = shiftReportDocument(report(kinds), { training: true }).html
    expect(page).toMatch(/♿ Wheelchair space<\/td>\s*<td class="amount">1</)
    expect(page).toMatch(/Ⓒ Companion seat<\/td>\s*<td class="amount">1</)
  })

  it('a report of an older Foyer (no kinds) still prints, without those lines', () => {
    expect(shiftReportDocument(report(undefined), { training: true }).html).not.toContain('seat-kind-count')
  })
})
