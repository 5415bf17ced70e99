import { paymentsTaken } from './sale-payments'
import type { PaymentRecord, SaleRecord, Tender } from './sales-journal'

/**
 * A shift's sales counted for its X and Z reports and for the drawer. A sale
 * refunded at the counter had been sold: it stays counted as sold, and its
 * refund is a line of its own (who asked, who approved), so sold − refunded
 * gives the net, per tender and in tickets. A payment given back because the
 * vendor would not confirm the sale was never a sale: it is counted apart, and
 * no money of it stays. Each payment is counted under its own tender, so a
 * split sale's parts each fall in their own line.
 */
export interface TenderTotals {
  /** Sales made, including those refunded since. */
  sales: number
  soldCents: number
  /** Sales refunded at the counter (each also counted in `sales`). */
  refunds: number
  refundedCents: number
  /** Sold minus refunded: what the tender took in the end. */
  netCents: number
  /** Payments given back unsold (the vendor would not confirm): neither sold nor refunded, no money stays. */
  paidBack: number
  paidBackCents: number
}

/** One counter refund, as the reports list it. */
export interface ShiftRefund {
  saleId: string
  reference: string | null
  tender: Tender
  amountCents: number
  tickets: number
  /** The cashier who asked (null: a refund from before it was kept) and the supervisor who approved. */
  askedBy: string | null
  approvedBy: string | null
}

export interface ShiftTally {
  byTender: Record<Tender, TenderTotals>
  /** Tickets sold (including those refunded since), refunded at the counter, and the net. */
  tickets: number
  ticketsRefunded: number
  ticketsNet: number
  refundsMade: ShiftRefund[]
  /** Sales still waiting for staff (a payment whose fate is unknown). */
  unresolved: number
}

export const emptyTotals = (): TenderTotals => ({ sales: 0, soldCents: 0, refunds: 0, refundedCents: 0, netCents: 0, paidBack: 0, paidBackCents: 0 })

/**
 * A sale refunded at the counter names the supervisor who approved it; one given back because the vendor
 * would not confirm names nobody. The counter refunds only confirmed sales, so a name means it was sold.
 */
const refundedAtCounter = (sale: SaleRecord) => sale.refundedByName !== null
export const wasSold = (sale: SaleRecord) => sale.state === 'confirmed' || sale.state === 'printed' || refundedAtCounter(sale)

const refundOf = (sale: SaleRecord, part: PaymentRecord, tickets: number): ShiftRefund => ({
  saleId: sale.saleId,
  reference: sale.reference,
  tender: part.tender,
  amountCents: part.amountCents,
  tickets,
  askedBy: sale.refundAskedByName,
  approvedBy: sale.refundedByName,
})

/**
 * Counts each payment under its own tender: a split sale's cash part in the
 * drawer's line and its card part in the card's, each counted as a sale of that
 * tender. A refund is counted by its own records, each part under its tender
 * (one line per part; the tickets on the first).
 */
function countPayments(counted: ShiftTally, sale: SaleRecord, tickets: number): void {
  const taken = paymentsTaken(sale.payments)
  if (wasSold(sale)) {
    counted.tickets += tickets
    for (const part of taken) {
      counted.byTender[part.tender].sales++
      counted.byTender[part.tender].soldCents += part.amountCents
    }
  }
  const givenBack = sale.payments.filter((p) => p.kind === 'refund' && p.state === 'approved')
  if (givenBack.length === 0) return
  if (sale.orderState === 'refunded' && refundedAtCounter(sale)) {
    counted.ticketsRefunded += tickets
    givenBack.forEach((refund, index) => {
      const totals = counted.byTender[refund.tender]
      totals.refunds++
      totals.refundedCents += refund.amountCents
      counted.refundsMade.push(refundOf(sale, refund, index === 0 ? tickets : 0))
    })
  } else if (!wasSold(sale)) {
    // Given back unsold (the vendor would not confirm): no money of it stays.
    for (const refund of givenBack) {
      counted.byTender[refund.tender].paidBack++
      counted.byTender[refund.tender].paidBackCents += refund.amountCents
    }
  }
}

export function tally(sales: readonly SaleRecord[]): ShiftTally {
  const byTender: Record<Tender, TenderTotals> = { card: emptyTotals(), cash: emptyTotals(), standalone: emptyTotals() }
  const counted: ShiftTally = { byTender, tickets: 0, ticketsRefunded: 0, ticketsNet: 0, refundsMade: [], unresolved: 0 }
  for (const sale of sales) {
    if (sale.state === 'needs-staff') counted.unresolved++
    countPayments(counted, sale, sale.order?.tickets.length ?? 0)
  }
  for (const totals of Object.values(byTender)) totals.netCents = totals.soldCents - totals.refundedCents
  counted.ticketsNet = counted.tickets - counted.ticketsRefunded
  return counted
}

/**
 * A Z report kept by an older Foyer: its sales left refunded ones out, so they are its net as they stand,
 * and it had no refund lines, ticket refunds or payments given back apart.
 */
export const olderTotals = (totals: Partial<TenderTotals> & Pick<TenderTotals, 'sales' | 'soldCents' | 'refunds' | 'refundedCents'>): TenderTotals => ({
  netCents: totals.soldCents,
  paidBack: 0,
  paidBackCents: 0,
  ...totals,
})
