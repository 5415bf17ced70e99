import type { SaleRecord, Tender } from './sales-journal'

/**
 * A shift's sales counted for its X and Z reports and for the drawer. A sale
 * refunded at the counter had been sold: it stays counted as sold, and its
 * refund is a line of its own (who asked, who approved), so sold − refunded
 * gives the net, per tender and in tickets. A payment given back because the
 * vendor would not confirm the sale was never a sale: it is counted apart, and
 * no money of it stays.
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

const refundOf = (sale: SaleRecord, tickets: number): ShiftRefund => ({
  saleId: sale.saleId,
  reference: sale.reference,
  tender: sale.tender,
  amountCents: sale.amountCents,
  tickets,
  askedBy: sale.refundAskedByName,
  approvedBy: sale.refundedByName,
})

export function tally(sales: readonly SaleRecord[]): ShiftTally {
  const byTender: Record<Tender, TenderTotals> = { card: emptyTotals(), cash: emptyTotals(), standalone: emptyTotals() }
  const counted: ShiftTally = { byTender, tickets: 0, ticketsRefunded: 0, ticketsNet: 0, refundsMade: [], unresolved: 0 }
  for (const sale of sales) {
    const totals = byTender[sale.tender]
    const tickets = sale.order?.tickets.length ?? 0
    if (sale.state === 'needs-staff') counted.unresolved++
    if (wasSold(sale)) {
      totals.sales++
      totals.soldCents += sale.amountCents
      counted.tickets += tickets
    }
    if (sale.state !== 'refunded') continue
    if (refundedAtCounter(sale)) {
      totals.refunds++
      totals.refundedCents += sale.amountCents
      counted.ticketsRefunded += tickets
      counted.refundsMade.push(refundOf(sale, tickets))
    } else {
      totals.paidBack++
      totals.paidBackCents += sale.amountCents
    }
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
