import { ETICKET_DELIVERY, type BasketLine, type CheckoutOutcomeView, type CustomerDisplayView, type DisplayInfo, type SaleLanguage } from '../contract'
import type { PushBus } from '../ipc-core/push-bus'
import type { Logger } from '../ipc-core/logger'
import type { SeatKey } from '../holds/hold-table'
import { API_LANGUAGE, displayBasket, type BasketSources } from './customer-basket'
import type { SalesContext } from './sales-service'

/**
 * What the customer display shows (issue #34), kept and decided by main: idle between customers
 * (the venue and the events on sale), the basket as the cashier builds it, the tender (given and
 * change) and the thank-you. Every change is pushed as `customerDisplay.changed`, so the display
 * follows the cashier's screen over the same contract, with nothing of its own to ask but the view.
 */

/** Where the customer display goes: Electron's screens, or the browser host's one page. */
export interface DisplayScreens {
  list(): DisplayInfo[]
  /** Puts (or moves) the customer display on `displayId` (null: the setting's choice); false when there is no such display. */
  show(displayId: number | null): boolean
  /** The test picture's time is up: a window opened only for it may go again. */
  tested?(): void
}

export interface CustomerDisplayOptions {
  pushes: PushBus
  connected: () => SalesContext | null
  /** The venue's first language (settings), which every next customer starts in. */
  firstLanguage?: () => SaleLanguage
  /** First name of who is signed in at the counter, or null. */
  servedBy: () => string | null
  log: Logger
  /** How long the test picture stays up. */
  testPictureMs?: number
  /** How long the thank-you stays up when the cashier does not start the next sale (two minutes). */
  thanksMs?: number
  /**
   * Whether a customer display is shown here (a counter with the setting on; absent: always). Elsewhere
   * the sale's steps still move the view on, but nothing is pushed and no events or pictures are fetched
   * for a showcase nobody sees: every self-service kiosk gives its holds back at each idle reset.
   */
  shown?: () => boolean
}

const SHOWCASE_SIZE = 4
const SHOWCASE_TTL_MS = 10 * 60_000
const THANKS_MS = 2 * 60_000

/** The vendor's answers the basket is named and priced from, asked once per show, section and price list. */
function cachedSources(context: SalesContext): BasketSources {
  const memo = new Map<string, Promise<unknown>>()
  const once = <T>(key: string, ask: () => Promise<T>): Promise<T> => {
    if (memo.size > 500) memo.clear()
    let hit = memo.get(key) as Promise<T> | undefined
    if (!hit) {
      hit = ask()
      hit.catch(() => memo.delete(key))
      memo.set(key, hit)
    }
    return hit
  }
  return {
    shows: (code, lang) => once(`shows:${code}:${lang}`, () => context.api.eventShows(code, { lang })),
    overview: (productId) => once(`overview:${productId}`, () => context.api.overview(productId)),
    prices: (productId, category) => once(`prices:${productId}:${category}`, () => context.api.ticketTypes(productId, category)),
    seatShown: (productId, inventoryId) => context.picker.seatShown(productId, inventoryId),
    holdsAll: (seats) => context.holds.holdsAll(seats),
  }
}

/** Where the customer's tickets are, from the sale's outcome (never the address they went to). */
function ticketsOf(outcome: CheckoutOutcomeView): 'printed' | 'etickets' | 'collect' {
  if (outcome.order?.deliveryMethodCode === ETICKET_DELIVERY) return 'etickets'
  return outcome.printed ? 'printed' : 'collect'
}

export class CustomerDisplay {
  #language: SaleLanguage
  #venue: string | null = null
  #view: CustomerDisplayView
  #invoice: { saleId: string; amountCents: number; seats: readonly SeatKey[] } | null = null
  #lastBasket: readonly BasketLine[] = []
  #basketTurn = 0
  #sources = new WeakMap<SalesContext, BasketSources>()
  #showcase = new Map<SaleLanguage, { at: number; items: { title: string; picture: string | null }[] }>()
  #screens: DisplayScreens | null = null
  #testTimer: ReturnType<typeof setTimeout> | null = null
  #thanksTimer: ReturnType<typeof setTimeout> | null = null

