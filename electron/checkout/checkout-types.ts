import type { Order, OrderRequest } from '../contract'
import type { TestCardName } from '../contract/checkout-channels'
import { FoyerError } from '../ipc-core/foyer-error'
import { dueOf } from '../journal/sale-states'
import type { SaleRecord, Tender } from '../journal/sales-journal'
import type { PaperLanguage } from '../printing/paper-words'

/**
 * The words checkout's parts share: what a placed order answers (an invoice),
 * what a payment asks for (a tender and its input) and what a sale comes to
 * (an outcome). Tenders (./tenders.ts) and settlement (./settlement.ts) meet
 * only through these, so a payment can become a record of its own later
 * without either side learning the other's insides.
 */
export interface Invoice {
  saleId: string
  reference: string
  amountCents: number
  expiresAt: number | null
}

/**
 * The counter's cash drawer as checkout opens it (./cash-drawer.ts): after cash is taken, and when cash
 * goes back. A pulse that fails is the cashier's key, never a stopped sale: open() does not throw for it.
 */
export interface DrawerPulses {
  open(purpose: 'cash-sale' | 'cash-refund' | 'float', about?: { saleId?: string }): Promise<unknown>
  /** Refuses (retryable) while the printer says the drawer is still open: the next sale waits for it. */
  requireClosed(): Promise<void>
}

/** Opens the drawer when any of the payments given back was cash; whatever the drawer answers, the refund stands (a pulse that failed is the cashier's key). */
export async function openForCashBack(drawer: DrawerPulses | null, saleId: string, given: readonly { tender: Tender }[]): Promise<void> {
  if (!drawer || !given.some((payment) => payment.tender === 'cash')) return
  await drawer.open('cash-refund', { saleId }).catch(() => undefined)
}

/** An order to place, and what its sale is filed with. */
export interface OrderToPlace {
  request: OrderRequest
  tender: Tender
  /** The shift the sale is filed under; null at a kiosk. */
  shiftId?: string | null
  /** Where each show is, as the catalogue said (the tickets name the venue). */
  venues?: Record<number, string | null>
  /** The customer's language, for their tickets and receipt. */
  language?: PaperLanguage
  /** The cashier signed in at the counter, filed with the sale. */
  soldBy?: { staffId: string; name: string } | null
}

/** part-paid: a split sale's cash part is taken, the rest is due (`dueCents`). */
export type CheckoutState = 'confirmed' | 'part-paid' | 'declined' | 'unavailable' | 'refunded' | 'needs-staff'

export interface CheckoutOutcome {
  saleId: string
  state: CheckoutState
  order: Order | null
  changeCents: number | null
  /** What is still to pay: the rest of a split sale after its parts (0 once paid). */
  dueCents: number
  /** Whether the tickets and receipt (or the refund slip) came out of the printer. */
  printed: boolean
  /** For a declined or failed payment: why, as the terminal or vendor said (for staff, never shown raw to customers). */
  detail?: string
}

export type PaymentInput =
  | { tender: 'card'; testCard?: TestCardName }
  /** partCents: a split sale's cash part (the rest on the card); without it, cash pays all that is due. */
  | { tender: 'cash'; tenderedCents: number; partCents?: number; shiftId?: string | null }
  /** The approval code as staff typed it; the shift to file the sale under (a card sale taken over may have none). */
  | { tender: 'standalone'; approvalCode: string; shiftId?: string | null }

/** Every message key checkout can answer with; the renderer has each in every language (tested). */
export const checkoutMessageKeys = [
  'checkout.errors.noTerminal',
  'checkout.errors.notPayable',
  'checkout.errors.notCancellable',
  'checkout.errors.cashShort',
  'checkout.errors.cashAtCounter',
  'checkout.errors.noShift',
  'checkout.errors.notPrintable',
  'checkout.errors.noPrinter',
  'checkout.errors.reprintAtCounter',
  'checkout.errors.refundAtCounter',
  'checkout.errors.paymentInProgress',
  'checkout.errors.notOnSale',
  'checkout.errors.showCutOff',
  'checkout.errors.signInFirst',
  'checkout.errors.approvalCode',
  'checkout.errors.standaloneAtCounter',
  'checkout.errors.noShiftStandalone',
  'checkout.errors.eticketEmail',
  'checkout.errors.printerCannotPrint',
  'checkout.errors.printerEticketsOnly',
  'checkout.errors.splitPart',
  'cart.deliveryAtCounter',
  'errors.api.orderExpired',
] as const

export const checkoutError = (code: string, messageKey: string, detail: string, retryable = false) =>
  new FoyerError({ code, messageKey, retryable, detail })

/** A sale's outcome as the journal has it now. */
export function outcomeFor(sale: SaleRecord, state: CheckoutState): CheckoutOutcome {
  const dueCents = state === 'confirmed' || state === 'refunded' ? 0 : dueOf(sale)
  // The change due now: the last payment's, if it was cash (a split sale's cash part had its change when it was taken).
  const last = sale.payments.filter((p) => p.kind === 'payment' && p.state !== 'declined').at(-1)
  const changeCents = last?.tender === 'cash' ? last.changeCents : null
  return { saleId: sale.saleId, state, order: sale.order, changeCents, dueCents, printed: sale.state === 'printed' }
}

/** The error's code for the journal: the vendor's or transport's, else "unknown". */
export const codeOf = (error: unknown): string => (error as { code?: string } | null)?.code ?? 'unknown'

/** What the parts of checkout call back into the service for: a journal step taken, a sale read back. */
export interface SaleSteps {
  /** Tells the screen, then lets a test crash here (CheckoutOptions.afterStep). */
  step(saleId: string, step: string): Promise<void>
  /** The sale as the journal has it now; throws for an unknown sale. */
  sale(saleId: string): SaleRecord
}
