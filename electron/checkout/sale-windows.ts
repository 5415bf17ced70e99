import type { SalesApi } from '../api/sales-api'
import type { ApiLang, EventSummary } from '../contract/model'
import { FoyerError } from '../ipc-core/foyer-error'

/**
 * The event's sale window, enforced in main. The spec leaves it to the client:
 * "The client must itself stop patrons from buying future events", and the
 * vendor sells whatever it is asked to. The renderer shows "on sale from", but
 * a renderer (or anyone holding the browser host's token) could still ask for
 * seats of an event not on sale, so every seat offer and every order item is
 * checked here, against the window the vendor gave for the event
 * (sellabilityStartDate to sellabilityEndDate).
 *
 * Shows are known by the event they were listed under (`catalogue.shows`):
 * the API has no way from a product to its event, so a show this kiosk never
 * listed cannot be sold here either.
 */
interface Window {
  start: number | null
  end: number | null
}

const at = (iso: string | null): number | null => {
  if (iso === null) return null
  const ms = Date.parse(iso)
  return Number.isFinite(ms) ? ms : null
}

const notOnSale = (detail: string) => new FoyerError({ code: 'checkout.not-on-sale', messageKey: 'checkout.errors.notOnSale', retryable: false, detail })

export class SaleWindows {
  readonly #events = new Map<string, Window>()
  readonly #eventOfShow = new Map<number, string>()
  /** Where each listed show is, for its tickets (the order's answer does not say). */
  readonly #venueOfShow = new Map<number, string | null>()
  /** When each listed show starts, by the vendor's show date (a box office's cut-off counts back from it: ./show-cutoff.ts). */
  readonly #startOfShow = new Map<number, number | null>()

  constructor(
    private readonly api: Pick<SalesApi, 'listEvents'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Remembers the windows of the events a list answered. */
  learnEvents(events: readonly EventSummary[]): void {
    for (const event of events) this.#events.set(event.code, { start: at(event.sellStart), end: at(event.sellEnd) })
  }

  /**
   * Remembers which event the listed shows belong to. An event whose window is
   * not known yet (its shows asked for by code, without a list) is looked up.
   */
  async learnShows(eventCode: string, shows: readonly { productId: number; venue: string | null; date: string }[], lang: ApiLang): Promise<void> {
    for (const show of shows) {
      this.#eventOfShow.set(show.productId, eventCode)
      this.#venueOfShow.set(show.productId, show.venue)
      this.#startOfShow.set(show.productId, at(show.date))
    }
    if (this.#events.has(eventCode) || eventCode.length < 3) return
    const page = await this.api.listEvents({ lang, internetContentCode: eventCode, size: 100 })
    // The search is a wildcard one: only the event with exactly this code counts.
    this.learnEvents(page.events.filter((e) => e.code === eventCode))
  }

  /** The venue of a show listed here; null when it was not listed or the API named none. */
  venueOf(productId: number): string | null {
    return this.#venueOfShow.get(productId) ?? null
  }

  /**
   * When a show listed here starts; null when it was not listed (no offer is made for it anyway) or
   * the vendor's date does not read, which no cut-off can be counted back from: better sold than
   * closed on a rule nobody can check, as with opening hours in a zone the machine does not know.
   */
  startOf(productId: number): number | null {
    return this.#startOfShow.get(productId) ?? null
  }

  /** Throws a typed "not on sale" unless the show's event is on sale now. */
  check(productId: number): void {
    const code = this.#eventOfShow.get(productId)
    if (code === undefined) throw notOnSale(`show ${productId} was not listed here`)
    const window = this.#events.get(code)
    if (!window) throw notOnSale(`the sale window of ${code} is not known`)
    const now = this.now()
    if (window.start !== null && now < window.start) throw notOnSale(`${code} goes on sale at ${new Date(window.start).toISOString()}`)
    if (window.end !== null && now >= window.end) throw notOnSale(`${code} stopped selling at ${new Date(window.end).toISOString()}`)
  }
}