  constructor(private readonly options: CustomerDisplayOptions) {
    this.#language = options.firstLanguage?.() ?? 'en-SG'
    this.#view = this.#idle()
  }

  /** The host's displays (Electron's screen, the browser host's page); none: the list is empty. */
  useScreens(screens: DisplayScreens | null): void {
    this.#screens = screens
  }

  view(): CustomerDisplayView {
    if (this.#view.state === 'idle' && this.#shown()) void this.#loadShowcase()
    return this.#view
  }

  #shown(): boolean {
    return this.options.shown?.() ?? true
  }

  displays(): DisplayInfo[] {
    return this.#screens?.list() ?? []
  }

  /** The test picture on the chosen display for a while, then whatever the display showed before. */
  testPicture(displayId: number | null): boolean {
    const shown = this.#screens ? this.#screens.show(displayId) : false
    const before = this.#view.state === 'test' ? this.#idle() : this.#view
    if (this.#testTimer) clearTimeout(this.#testTimer)
    this.#set({ state: 'test', language: this.#language })
    this.#testTimer = setTimeout(() => {
      this.#testTimer = null
      if (this.#view.state === 'test') this.#set(before)
      this.#screens?.tested?.()
    }, this.options.testPictureMs ?? 8000)
    this.#testTimer.unref?.()
    return shown
  }

