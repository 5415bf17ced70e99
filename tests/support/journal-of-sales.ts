import type { Order, OrderRequest, Ticket } from '../../electron/contract'
import type { LocalDb } from '../../electron/database/local-db'
import { hubRecordPayloads } from '../../electron/hub-link/journal-records'
import { SalesJournal } from '../../electron/journal/sales-journal'
import { ShiftBook } from '../../electron/journal/shift-book'
import { SGD_DENOMINATIONS } from '../../electron/contract/cash-count'

/**
 * A counter's journal with a past: sales written through the journal's own steps (ordered, paid in cash,
 * confirmed with the vendor's order and its tickets, printed), every tenth given back, every fiftieth
 * reprinted, a shift opened and closed every 200 sales, as main writes them, with each record for the
 * hub frozen as its step writes it. For the journal-age tests and `npm run bench:journal-age`.
 */
export const PAST_BACKEND = 'production/citytheatre'
const PER_SHIFT = 200
const money = (amount: number) => ({ amount, currency: 'SGD', formatted: `S$${amount.toFixed(2)}` })

export const pastRequest: OrderRequest = {
  patron: { email: 'walkup@example.com', firstName: 'Mei' },
  items: [{ productId: 7, sectionId: 3, priceCategoryId: 2, mode: 'BA', quantity: 2, lines: [{ priceClassCode: 'A', quantity: 2 }] }],
  deliveryMethodCode: 'PRINT_ON_SITE',
  paymentMethodCode: 'CASH',
  totalAmount: 50,
} as OrderRequest

const ticket = (barcode: string): Ticket => ({ ticketNumber: `T-${barcode}`, barcode, productId: 7, sectionAlias: 'Stalls', row: 'A', seat: barcode.slice(-2), inventoryId: null, priceClassCode: 'A', seatType: null })

export function pastOrder(reference: string): Order {
  return {
    orderId: 1, reference, status: 'CONFIRMED', patronAccountNo: null, amountToBePaid: money(50), reservedTime: null, expirationTime: null,
    deliveryMethodCode: 'PRINT_ON_SITE', deliveryCharge: null, paymentMethodCode: 'CASH', confirmedTime: null, paymentReference: null,
    tickets: [ticket(`${reference}01`), ticket(`${reference}02`)],
    items: [{
      productId: 7, showTitle: 'Swan Lake', showDate: '2026-11-26T20:00:00+08:00', sectionId: 3, sectionAlias: 'Stalls', priceCategoryId: 2, priceCategoryAlias: 'A reserve', mode: 'BA', quantity: 2, seats: [],
      lines: [{ priceClassCode: 'A', priceClassAlias: 'Adult', quantity: 2, unitPrice: money(25), fees: [] }],
      subtotal: money(50),
    }],
  }
}

export const saleIdOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`

/** One counter cash sale, every step main writes for it, through the journal; answers its id. */
export function sellOne(journal: SalesJournal, n: number, shiftId: string | null): string {
  const saleId = saleIdOf(n)
  const reference = `FY${n}`
  journal.begin({ saleId, tender: 'cash', request: pastRequest, shiftId, soldBy: { staffId: 's1', name: 'Aisha Rahman' } })
  // The steps checkout writes without waiting for the disk (electron/checkout/checkout-service.ts, settlement.ts), so here.
  journal.unwaited(() => journal.record(saleId, 'order-submitted', 'submitted', { reference }))
  const { seq } = journal.unwaited(() => journal.startPayment(saleId, 'payment-started', { tender: 'cash', amountCents: 5_000, tenderedCents: 5_000 }))
  journal.settlePayment(saleId, 'cash-taken', seq, 'approved', { reference: `CASH-${n}`, changeCents: 0 })
  journal.unwaited(() => journal.record(saleId, 'confirmed', 'confirmed', { order: pastOrder(reference) }))
  journal.note(saleId, 'print-started', { what: 'sale', documents: ['ticket-1', 'ticket-2', 'receipt'] })
  journal.record(saleId, 'printed', 'confirmed', { printed: true }, { what: 'sale' })
  return saleId
}

export interface PastJournal {
  journal: SalesJournal
  shifts: ShiftBook
  /** The clock the journal writes by: each read one second on. */
  clock: () => number
}

/**
 * A journal over `db` whose steps write their hub records, on a clock of its own (or the one given); each
 * record's payload frozen with its step (patron window 30 days), as main's journal does, unless `frozen`
 * is false: then the outbox makes it when it first sends it.
 */
export function pastJournal(db: LocalDb, options: { clock?: () => number; frozen?: boolean } = {}): PastJournal {
  let at = Date.parse('2025-01-01T02:00:00Z')
  const clock = options.clock ?? (() => (at += 1000))
  const journal = new SalesJournal(db, PAST_BACKEND, clock, null, options.frozen === false ? null : hubRecordPayloads(db, () => 30))
  return { journal, shifts: new ShiftBook(db, journal, PAST_BACKEND, clock), clock }
}

const COUNT = SGD_DENOMINATIONS.map((d) => ({ denominationCents: d.cents, quantity: 0 }))
const CASHIER = { staffId: 's1', name: 'Aisha Rahman', role: 'cashier' as const }

/**
 * Sells `sales` more sales through `past`, numbered from `from`, in shifts of 200 (each closed when full),
 * each `batch` of them in one transaction of the database (the journal's steps nest inside it as they would
 * stand alone). Leaves the last shift open. Answers the next number.
 */
export function sellPast(db: LocalDb, past: PastJournal, sales: number, from = 1, batch = 500): number {
  const { journal, shifts } = past
  let n = from
  while (n < from + sales) {
    db.transaction(() => {
      for (const end = Math.min(n + batch, from + sales); n < end; n++) {
        const shift = shifts.current() ?? shifts.open(10_000, CASHIER)
        const saleId = sellOne(journal, n, shift.shiftId)
        if (n % 10 === 0) journal.refundPayment(saleId, 'refunded', { refersTo: 1, state: 'approved', askedBy: 'Aisha Rahman', approvedBy: 'Tan Wei' }, 'refunded')
        if (n % 50 === 0) journal.note(saleId, 'printed', { what: 'tickets' })
        if (n % PER_SHIFT === 0) shifts.close(COUNT, { closedBy: CASHIER })
      }
    })()
  }
  return n
}
