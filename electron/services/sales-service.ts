import { deliveryOfferedIn, salesChannels, type AppMode, type HoldStatus } from '../contract'
import type { SalesApi } from '../api/sales-api'
import type { HoldManager } from '../holds/hold-manager'
import { SeatPicker } from '../holds/seat-picking'
import { refusingHandlers, type Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import { checkoutHandlers } from '../checkout/checkout-handlers'
import { SaleWindows } from '../checkout/sale-windows'
import { markedShows, NO_CUT_OFF, refuseOfferPastCutOff, refuseOrderPastCutOff, type CutOffScope, type ShowCutOff } from '../checkout/show-cutoff'
import type { CheckoutService } from '../checkout/checkout-service'
import type { PrinterGate } from '../checkout/printer-gate'
import { shiftHandlers } from '../checkout/shift-handlers'
import { saleFinderHandler, type SaleFinderScope } from '../checkout/sale-finder'
import type { RecoveryReport } from '../checkout/recovery'
import type { ShiftBook } from '../journal/shift-book'
import { DEFAULT_CASH_TOLERANCE_CENTS, TRAINING_BOX_OFFICE_EMAIL } from '../settings/settings-schema'
import type { CounterDesk } from '../counter/counter-desk'
import { ImageCache } from './image-cache'

/**
 * The sale's main-process services behind the contract: each channel is one
 * API operation plus what Foyer adds around it (hold bookkeeping, the vendor's
 * quirks turned into clear answers, images handed over as data).
 */
export type SalesChannel = keyof typeof salesChannels
export type SalesHandlers = { [C in SalesChannel]: Handler<C> }

export interface SalesContext {
  api: SalesApi
  holds: HoldManager
  /** Seats the customer picks from an offer, and accessible seating. */
  picker: SeatPicker
  images: ImageCache
  checkout: CheckoutService
  shifts: ShiftBook
  /** What recovery found when this backend was connected (the staff's recovery screen). */
  recovery: RecoveryReport | null
  /** The events' sale windows, enforced on every offer and order (the vendor leaves it to us). */
  saleWindows: SaleWindows
}

const unavailable = () =>
  new FoyerError({ code: 'backend.unavailable', messageKey: 'errors.backend.unavailable', retryable: true, detail: 'no backend is connected' })

/** Handlers that answer "no backend" until one is connected (e.g. before settings are complete). */
export function disconnectedSalesHandlers(): SalesHandlers {
  return refusingHandlers<SalesHandlers>(salesChannels, unavailable)
}

/** A context for one backend connection. */
export function salesContext(api: SalesApi, holds: HoldManager, checkout: CheckoutService, shifts: ShiftBook, picker = new SeatPicker(api, holds)): SalesContext {
  return { api, holds, picker, checkout, shifts, recovery: null, images: new ImageCache((path) => api.image(path)), saleWindows: new SaleWindows(api, () => api.clock.now()) }
}

/** The connected backend's context at each call; none connected → a typed error. */
type Connected = () => SalesContext

/** What a show's cut-off reads of the connected backend: the starts of the shows listed here, and the seats held here. */
const cutOffScope = (context: SalesContext): CutOffScope => ({
  startOf: (productId) => context.saleWindows.startOf(productId),
  holdsAll: (seats) => context.holds.holdsAll(seats),
})

/** The catalogue the screens browse: events, their shows (each learnt for its sale window, those past the box office's cut-off marked) and the seat map. */
function catalogueHandlers(ctx: Connected, cutOff: ShowCutOff): Pick<SalesHandlers, 'catalogue.events' | 'catalogue.shows' | 'seatmap.overview' | 'seatmap.availability'> {
  return {
    'catalogue.events': async (r) => {
      const { api, saleWindows } = ctx()
      const page = await api.listEvents({
        lang: r.lang,
        page: r.page,
        size: r.size,
        q: r.search,
        genre: r.genre,
        sort: r.sort ? `${r.sort}${r.descending ? ',desc' : ''}` : undefined,
      })
      saleWindows.learnEvents(page.events)
      return page
    },
    'catalogue.shows': async (r) => {
      const { api, saleWindows } = ctx()
      const shows = await api.eventShows(r.code, { lang: r.lang, startDate: r.startDate, numOfDays: r.numOfDays })
      await saleWindows.learnShows(r.code, shows.shows, r.lang)
      return markedShows(cutOffScope(ctx()), cutOff, shows)
    },
    'seatmap.overview': (r) => ctx().api.overview(r.productId),
    'seatmap.availability': (r) => ctx().api.sectionAvailability(r.productId),
  }
}

type HoldChannel = 'offers.request' | 'offers.pick' | 'offers.accessible' | 'offers.keep' | 'offers.release' | 'holds.status' | 'holds.releaseAll'

/**
 * Seats offered and held for the customer (only for a show on sale, and not past the box office's
 * cut-off here), the ones they pick, and the holds given back. Picking and keeping seats of an offer
 * made are the customer's own sale going on: a cut-off passing meanwhile lets them finish.
 */
function holdHandlers(ctx: Connected, cutOff: ShowCutOff): Pick<SalesHandlers, HoldChannel> {
  return {
    'offers.request': async (r) => {
      const { api, holds, saleWindows } = ctx()
      saleWindows.check(r.productId)
      refuseOfferPastCutOff(cutOffScope(ctx()), cutOff, r.productId)
      const offer = await api.offerSeats(r)
      const { offerId, expiresAt } = holds.recordOffer(r.productId, offer)
      ctx().picker.remember(offerId, r.productId, r.quantity, offer)
      return { offerId, expiresAt: new Date(expiresAt).toISOString(), offer, picked: false }
    },
    'offers.pick': (r) => ctx().picker.pick(r.offerId, r.inventoryId),
    'offers.accessible': async (r) => {
      const { picker, saleWindows } = ctx()
      saleWindows.check(r.productId)
      refuseOfferPastCutOff(cutOffScope(ctx()), cutOff, r.productId)
      return picker.findWheelchairSpace(r)
    },
    'offers.keep': async (r) => {
      try {
        return await ctx().holds.keepSet(r.offerId, r.setIndex)
      } catch (error) {
        if (error instanceof FoyerError) throw error
        throw new FoyerError({ code: 'holds.unknown-offer', messageKey: 'errors.holds.lapsed', retryable: false, detail: 'that offer is no longer held' })
      }
    },
    'offers.release': async (r) => ({ released: await ctx().holds.release(r.productId, r.inventoryIds) }),
    'holds.status': (): HoldStatus => ctx().holds.status(),
    'holds.releaseAll': async () => ({ released: await ctx().holds.releaseAll() }),
  }
}

/** The cart's choices: the show's prices, and the delivery and payment methods offered here. */
function cartHandlers(ctx: Connected, mode: () => AppMode): Pick<SalesHandlers, 'pricing.ticketTypes' | 'cart.deliveryMethods' | 'cart.paymentMethods'> {
  return {
    'pricing.ticketTypes': async (r) => {
      const classes = await ctx().api.ticketTypes(r.productId, r.priceCategoryId)
      // Vendor notes: the back end answered [] on internal failures; a show on sale is never free.
      if (classes.length === 0) {
        throw new FoyerError({ code: 'api.no-price-classes', messageKey: 'errors.api.pricesUnavailable', retryable: true, detail: 'the show answered no price classes' })
      }
      return classes
    },
    // A counter offers only what it hands over (printed now, or e-tickets); main refuses the rest at submit too.
    'cart.deliveryMethods': async (r) => (await ctx().api.deliveryMethods(r.items)).filter((m) => deliveryOfferedIn(mode(), m.code)),
    'cart.paymentMethods': (r) => ctx().api.paymentMethods(r.productIds),
  }
}

/**
 * The handlers, over whichever backend is connected when each call arrives
 * (staff may switch backends while Foyer runs); none connected → a typed error.
 */
export function salesHandlers(
  current: () => SalesContext | null,
  mode: () => AppMode = () => 'self-service',
  /** The box office's own e-mail (settings): an e-ticket at a self-service kiosk must not go there. */
  boxOfficeEmail: () => string = () => TRAINING_BOX_OFFICE_EMAIL,
  /** Who is signed in at the counter: sales, refunds, reprints and shifts are filed under them. */
  desk: CounterDesk | null = null,
  /** How far a counted drawer may be off before a supervisor approves the close; S$5 when absent. */
  cashToleranceCents: () => number = () => DEFAULT_CASH_TOLERANCE_CENTS,
  /** Asks the ticket printer now: a self-service card is not taken when it cannot print (e-tickets only, where the setting allows). */
  printerGate: PrinterGate | null = null,
  /** The box office's cut-off for a show, from the hub's rules (../checkout/show-cutoff.ts); none without a hub. */
  cutOff: ShowCutOff = NO_CUT_OFF,
  /** The box office's hub, asked for a scanned sale of another device (../checkout/sale-finder.ts); null: not linked. */
  atHub: SaleFinderScope['atHub'] = null,
): SalesHandlers {
  const ctx: Connected = () => {
    const connected = current()
    if (!connected) throw unavailable()
    return connected
  }
  return {
    ...catalogueHandlers(ctx, cutOff),
    ...holdHandlers(ctx, cutOff),
    ...cartHandlers(ctx, mode),
    'images.get': async (r) => ({ dataUrl: await ctx().images.dataUrl(r.path) }),
    ...checkoutHandlers(() => ctx().checkout, () => ctx().shifts, mode, {
      onSale: (item) => {
        ctx().saleWindows.check(item.productId)
        refuseOrderPastCutOff(cutOffScope(ctx()), cutOff, item)
      },
      venueOf: (productId) => ctx().saleWindows.venueOf(productId),
    }, boxOfficeEmail, desk, printerGate),
    ...shiftHandlers(() => ctx().shifts, mode, { desk, toleranceCents: cashToleranceCents, printer: () => ctx().checkout.printer, drawer: () => ctx().checkout.drawer }),
    'sales.find': saleFinderHandler({ journal: () => ctx().checkout.journal, openShiftId: () => ctx().shifts.current()?.shiftId ?? null, mode, desk, atHub }),
  }
}
