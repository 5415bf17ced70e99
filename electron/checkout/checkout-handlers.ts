import { deliveryOfferedIn, ETICKET_DELIVERY, sameEmail, type AppMode, type OrderRequest, type TenderName } from '../contract'
import type { Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import type { ShiftBook } from '../journal/shift-book'
import { isPlaceholderEmail } from '../settings/settings-schema'
import type { CounterDesk, StaffMember } from '../counter/counter-desk'
import type { CheckoutService, PaymentInput } from './checkout-service'
import { refundAtCounter } from './counter-refund'
import { printingVerdict, refusePrintedOrder, type PrinterGate } from './printer-gate'
import { SOLD_ETICKETS_ONLY } from './sale-printing'
import { tenderOf } from './tender'

/**
 * The checkout channels over the connected backend's checkout service. Cash
 * is taken at the counter only: a self-service kiosk has no drawer. So is the
 * standalone terminal: its approval code is staff's word that a card was
 * charged, and only a signed-in cashier (counter-desk.ts) may give it. Both
 * need an open shift, where they are counted and reconciled. An e-ticket
 * needs the customer's own e-mail, at a kiosk and at a counter alike: sent to
 * the box office's, it would leave the customer with nothing while the screen
 * said their tickets were on the way. A counter hands tickets over printed now
 * or as e-tickets; "collect at the box office" is no choice for someone
 * standing at it (../contract/delivery.ts).
 */
export interface CheckoutHandlers {
  'checkout.terminal': Handler<'checkout.terminal'>
  'checkout.submit': Handler<'checkout.submit'>
  'checkout.pay': Handler<'checkout.pay'>
  'checkout.cancel': Handler<'checkout.cancel'>
  'checkout.abortPayment': Handler<'checkout.abortPayment'>
  'checkout.reprint': Handler<'checkout.reprint'>
  'checkout.outcome': Handler<'checkout.outcome'>
  'checkout.refund': Handler<'checkout.refund'>
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

type PayRequest = Parameters<CheckoutHandlers['checkout.pay']>[0]

/** The contract's payment request as checkout takes it; a standalone payment is filed under the open shift. */
function paymentOf(r: PayRequest, openShift: (tender: 'cash' | 'standalone') => string): PaymentInput {
  switch (r.tender) {
    case 'cash':
      return { tender: 'cash', tenderedCents: r.tenderedCents, ...(r.partCents === undefined ? {} : { partCents: r.partCents }), shiftId: openShift('cash') }
    case 'standalone':
      return { tender: 'standalone', approvalCode: r.approvalCode, shiftId: openShift('standalone') }
    case 'card':
      return { tender: 'card', testCard: r.testCard }
  }
}

/** The shows a sale is for, as the catalogue knows them. */
interface ShowsOnSale {
  /** Throws unless the item's show is on sale now (./sale-windows.ts) and, past the box office's cut-off, its seats are held here (./show-cutoff.ts). */
  onSale: (item: OrderRequest['items'][number]) => void
  /** The venue of a show listed here, for its tickets. */
  venueOf: (productId: number) => string | null
}

/** What every checkout channel reads at each call: staff may switch backends, and cashiers sign in and out, while Foyer runs. */
interface CheckoutScope {
  checkout: () => CheckoutService
  shifts: () => ShiftBook
  mode: () => AppMode
  /** Who is signed in at the counter, if anyone. */
  who: () => StaffMember | null
  /** Asks the ticket printer now, with the venue's e-tickets-only setting (./printer-gate.ts); null: nothing to ask. */
  printerGate: PrinterGate | null
}

/** What a sale is refused for before the backend sees it, and the open shift it is counted in. */
function saleChecks({ shifts, mode }: CheckoutScope, boxOfficeEmail: () => string) {
  const refuseAwayFromCounter = (tender: TenderName) => {
    if (tender === 'cash' && mode() !== 'counter') {
      throw new FoyerError({ code: 'checkout.cash-not-here', messageKey: 'checkout.errors.cashAtCounter', retryable: false, detail: 'cash is taken at the counter only' })
    }
    if (tender === 'standalone' && mode() !== 'counter') {
      throw new FoyerError({ code: 'checkout.standalone-not-here', messageKey: 'checkout.errors.standaloneAtCounter', retryable: false, detail: 'the standalone terminal is used at the counter only' })
    }
  }
  const refuseDeliveryNotHere = (order: OrderRequest) => {
    if (deliveryOfferedIn(mode(), order.deliveryMethodCode)) return
    throw new FoyerError({
      code: 'checkout.delivery-not-here',
      messageKey: 'cart.deliveryAtCounter',
      retryable: false,
      detail: 'a counter hands tickets over printed now or as e-tickets',
    })
  }
  const refuseEticketToBoxOffice = (order: OrderRequest) => {
    if (order.deliveryMethodCode !== ETICKET_DELIVERY) return
    const email = order.patron.email
    // The training address is a placeholder (.invalid) too.
    if (!isPlaceholderEmail(email) && !sameEmail(email, boxOfficeEmail())) return
    throw new FoyerError({
      code: 'checkout.eticket-needs-email',
      messageKey: 'checkout.errors.eticketEmail',
      retryable: false,
      detail: "an e-ticket goes to the customer's own e-mail, not the box office's",
    })
  }
  /** The open shift a cash or standalone sale is counted in; refused when there is none. */
  const shiftFor = (tender: 'cash' | 'standalone') => {
    const shift = shifts().current()
    if (shift) return shift
    const messageKey = tender === 'cash' ? 'checkout.errors.noShift' : 'checkout.errors.noShiftStandalone'
    throw new FoyerError({ code: 'shift.none-open', messageKey, retryable: false, detail: `${tender} needs an open shift` })
  }
  return { refuseAwayFromCounter, refuseDeliveryNotHere, refuseEticketToBoxOffice, shiftFor }
}

/** The sale itself: whether cards are taken here, the order submitted once every check passes, and its payment. */
function saleHandlers(scope: CheckoutScope, boxOfficeEmail: () => string, shows: ShowsOnSale): Pick<CheckoutHandlers, 'checkout.terminal' | 'checkout.submit' | 'checkout.pay'> {
  const { checkout, shifts, mode, who, printerGate } = scope
  const { refuseAwayFromCounter, refuseDeliveryNotHere, refuseEticketToBoxOffice, shiftFor } = saleChecks(scope, boxOfficeEmail)
  const { onSale, venueOf } = shows
  return {
    'checkout.terminal': async () => {
      const terminal = checkout().terminal
      return {
        cards: terminal !== null,
        state: terminal ? (await terminal.check()).state : null,
        testCards: terminal ? [...terminal.testCards] : [],
      }
    },
    'checkout.submit': async (r) => {
      // Main's to decide, from the payment method and the mode (./tender.ts): the renderer names no tender.
      const tender = tenderOf(r.order.paymentMethodCode, mode(), checkout().terminal !== null)
      // The last customer's cash is still in an open drawer: the next sale waits until the printer says it is shut.
      if (mode() === 'counter') await checkout().drawer?.requireClosed()
      for (const item of r.order.items) onSale(item)
      refuseDeliveryNotHere(r.order)
      refuseEticketToBoxOffice(r.order)
      // E-tickets only while the printer cannot print (the setting): nothing that would print here is ordered.
      await refusePrintedOrder(mode(), tender, r.order.deliveryMethodCode, printerGate)
      // Counter sales are filed under the open shift; cash needs one (the drawer's float is in it), and so
      // does the standalone terminal (its batch is reconciled against the shift's report).
      const shift = tender === 'card' ? (mode() === 'counter' ? shifts().current() : null) : shiftFor(tender)
      const venues = Object.fromEntries(r.order.items.map((item) => [item.productId, venueOf(item.productId)]))
      const invoice = await checkout().submit({ request: r.order, tender, shiftId: shift?.shiftId ?? null, venues, language: r.language, soldBy: who() })
      return { saleId: invoice.saleId, reference: invoice.reference, amountCents: invoice.amountCents, expiresAt: iso(invoice.expiresAt) }
    },
    'checkout.pay': async (r) => {
      refuseAwayFromCounter(r.tender)
      // Before the card: a kiosk whose printer cannot print takes no money for tickets it cannot hand over;
      // with the setting on, an e-ticket sale goes on and is journalled as one nothing is printed for.
      const delivery = checkout().journal.get(r.saleId)?.request.deliveryMethodCode
      const verdict = await printingVerdict(mode(), r.tender, delivery, printerGate)
      if (verdict === 'etickets-only') checkout().journal.note(r.saleId, SOLD_ETICKETS_ONLY, { why: 'the ticket printer cannot print' })
      const outcome = await checkout().pay(r.saleId, paymentOf(r, (tender) => shiftFor(tender).shiftId))
      const { saleId, state, order, changeCents, dueCents, printed } = outcome
      return { saleId, state, order, changeCents, dueCents, printed, ...(verdict === 'etickets-only' ? { eticketsOnly: true as const } : {}) }
    },
  }
}

/** What only a counter does with a sale once it is made: reprint its documents, and refund it. */
function counterHandlers(scope: CheckoutScope, desk: CounterDesk | null): Pick<CheckoutHandlers, 'checkout.reprint' | 'checkout.refund'> {
  const { checkout, shifts, mode, who } = scope
  /**
   * Sales whose refund is under way. A refund checks the sale is confirmed, then awaits the card terminal
   * before the journal says refunded: two at once would both pass the check and refund the card twice. So
   * the sale is claimed here, in the same synchronous step as that check, and a second try is refused.
   */
  const refunding = new Set<string>()
  return {
    // Reprints at the counter (a jammed roll, a lost ticket): the same documents, from the journal.
    'checkout.reprint': async (r) => {
      if (mode() !== 'counter') {
        throw new FoyerError({ code: 'checkout.reprint-counter-only', messageKey: 'checkout.errors.reprintAtCounter', retryable: false, detail: 'reprints are made at the counter' })
      }
      const printed = await checkout().reprint(r.saleId, r.what)
      const by = who()
      checkout().journal.note(r.saleId, 'reprinted-by', { what: r.what, staffId: by?.staffId ?? null, name: by?.name ?? null })
      return { printed }
    },
    // A refund is a supervisor's: the one signed in, or one whose PIN is typed for this refund only.
    'checkout.refund': async (r) => {
      if (mode() !== 'counter' || !desk) {
        throw new FoyerError({ code: 'checkout.refund-counter-only', messageKey: 'checkout.errors.refundAtCounter', retryable: false, detail: 'refunds are made at the counter' })
      }
      const approvedBy = await desk.requireSupervisor(r.approvalPin, 'a refund')
      if (refunding.has(r.saleId)) {
        throw new FoyerError({ code: 'checkout.not-refundable', messageKey: 'staff.errors.notRefundable', retryable: false, detail: `sale ${r.saleId} is being refunded` })
      }
      refunding.add(r.saleId)
      try {
        // Who asked is the one signed in (main's record, not a name the screen sends); a supervisor signed in asks and approves.
        const askedBy = who()
        const outcome = await refundAtCounter(checkout(), r.saleId, shifts().current()?.shiftId ?? null, { askedBy, approvedBy })
        return { ...outcome, askedBy, approvedBy }
      } finally {
        refunding.delete(r.saleId)
      }
    },
  }
}

/** The screen's own sale, once submitted: its card payment stopped, the sale cancelled, or where it stands. */
function ownSaleHandlers(checkout: () => CheckoutService): Pick<CheckoutHandlers, 'checkout.abortPayment' | 'checkout.cancel' | 'checkout.outcome'> {
  return {
    // The customer stops a card payment waiting at the terminal (their own sale, from the payment screen).
    'checkout.abortPayment': (r) => ({ aborting: checkout().abortPayment(r.saleId) }),
    'checkout.cancel': async (r) => {
      await checkout().cancel(r.saleId)
      return { state: 'cancelled' as const }
    },
    // A screen that lost track of its sale (a crash, a restart, a reload) asks where it stands: by its own
    // sale's id only, recent sales only, and nothing about the card (./sale-outcome.ts).
    'checkout.outcome': (r) => checkout().outcomeOf(r.saleId),
  }
}

export function checkoutHandlers(
  checkout: () => CheckoutService,
  shifts: () => ShiftBook,
  mode: () => AppMode,
  shows: ShowsOnSale,
  /** The box office's own address (settings), used as the patron of an anonymous walk-up sale. */
  boxOfficeEmail: () => string,
  /** Who is signed in at the counter (each sale and reprint is filed under them), and who may refund. */
  desk: CounterDesk | null,
  /** Asks the ticket printer now, before a self-service card is taken, with the e-tickets-only setting; absent: nothing to ask. */
  printerGate: PrinterGate | null = null,
): CheckoutHandlers {
  const scope: CheckoutScope = { checkout, shifts, mode, who: () => desk?.who() ?? null, printerGate }
  return {
    ...saleHandlers(scope, boxOfficeEmail, shows),
    ...counterHandlers(scope, desk),
    ...ownSaleHandlers(checkout),
  }
}
