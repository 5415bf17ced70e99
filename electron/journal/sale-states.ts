/**
 * A sale is an order and its payments (pretix's model): the order has a state
 * of its own, each payment attempt and each refund is a record with its own,
 * and where the sale stands (what the screens and recovery read) is derived
 * from both. Each state machine has one transition function, which refuses a
 * move that cannot happen: a journal that says "refunded" for a payment never
 * approved would be a lie about money.
 */

/**
 * The order's own state. submitting: sent to the vendor, no answer kept;
 * submitted: the vendor holds it unpaid (its payments decide what follows);
 * confirmed: tickets issued; cancelled: voided (nothing sold); refunded: sold,
 * then given back at the counter; failed: never placed.
 */
export const ORDER_STATES = ['submitting', 'submitted', 'confirmed', 'cancelled', 'refunded', 'failed'] as const
export type OrderState = (typeof ORDER_STATES)[number]

/**
 * A payment's (or a refund's) state. started: sent to the terminal or the
 * drawer, answer not kept; approved: taken (a refund: given back); declined:
 * not taken (a refund: not given back); unknown: nobody can say yet; refunded:
 * a payment given back (by a refund record of its own).
 */
export const PAYMENT_STATES = ['started', 'approved', 'declined', 'unknown', 'refunded'] as const
export type PaymentState = (typeof PAYMENT_STATES)[number]

export type PaymentKind = 'payment' | 'refund'

/** How a payment is taken (the contract's tenderSchema). */
export type Tender = 'card' | 'cash' | 'standalone'

const ORDER_MOVES: Record<OrderState, readonly OrderState[]> = {
  submitting: ['submitted', 'failed'],
  // Staying submitted: a renewed invoice, a payment recorded, a note for staff.
  submitted: ['submitted', 'confirmed', 'cancelled'],
  // Staying confirmed: printed, a failed counter refund handed to staff.
  confirmed: ['confirmed', 'refunded'],
  // Staying: staff told what to do with money given back.
  cancelled: ['cancelled'],
  refunded: ['refunded'],
  failed: ['failed'],
}

const PAYMENT_MOVES: Record<PaymentState, readonly PaymentState[]> = {
  started: ['approved', 'declined', 'unknown'],
  // An unknown payment is asked about again: the terminal (or staff) may yet say.
  unknown: ['approved', 'declined', 'unknown'],
  approved: ['refunded'],
  declined: [],
  refunded: [],
}

export class SaleTransitionError extends Error {
  override readonly name = 'SaleTransitionError'
}

/** The order's next state, or a clear refusal of a move that cannot happen (a voided order confirmed, a refund undone). */
export function orderTransition(saleId: string, from: OrderState, to: OrderState): OrderState {
  if (!ORDER_MOVES[from].includes(to)) throw new SaleTransitionError(`sale ${saleId}: an order ${from} cannot become ${to}`)
  return to
}

/** A payment's next state, or a clear refusal (a declined payment approved later, a payment refunded twice). */
export function paymentTransition(saleId: string, seq: number, from: PaymentState, to: PaymentState): PaymentState {
  if (!PAYMENT_MOVES[from].includes(to)) throw new SaleTransitionError(`sale ${saleId}: payment ${seq} ${from} cannot become ${to}`)
  return to
}

/**
 * Where a sale stands, derived from its order and payments: the words the
 * screens, recovery and the shift's reports read. part-paid: a split sale
 * with a part taken and the rest not yet (nothing in flight).
 */
export type SaleState =
  | 'submitting'
  | 'invoiced'
  | 'paying'
  | 'declined'
  | 'part-paid'
  | 'paid'
  | 'confirmed'
  | 'printed'
  | 'cancelled'
  | 'refunded'
  | 'failed'
  | 'needs-staff'

type PaymentFacts = StandingFacts['payments']

/** What a sale's approved payments have taken so far (a payment refunded since no longer counts). */
export const takenOf = (sale: { payments: PaymentFacts }): number =>
  sale.payments.filter((p) => p.kind === 'payment' && p.state === 'approved').reduce((sum, p) => sum + p.amountCents, 0)

/** What is still to pay on the order: the whole, or the rest after a split sale's parts. */
export const dueOf = (sale: { payments: PaymentFacts; amountCents: number }): number => Math.max(0, sale.amountCents - takenOf(sale))

/** What the standing is derived from. */
export interface StandingFacts {
  orderState: OrderState
  heldForStaff: boolean
  printed: boolean
  amountCents: number
  payments: readonly { kind: PaymentKind; state: PaymentState; amountCents: number }[]
}

export function standingOf(facts: StandingFacts): SaleState {
  if (facts.heldForStaff) return 'needs-staff'
  const payments = facts.payments.filter((p) => p.kind === 'payment')
  switch (facts.orderState) {
    case 'confirmed':
      return facts.printed ? 'printed' : 'confirmed'
    case 'cancelled':
      // Voided after money was taken and given back: the customer was refunded.
      return payments.some((p) => p.state === 'refunded') ? 'refunded' : 'cancelled'
    case 'submitted':
      return standingOfSubmitted(payments, facts.amountCents)
    default:
      return facts.orderState
  }
}

function standingOfSubmitted(payments: StandingFacts['payments'], amountCents: number): SaleState {
  const last = payments.at(-1)
  if (!last) return 'invoiced'
  if (last.state === 'started' || last.state === 'unknown') return 'paying'
  const taken = takenOf({ payments })
  if (taken >= amountCents && taken > 0) return 'paid'
  if (taken > 0) return 'part-paid'
  return 'declined'
}

/** Standings recovery must look at: a call was (or may have been) in flight, or money is taken and the sale unfinished. */
export const UNFINISHED_STATES: readonly SaleState[] = ['submitting', 'invoiced', 'paying', 'declined', 'part-paid', 'paid', 'needs-staff']
