import type { Tender } from '../journal/sales-journal'

/** What a counter refund answers the cashier (./counter-refund.ts, and ./refund-parts.ts for a split sale). */
export interface CounterRefund {
  state: 'refunded' | 'needs-staff'
  printed: boolean
  /** What the cashier does with the money: how it went back, how much, and the card's last four digits (never more). */
  tender: Tender
  amountCents: number
  cardLast4: string | null
  /** Each tender given back (a split sale has several): how, how much, and the card's last four digits. */
  parts: RefundPart[]
}

export interface RefundPart {
  tender: Tender
  amountCents: number
  cardLast4: string | null
}

