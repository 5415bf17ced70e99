import type { AppMode, TenderName } from '../contract'
import { CASH_PAYMENT_CODE } from '../contract/house-facts'
import { FoyerError } from '../ipc-core/foyer-error'

/**
 * How a sale is paid, decided by main: from the payment method the order
 * gives the vendor (which is what the vendor records, and what the shift's
 * report counts it as) and the mode Foyer runs in, never from the renderer's
 * word. A renderer that called a CASH order a card sale would have a kiosk
 * place cash orders it cannot take, or a counter's drawer counted against
 * card payments. So: a cash method is cash, at a counter only (a self-service
 * kiosk has no drawer); any other method is a card, taken at the card
 * terminal, or at a counter without one on the standalone terminal (its
 * approval code keyed in). A counter whose terminal is down takes a card sale
 * over on the standalone terminal when it is paid (checkout-service.ts).
 */

/** The vendor's payment method codes for cash in the drawer (the sandbox's and the vendor's: 'CASH'). */
const CASH_METHODS: ReadonlySet<string> = new Set([CASH_PAYMENT_CODE])

export const isCashMethod = (paymentMethodCode: string): boolean => CASH_METHODS.has(paymentMethodCode.trim().toUpperCase())

export function tenderOf(paymentMethodCode: string, mode: AppMode, cardTerminal: boolean): TenderName {
  if (isCashMethod(paymentMethodCode)) {
    if (mode === 'counter') return 'cash'
    throw new FoyerError({ code: 'checkout.cash-not-here', messageKey: 'checkout.errors.cashAtCounter', retryable: false, detail: 'cash is taken at the counter only' })
  }
  return mode === 'counter' && !cardTerminal ? 'standalone' : 'card'
}

/** Every message key the tender's refusals answer with (the renderer words each one). */
export const tenderMessageKeys = ['checkout.errors.tenderMismatch'] as const

/**
 * A sale is paid only by the tender it was placed for: a CASH order paid at the card terminal would be
 * recorded as cash at the vendor and leave the drawer short, and the reverse. The one exception: a card
 * sale taken over on the standalone terminal when the integrated one is down (nothing was taken yet).
 */
export function refuseOtherTender(sale: { saleId: string; tender: TenderName }, paidBy: TenderName, splitPart = false): void {
  const takeover = paidBy === 'standalone' && sale.tender === 'card'
  // A split sale's cash part (or cash for the rest after its card declined) pays a card sale in part: ./split-tender.ts.
  if (paidBy === sale.tender || takeover || (splitPart && sale.tender !== 'cash')) return
  throw new FoyerError({ code: 'checkout.tender', messageKey: 'checkout.errors.tenderMismatch', retryable: false, detail: `sale ${sale.saleId} is paid by ${sale.tender}` })
}
