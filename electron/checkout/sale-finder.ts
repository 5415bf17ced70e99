import type { AppMode, FoundSale, FoundSaleStanding } from '../contract'
import type { Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import type { SaleState, SalesJournal, SaleRecord } from '../journal/sales-journal'
import type { SaleCodeKind } from '../journal/sale-codes'
import type { CounterDesk } from '../counter/counter-desk'
import { refundableHere } from './counter-refund'

/**
 * A sale found by the code a counter's scanner read (issue #34): this device's journal first, through
 * its index of codes (../journal/sale-codes.ts), then the box office's hub for the venue's other
 * devices. Counter only, with someone signed in: a self-service kiosk's customers may not look up
 * other people's sales, and a counter left signed out shows nobody anything.
 */
export const saleFinderMessageKeys = ['scanner.errors.counterOnly'] as const

/** What a scanned code may be: a booking reference or a ticket barcode (letters, digits, dashes). Anything else names no sale. */
const CODE = /^[A-Za-z0-9][A-Za-z0-9-]{3,63}$/

export function scannedCode(raw: string): string | null {
  const code = raw.trim()
  return CODE.test(code) ? code : null
}

const STANDING: Record<SaleState, FoundSaleStanding> = {
  confirmed: 'sold',
  printed: 'sold',
  refunded: 'refunded',
  cancelled: 'cancelled',
  failed: 'cancelled',
  'needs-staff': 'needs-staff',
  submitting: 'unfinished',
  invoiced: 'unfinished',
  paying: 'unfinished',
  declined: 'unfinished',
  'part-paid': 'unfinished',
  paid: 'unfinished',
}

const PAYMENT_STATE = { approved: 'taken', refunded: 'given-back' } as const

/** The sale as the sale screen shows it, with what may be done with it here. */
export function foundSaleOf(sale: SaleRecord, matched: SaleCodeKind, code: string, openShiftId: string | null): FoundSale {
  const standing = STANDING[sale.state]
  const order = sale.order
  const sameCode = (barcode: string) => barcode.toLowerCase() === code.toLowerCase()
  return {
    source: 'here',
    soldAt: null,
    saleId: sale.saleId,
    reference: sale.reference ?? order?.reference ?? null,
    matched,
    standing,
    createdAt: new Date(sale.createdAt).toISOString(),
    soldBy: sale.soldByName,
    amountCents: sale.amountCents,
    shows: (order?.items ?? []).map((item) => ({ title: item.showTitle, date: item.showDate, tickets: item.quantity })),
    tickets: (order?.tickets ?? []).map((t) => ({
      ticketNumber: t.ticketNumber,
      barcode: t.barcode,
      section: t.sectionAlias,
      row: t.row,
      seat: t.seat,
      priceClassCode: t.priceClassCode,
      scanned: matched === 'ticket' && sameCode(t.barcode),
    })),
    payments: sale.payments
      .filter((p) => p.kind === 'payment')
      .map((p) => ({ tender: p.tender, amountCents: p.amountCents, state: p.state === 'approved' || p.state === 'refunded' ? PAYMENT_STATE[p.state] : ('not-taken' as const) })),
    refunds: sale.payments
      .filter((p) => p.kind === 'refund' && p.state === 'approved')
      .map((p) => ({ tender: p.tender, amountCents: p.amountCents, askedBy: p.askedBy, approvedBy: p.approvedBy })),
    canReprint: standing === 'sold',
    // The counter refund's own rule (./counter-refund.ts), so the button is offered exactly where it would be taken.
    canRefund: refundableHere(sale, openShiftId),
  }
}

export interface SaleFinderScope {
  journal: () => SalesJournal
  openShiftId: () => string | null
  mode: () => AppMode
  desk: CounterDesk | null
  /** The box office's hub, asked for a sale of another device (of the same backend) when this one has none; null: not linked. Never throws. */
  atHub: ((code: string, backend: string) => Promise<FoundSale | null>) | null
}

export function saleFinderHandler(scope: SaleFinderScope): Handler<'sales.find'> {
  return async (r) => {
    if (scope.mode() !== 'counter' || !scope.desk) {
      throw new FoyerError({ code: 'sales.find-counter-only', messageKey: 'scanner.errors.counterOnly', retryable: false, detail: 'sales are looked up at a counter only' })
    }
    // Also guarded as a cashier's channel (../counter/counter-desk.ts): checked here too, the one rule in one place.
    scope.desk.requireCashier()
    const code = scannedCode(r.code)
    if (!code) return null
    const journal = scope.journal()
    const [here] = journal.byCode(code)
    if (here) return foundSaleOf(here.sale, here.kind, code, scope.openShiftId())
    return scope.atHub ? scope.atHub(code, journal.backend) : null
  }
}
