import type { Cents } from '../format/money'

/**
 * A pre-payment order as the sandbox stores it: enough to answer, confirm,
 * expire and reprint it (orders.ts keeps them, order-answer.ts says them as
 * the API does).
 */

export type OrderStatus = 'PENDING_PAYMENT' | 'CONFIRMED' | 'CANCELLED' | 'EXPIRED'

export interface LedgerLine {
  code: string
  alias: string
  quantity: number
  unitCents: Cents
  fees: { code: string; cents: Cents }[]
}

/** What a line costs in all: its quantity at the unit price with every fee. */
export function lineCents(line: LedgerLine): Cents {
  return line.quantity * (line.unitCents + line.fees.reduce((n, f) => n + f.cents, 0))
}

export interface LedgerItem {
  productId: number
  sectionId: number
  priceCatId: number
  mode: string
  ordinals: number[]
  quantity: number
  lines: LedgerLine[]
}

/** What is stored of an order: enough to answer, confirm, expire and reprint it. */
export interface OrderRecord {
  txnRef: string
  orderId: number
  patronNo: number
  status: OrderStatus
  amountCents: Cents
  createdAt: number
  expiresAt: number
  confirmedAt: number | null
  paymentRef: string | null
  deliveryMethodCode: string
  deliveryCents: Cents
  paymentMethodCode: string
  items: LedgerItem[]
  /** The client that placed it; only it may read, confirm or cancel it. Absent in orders stored before clients were told apart: the first client's. */
  clientId?: string
}