  /** The cashier's basket: shown as main can vouch for it; empty, the display goes back to idle (a thank-you stays). */
  async basket(lines: readonly BasketLine[]): Promise<void> {
    this.#lastBasket = lines
    const turn = ++this.#basketTurn
    if (lines.length === 0) {
      if (this.#view.state === 'basket') this.#set(this.#idle())
      return
    }
    const context = this.options.connected()
    if (!context) return
    let sources = this.#sources.get(context)
    if (!sources) this.#sources.set(context, (sources = cachedSources(context)))
    // The seats of the order placed are the order's now, no longer held: main placed it with them.
    const ordered = this.#invoice?.seats ?? []
    const vouched = { ...sources, holdsAll: (seats: readonly SeatKey[]) => sources.holdsAll(seats) || seats.every((s) => ordered.some((o) => o.productId === s.productId && o.inventoryId === s.inventoryId)) }
    const { lines: shown, totalCents } = await displayBasket(lines, this.#language, vouched)
    // A newer basket arrived while this one was named and priced: that one is shown, not this.
    if (turn !== this.#basketTurn) return
    this.#venue = shown[0]?.venue ?? this.#venue
    // Once the order is placed, its total is main's invoice (delivery charges and all).
    const total = this.#invoice?.amountCents ?? totalCents
    this.#set(shown.length === 0 ? this.#idle() : { state: 'basket', language: this.#language, venue: this.#venue, lines: shown, totalCents: total })
  }

  /** The order was placed: main's invoice is the total from now on (the tender reckons the change against it). */
  invoiced(saleId: string, amountCents: number, seats: readonly SeatKey[]): void {
    this.#invoice = { saleId, amountCents, seats }
    if (this.#view.state === 'basket') this.#set({ ...this.#view, totalCents: amountCents })
  }

  /** What the customer handed over for the invoiced sale, as the cashier types it; main reckons the change. */
  tender(saleId: string, givenCents: number): void {
    const invoice = this.#invoice
    if (!invoice || invoice.saleId !== saleId) return
    const changeCents = givenCents >= invoice.amountCents ? givenCents - invoice.amountCents : null
    this.#basketTurn++ // a basket still being named is older than this
    this.#set({ state: 'tender', language: this.#language, venue: this.#venue, totalCents: invoice.amountCents, givenCents, changeCents })
  }

  /** A payment's outcome: a sale done is thanked for, with its reference and where the tickets are. */
  paid(outcome: CheckoutOutcomeView): void {
    if (outcome.state !== 'confirmed' || !outcome.order) return
    this.#invoice = null
    this.#lastBasket = []
    this.#basketTurn++ // a basket still being named is older than this
    this.#set({
      state: 'thanks',
      language: this.#language,
      venue: this.#venue,
      reference: outcome.order.reference.slice(0, 64),
      tickets: ticketsOf(outcome),
      changeCents: outcome.changeCents !== null && outcome.changeCents >= 0 ? outcome.changeCents : null,
      servedBy: this.options.servedBy(),
    })
    // A cashier who never taps Done must not leave this customer's reference up for the next one.
    if (this.#thanksTimer) clearTimeout(this.#thanksTimer)
    if (!this.#shown()) return
    this.#thanksTimer = setTimeout(() => {
      if (this.#view.state === 'thanks') this.ended()
    }, this.options.thanksMs ?? THANKS_MS)
    this.#thanksTimer.unref?.()
  }

  /** The order was voided before payment: back to the basket the cashier still has (or idle). */
  cancelled(): void {
    this.#invoice = null
    if (this.#lastBasket.length > 0) void this.basket(this.#lastBasket)
    else this.#set(this.#idle())
  }

  /** The sale is over (New sale, sign-out, holds given back): idle again, and the next customer in the first language. */
  ended(): void {
    this.#invoice = null
    this.#lastBasket = []
    this.#basketTurn++
    this.#language = this.options.firstLanguage?.() ?? this.#language
    this.#set(this.#idle())
  }

  /** The cashier switched the customer's language: the view again in it (the basket named again from the vendor). */
  async language(language: SaleLanguage): Promise<void> {
    this.#language = language
    if (this.#view.state === 'basket' && this.#lastBasket.length > 0) return this.basket(this.#lastBasket)
    this.#set(this.#view.state === 'idle' ? this.#idle() : { ...this.#view, language })
  }

  #idle(): CustomerDisplayView {
    const showcase = this.#showcase.get(this.#language)?.items ?? []
    return { state: 'idle', language: this.#language, venue: this.#venue, showcase }
  }

  #set(view: CustomerDisplayView): void {
    if (this.#thanksTimer && view.state !== 'thanks') {
      clearTimeout(this.#thanksTimer)
      this.#thanksTimer = null
    }
    this.#view = view
    if (!this.#shown()) return
    this.options.pushes.publish('customerDisplay.changed', view)
    if (view.state === 'idle') void this.#loadShowcase()
  }

  /** The events on sale with their pictures, in the customer's language, asked at most every ten minutes. */
  async #loadShowcase(): Promise<void> {
    const language = this.#language
    const known = this.#showcase.get(language)
    const context = this.options.connected()
    if (!context || (known && Date.now() - known.at < SHOWCASE_TTL_MS)) return
    this.#showcase.set(language, { at: Date.now(), items: known?.items ?? [] })
    try {
      const page = await context.api.listEvents({ lang: API_LANGUAGE[language], size: 12 })
      const onSale = page.events.filter((e) => e.summaryImagePath && (!e.sellStart || Date.parse(e.sellStart) <= Date.now())).slice(0, SHOWCASE_SIZE)
      const items = await Promise.all(
        onSale.map(async (e) => ({ title: (e.title ?? '').slice(0, 200), picture: await context.images.dataUrl(e.summaryImagePath!).then((url) => (url.length <= 400_000 ? url : null), () => null) })),
      )
      this.#showcase.set(language, { at: Date.now(), items })
      if (this.#view.state === 'idle' && this.#language === language) this.#set(this.#idle())
    } catch (error) {
      this.#showcase.delete(language)
      this.options.log.warn('the customer display could not list the events on sale', { reason: (error as Error).message })
    }
  }
}
