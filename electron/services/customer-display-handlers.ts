import type { AppMode, ChannelRequest, ChannelResponse, customerDisplayChannels } from '../contract'
import type { CounterDesk } from '../counter/counter-desk'
import type { Handler, Handlers } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import type { CustomerDisplay } from './customer-display'

/**
 * The customer display's channels, and the sale's own channels watched for it: main sees the order
 * placed, the payment's outcome and the sale ended as they happen, and moves the display on itself.
 */
type Channel = keyof typeof customerDisplayChannels
export type CustomerDisplayHandlers = { [C in Channel]: Handler<C> }

const counterOnly = () =>
  new FoyerError({ code: 'customer-display.counter-only', messageKey: 'customerDisplay.errors.counterOnly', retryable: false, detail: 'a customer display faces a counter' })

export function customerDisplayHandlers(display: CustomerDisplay, desk: CounterDesk, mode: () => AppMode): CustomerDisplayHandlers {
  // What the cashier's screen tells the display: only at a counter, and only with someone signed in.
  const cashier = () => {
    if (mode() !== 'counter') throw counterOnly()
    desk.requireCashier()
  }
  return {
    'customerDisplay.view': () => display.view(),
    'customerDisplay.basket': async ({ lines }) => {
      cashier()
      await display.basket(lines)
      return {}
    },
    'customerDisplay.tender': ({ saleId, givenCents }) => {
      cashier()
      display.tender(saleId, givenCents)
      return {}
    },
    'customerDisplay.language': async ({ language }) => {
      cashier()
      await display.language(language)
      return {}
    },
    'customerDisplay.displays': () => display.displays(),
    // A counter's: a self-service kiosk opens no second window, not even for a test.
    'customerDisplay.testPicture': ({ displayId }) => {
      if (mode() !== 'counter') throw counterOnly()
      return { shown: display.testPicture(displayId) }
    },
  }
}

type Watched = 'checkout.submit' | 'checkout.pay' | 'checkout.cancel' | 'holds.releaseAll' | 'counter.signOut'

/** Runs `handler`, then tells the display what it answered (a failed call tells it nothing). */
function after<C extends Watched>(handler: Handler<C>, then: (answer: ChannelResponse<C>, request: Parameters<Handler<C>>[0]) => void): Handler<C> {
  return async (request, context) => {
    const answer = await handler(request, context)
    then(answer, request)
    return answer
  }
}

/** The seats an order placed holds (main's request, validated by the contract), for the display to keep naming them. */
const orderedSeats = (order: ChannelRequest<'checkout.submit'>['order']) =>
  order.items.flatMap((item) => (item.inventoryIds ?? []).map((inventoryId) => ({ productId: item.productId, inventoryId })))

/** The sale's handlers, each also moving the customer display on. */
export function followSale(handlers: Handlers, display: CustomerDisplay): Handlers {
  return {
    ...handlers,
    'checkout.submit': after<'checkout.submit'>(handlers['checkout.submit'], (invoice, { order }) => display.invoiced(invoice.saleId, invoice.amountCents, orderedSeats(order))),
    'checkout.pay': after<'checkout.pay'>(handlers['checkout.pay'], (outcome) => display.paid(outcome)),
    'checkout.cancel': after<'checkout.cancel'>(handlers['checkout.cancel'], () => display.cancelled()),
    'holds.releaseAll': after<'holds.releaseAll'>(handlers['holds.releaseAll'], () => display.ended()),
    'counter.signOut': after<'counter.signOut'>(handlers['counter.signOut'], () => display.ended()),
  }
}
