import type { Catalogue, Product } from './catalogue'
import { InventoryBook } from './inventory'

/** seatSectionAvailability: 0 Sold Out, 1 Available, 2 Limited Seats, 3 Single Seat. */
export type SectionAvailability = 0 | 1 | 2 | 3

/** Under this share of seats left, a section or show is "limited". */
const LIMITED_SHARE = 0.1

function codeFor(total: number, free: number, pairs: number | null): SectionAvailability {
  if (free === 0) return 0
  if (pairs === 0) return 3
  return free / total < LIMITED_SHARE ? 2 : 1
}

export function sectionAvailabilities(
  book: InventoryBook,
  product: Product,
  now: number,
): { sectionId: number; priceCategoryId: number; availability: SectionAvailability }[] {
  const seats = product.ticketType === 'RS' ? book.seats(product) : null
  const ga = product.ticketType === 'GA' ? book.ga(product) : null
  return product.sections.map(({ section, category }) => {
    let availability: SectionAvailability = 0
    const layout = seats?.sections.get(section.id)
    const stock = ga?.get(section.id)
    if (seats && layout) {
      const c = seats.sectionCounts(layout, now)
      availability = codeFor(c.total, c.free, c.pairs)
    } else if (stock) {
      availability = codeFor(stock.capacity, InventoryBook.gaRemaining(stock), null)
    }
    return { sectionId: section.id, priceCategoryId: category.id, availability }
  })
}

/**
 * A show's availabilityStatus. Statuses the back office sets by hand win; an
 * on-sale show's status is derived from its live inventory.
 */
export function showStatus(catalogue: Catalogue, book: InventoryBook, product: Product, now: number): number {
  switch (product.show.override) {
    case 'reconfig':
      return -6
    case 'cancelled':
      return -7
    case 'postponed':
      return -8
    case 'coming-soon':
      return 20
  }
  if (product.event.sellStart > now) return 20
  if (catalogue.notSellableReason(product, now)) return 16
  let total = 0
  let free = 0
  let pairs = 0
  if (product.ticketType === 'RS') {
    const seats = book.seats(product)
    for (const layout of seats.sections.values()) {
      const c = seats.sectionCounts(layout, now)
      total += c.total
      free += c.free
      pairs += c.pairs
    }
  } else {
    for (const stock of book.ga(product).values()) {
      total += stock.capacity
      free += InventoryBook.gaRemaining(stock)
    }
    pairs = free > 1 ? free : 0
  }
  if (free === 0) return 16
  if (product.ticketType === 'RS' && pairs === 0) return 17
  return free / total < LIMITED_SHARE ? 18 : 19
}
