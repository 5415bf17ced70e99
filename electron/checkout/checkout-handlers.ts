import type { AppMode, TenderName } from '../contract'
import type { Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import type { ShiftBook } from '../journal/shift-book'
import { TEST_CARDS, testCardNames } from '../sandbox/terminal/test-cards'
import type { CheckoutService, PaymentInput } from './checkout-service'

/**
 * The checkout channels over the connected backend's checkout service. Cash
 * is taken at the counter only: a self-service kiosk has no drawer. So is the
 * standalone terminal: its approval code is staff's word that a card was
 * charged, and only a signed-in cashier (counter-desk.ts) may give it. Both
 * need an open shift, where they are counted and reconciled.
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

type PayRequest = Parameters<CheckoutHandlers['checkout.pay']>[0]

/** The contract's payment request as checkout takes it; a standalone payment is filed under the open shift. */
function paymentOf(r: PayRequest, openShift: () => string): PaymentInput {
  switch (r.tender) {
    case 'cash':
      return { tender: 'cash', tenderedCents: r.tenderedCents }
    case 'standalone':
      return { tender: 'standalone', approvalCode: r.approvalCode, shiftId: openShift() }
    case 'card':
      return { tender: 'card', testCard: r.testCard }
  }
}

export function checkoutHandlers(
  checkout: () => CheckoutService,
  shifts: () => ShiftBook,
  mode: () => AppMode,
  shows: {
    /** Throws unless the show's event is on sale now (./sale-windows.ts). */
    onSale: (productId: number) => void
    /** The venue of a show listed here, for its tickets. */
    venueOf: (productId: number) => string | null
  },
): CheckoutHandlers {
  const { onSale, venueOf } = shows
  const refuseAwayFromCounter = (tender: TenderName) => {
    if (tender === 'cash' && mode() !== 'counter') {
      throw new FoyerError({ code: 'checkout.cash-not-here', messageKey: 'checkout.errors.cashAtCounter', retryable: false, detail: 'cash is taken at the counter only' })
    }
    if (tender === 'standalone' && mode() !== 'counter') {
      throw new FoyerError({ code: 'checkout.standalone-not-here', messageKey: 'checkout.errors.standaloneAtCounter', retryable: false, detail: 'the standalone terminal is used at the counter only' })
    }
  }
  /** The open shift a cash or standalone sale is counted in; refused when there is none. */
  const shiftFor = (tender: 'cash' | 'standalone') => {
    const shift = shifts().current()
    if (shift) return shift
    const messageKey = tender === 'cash' ? 'checkout.errors.noShift' : 'checkout.errors.noShiftStandalone'
    throw new FoyerError({ code: 'shift.none-open', messageKey, retryable: false, detail: `${tender} needs an open shift` })
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
      refuseAwayFromCounter(r.tender)
      for (const item of r.order.items) onSale(item.productId)
      // Counter sales are filed under the open shift; cash needs one (the drawer's float is in it), and so
      // does the standalone terminal (its batch is reconciled against the shift's report).
      const shift = r.tender === 'card' ? (mode() === 'counter' ? shifts().current() : null) : shiftFor(r.tender)
      const venues = Object.fromEntries(r.order.items.map((item) => [item.productId, venueOf(item.productId)]))
      const invoice = await checkout().submit(r.order, r.tender, shift?.shiftId ?? null, venues)
      return { saleId: invoice.saleId, reference: invoice.reference, amountCents: invoice.amountCents, expiresAt: iso(invoice.expiresAt) }
    },
    'checkout.pay': async (r) => {
      refuseAwayFromCounter(r.tender)
      const outcome = await checkout().pay(r.saleId, paymentOf(r, () => shiftFor('standalone').shiftId))
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
