import type { TestCard } from '../sandbox/terminal/test-cards'

/**
 * The port every card terminal adapter fits (the sandbox terminal now; Adyen
 * Terminal API or Stripe Terminal later). Three rules keep a customer from
 * being charged twice or not at all:
 * - every payment carries an idempotency key (the invoice reference and the
 *   attempt number): asking again with the same key never charges again;
 * - an answer that did not arrive is "unknown", never "declined": the caller
 *   asks `status` before retrying, cancelling or refunding;
 * - a refund is by the same key, and refunding twice refunds once.
 */
/** unavailable: the terminal could not start the payment and took nothing; unknown: it may have. */
export type PaymentOutcome = 'approved' | 'declined' | 'cancelled' | 'unavailable' | 'unknown'

export interface PaymentResult {
  outcome: PaymentOutcome
  /** The terminal's own reference for the payment (the vendor's confirm gets it as paymentReference). */
  transactionId: string | null
  brand: string | null
  last4: string | null
  /** Why the outcome is unknown or what the terminal said, for the journal (never card data beyond last4). */
  detail?: string
}

export interface ChargeRequest {
  key: string
  amountCents: number
  currency: string
  /** Sandbox terminal only: which test card the training customer presented. */
  testCard?: TestCard
}

export interface PaymentTerminal {
  /** What the journal and staff call it, e.g. "sandbox-terminal". */
  readonly name: string
  /** Whether the customer chooses a test card (training) rather than presenting a real one. */
  readonly takesTestCards: boolean
  charge(request: ChargeRequest): Promise<PaymentResult>
  /** What became of a payment: null when the terminal never took one with that key; outcome unknown when it cannot say now. */
  status(key: string): Promise<PaymentResult | null>
  /** Gives an approved payment back. Throws when the terminal cannot be reached or refuses. */
  refund(key: string): Promise<void>
}
