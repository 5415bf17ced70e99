import type { z } from 'zod'
import type { terminalStateSchema, TestCardFace, TestCardName } from '../contract/checkout-channels'

/**
 * The port every card terminal adapter fits (adyen/adyen-terminal.ts: Adyen's
 * Terminal API on the venue network, the training terminal included). Three
 * rules keep a customer from being charged twice or not at all:
 * - every payment carries an idempotency key (the invoice reference and the
 *   attempt number), sent as the sale's transaction id: the terminal can say
 *   what became of it;
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
  /** What card schemes want on the receipt, when the terminal gave it. */
  receipt?: CardReceipt
  /** With outcome unknown: the terminal is still busy with it (the customer is at it), so it can still be stopped. */
  pending?: boolean
}

/** A card payment's receipt lines as the terminal reported them (masked PAN only, never the card number). */
export interface CardReceipt {
  maskedPan: string | null
  authCode: string | null
  /** The card application's id (EMV AID). */
  aid: string | null
  entryMode: string | null
  /** The terminal's own customer-receipt lines, as "name value" text, when it returns them. */
  lines: string[]
}

export interface ChargeRequest {
  key: string
  amountCents: number
  currency: string
  /** Training terminal only: which test card the training customer presents. */
  testCard?: TestCardName
  /**
   * Fires when the customer gives up (Cancel on the kiosk) or walks away (the
   * kiosk's wait for the terminal ran out): the terminal is told to stop, and
   * the payment answers as it ends (cancelled, or approved if it got there first).
   */
  signal?: AbortSignal
}

/** What "Test terminal" found: ready, or what is wrong in words staff can act on. */
/** The states are the contract's: the kiosk and the staff screen word each one. */
export type TerminalCheckState = z.infer<typeof terminalStateSchema>

export interface TerminalCheck {
  state: TerminalCheckState
  /** For staff and the log: what the terminal or the connection said. */
  detail: string
}

export interface PaymentTerminal {
  /** What the journal and staff call it, e.g. "adyen V400m-324688179". */
  readonly name: string
  /** The cards a training customer chooses from instead of presenting a real one; none at a real terminal. */
  readonly testCards: readonly TestCardFace[]
  charge(request: ChargeRequest): Promise<PaymentResult>
  /** What became of a payment: null when the terminal never took one with that key; outcome unknown when it cannot say now. */
  status(key: string): Promise<PaymentResult | null>
  /** Gives an approved payment back. Throws when the terminal cannot be reached or refuses. */
  refund(key: string): Promise<void>
  /**
   * Asks the terminal to stop a payment still waiting for the customer, when
   * nobody is left to follow it (Foyer restarted mid-payment). Best effort: the
   * payment's status says how it ended.
   */
  abort(key: string): Promise<void>
  /** Asks the terminal whether it can take a payment now (the staff screen's "Test terminal", the kiosk's start). */
  check(): Promise<TerminalCheck>
}
