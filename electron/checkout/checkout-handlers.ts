import type { AppMode } from '../contract'
import type { Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import type { ShiftBook } from '../journal/shift-book'
import { TEST_CARDS, testCardNames } from '../sandbox/terminal/test-cards'
import type { CheckoutService } from './checkout-service'

/**
 * The checkout channels over the connected backend's checkout service. Cash
 * is taken at the counter only: a self-service kiosk has no drawer.
 */
export interface CheckoutHandlers {
  'checkout.terminal': Handler<'checkout.terminal'>
  'checkout.submit': Handler<'checkout.submit'>
  'checkout.pay': Handler<'checkout.pay'>
  'checkout.cancel': Handler<'checkout.cancel'>
  'checkout.abortPayment': Handler<'checkout.abortPayment'>
  'checkout.reprint': Handler<'checkout.reprint'>
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export function checkoutHandlers(
  checkout: () => CheckoutService,
  shifts: () => ShiftBook,
  mode: () => AppMode,
  /** Throws unless the show's event is on sale now (./sale-windows.ts). */
  onSale: (productId: number) => void,
): CheckoutHandlers {
  const refuseCashHere = (tender: 'card' | 'cash') => {
    if (tender === 'cash' && mode() !== 'counter') {
      throw new FoyerError({ code: 'checkout.cash-not-here', messageKey: 'checkout.errors.cashAtCounter', retryable: false, detail: 'cash is taken at the counter only' })
    }
  }
  return {
    'checkout.terminal': async () => {
      const terminal = checkout().terminal
      return {
        cards: terminal !== null,
        state: terminal ? (await terminal.check()).state : null,
        testCards: terminal?.takesTestCards ? testCardNames.map((card) => ({ card, pan: TEST_CARDS[card].pan, brand: TEST_CARDS[card].brand.toUpperCase() })) : [],
      }
    },
    'checkout.submit': async (r) => {
      refuseCashHere(r.tender)
      for (const item of r.order.items) onSale(item.productId)
      // Counter sales are filed under the open shift; cash needs one (the drawer's float is in it).
      const shift = mode() === 'counter' ? shifts().current() : null
      if (r.tender === 'cash' && !shift) {
        throw new FoyerError({ code: 'shift.none-open', messageKey: 'checkout.errors.noShift', retryable: false, detail: 'cash needs an open shift' })
      }
      const invoice = await checkout().submit(r.order, r.tender, shift?.shiftId ?? null)
      return { saleId: invoice.saleId, reference: invoice.reference, amountCents: invoice.amountCents, expiresAt: iso(invoice.expiresAt) }
    },
    'checkout.pay': async (r) => {
      refuseCashHere(r.tender)
      const outcome = await checkout().pay(r.saleId, r.tender === 'cash' ? { tender: 'cash', tenderedCents: r.tenderedCents } : { tender: 'card', testCard: r.testCard })
      return { saleId: outcome.saleId, state: outcome.state, order: outcome.order, changeCents: outcome.changeCents, printed: outcome.printed }
    },
    // Reprints at the counter (a jammed roll, a lost ticket): the same documents, from the journal.
    'checkout.reprint': async (r) => {
      if (mode() !== 'counter') {
        throw new FoyerError({ code: 'checkout.reprint-counter-only', messageKey: 'checkout.errors.reprintAtCounter', retryable: false, detail: 'reprints are made at the counter' })
      }
      return { printed: await checkout().reprint(r.saleId, r.what) }
    },
    // The customer stops a card payment waiting at the terminal (their own sale, from the payment screen).
    'checkout.abortPayment': (r) => ({ aborting: checkout().abortPayment(r.saleId) }),
    'checkout.cancel': async (r) => {
      await checkout().cancel(r.saleId)
      return { state: 'cancelled' as const }
    },
  }
}
