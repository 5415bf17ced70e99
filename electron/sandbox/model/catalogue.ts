import { sgtAt, sgtMidnight } from '../format/dates'
import { centsOf, type Cents } from '../../contract/money'
import type { SeedEvent, SeedSection, SeedShow, SeedVenue } from '../seed/types'

/**
 * The sandbox's catalogue: events, their shows (products), price categories and
 * the venue sections each show sells. It is a pure function of the seed data
 * and the anchor day (the Singapore date the data folder was created), so it is
 * rebuilt identically on every start and never stored; only what sales change
 * (seats, orders, patrons) lives in the database.
 */

export interface PriceCategory {
  id: number
  num: number
  alias: string
  cents: Cents
  tiers: readonly number[]
}

export interface ProductSection {
  section: SeedSection
  category: PriceCategory
}

export interface SandboxEvent {
  index: number
  seed: SeedEvent
  venue: SeedVenue
  start: number
  end: number
  sellStart: number
  sellEnd: number
  /** updateDate: when the record last changed; the anchor day's morning. */
  updated: number
  categories: PriceCategory[]
  products: Product[]
  paymentMethods: readonly string[]
}

export interface Product {
  id: number
  event: SandboxEvent
  show: SeedShow
  showTime: number
  ticketType: 'RS' | 'GA'
  /** The overview's `mode`: the show's sales mode (vendor notes). Stadium shows sell as Hot Shows. */
  salesMode: 'BA' | 'HS' | 'GA'
  sections: ProductSection[]
  sectionById: ReadonlyMap<number, ProductSection>
}

const FIRST_PRODUCT_ID = 10001
const FIRST_PRICE_CATEGORY_ID = 500001
const allPaymentMethods = ['VISA', 'MASTERCARD', 'AMEX', 'NETS', 'CASH'] as const

/** A small stable hash of text, so per-event choices (payment methods) are deterministic. */
export function stableHash(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

/**
 * A well-mixed 32-bit hash of two integers (murmur3's finaliser), for choices
 * that must look random but repeat exactly, such as which seats a show pre-sold.
 */
export function mixInts(a: number, b: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ b
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

function paymentMethodsFor(event: SeedEvent): readonly string[] {
  // Conferences take cards only; one event in five does not take AMEX.
  if (event.genres.includes('MICE')) return ['VISA', 'MASTERCARD']
  if (stableHash(event.code) % 5 === 0) return allPaymentMethods.filter((m) => m !== 'AMEX')
  return allPaymentMethods
}

export class Catalogue {
  readonly events: SandboxEvent[] = []
  readonly #eventByCode = new Map<string, SandboxEvent>()
  readonly #productById = new Map<number, Product>()
  readonly #categoryById = new Map<number, { event: SandboxEvent; category: PriceCategory }>()

  constructor(
    seeds: readonly SeedEvent[],
    readonly venues: readonly SeedVenue[],
    /** Midnight (SGT) of the day the data was created. */
    readonly anchor: number,
  ) {
    const venueById = new Map(venues.map((v) => [v.id, v]))
    let productId = FIRST_PRODUCT_ID
    let categoryId = FIRST_PRICE_CATEGORY_ID
    seeds.forEach((seed, index) => {
      const venue = venueById.get(seed.venueId)
      if (!venue) throw new Error(`event ${seed.code}: unknown venue ${seed.venueId}`)
      const categories = seed.priceCategories.map((c) => ({
        id: categoryId++,
        num: c.num,
        alias: c.alias,
        cents: centsOf(c.amount),
        tiers: c.tiers,
      }))
      const event: SandboxEvent = {
        index,
        seed,
        venue,
        start: sgtAt(anchor, seed.eventDates.startOffsetDays),
        end: sgtAt(anchor, seed.eventDates.endOffsetDays, '23:59'),
        sellStart: sgtAt(anchor, seed.sellability.startOffsetDays, '10:00'),
        sellEnd: sgtAt(anchor, seed.sellability.endOffsetDays, '23:59'),
        updated: sgtAt(anchor, 0, '08:00'),
        categories,
        products: [],
        paymentMethods: paymentMethodsFor(seed),
      }
      for (const category of categories) this.#categoryById.set(category.id, { event, category })
      const sections: ProductSection[] = venue.sections.flatMap((section) => {
        const category = categories.find((c) => c.tiers.includes(section.tier))
        return category ? [{ section, category }] : []
      })
      // Every show of an event sells the same sections: one lookup for all of them.
      const sectionById = new Map(sections.map((s) => [s.section.id, s]))
      const ticketType = venue.kind === 'ga' ? 'GA' : 'RS'
      for (const show of seed.shows) {
        const product: Product = {
          id: productId++,
          event,
          show,
          showTime: sgtAt(anchor, show.dayOffset, show.time),
          ticketType,
          salesMode: ticketType === 'GA' ? 'GA' : venue.kind === 'stadium' ? 'HS' : 'BA',
          sections,
          sectionById,
        }
        event.products.push(product)
        this.#productById.set(product.id, product)
      }
      this.events.push(event)
      this.#eventByCode.set(seed.code, event)
    })
  }

  static anchorFor(now: number): number {
    return sgtMidnight(now)
  }

  event(code: string): SandboxEvent | undefined {
    return this.#eventByCode.get(code)
  }

  product(id: number): Product | undefined {
    return this.#productById.get(id)
  }

  category(id: number): { event: SandboxEvent; category: PriceCategory } | undefined {
    return this.#categoryById.get(id)
  }

  get products(): IterableIterator<Product> {
    return this.#productById.values()
  }

  /** "Only events available for sale by the calling client": sale not yet ended. */
  listed(event: SandboxEvent, now: number): boolean {
    return event.sellEnd >= now
  }

  /** Why a show cannot be sold now, or null when it can. */
  notSellableReason(product: Product, now: number): string | null {
    const { event, show } = product
    if (show.override === 'cancelled') return 'the show is cancelled'
    if (show.override === 'postponed') return 'the show is postponed'
    if (show.override === 'reconfig') return 'the show is being reconfigured'
    if (show.override === 'coming-soon' || event.sellStart > now) return 'sales have not started'
    if (event.sellEnd < now) return 'sales have ended'
    if (product.showTime <= now) return 'the show has started'
    return null
  }
}
