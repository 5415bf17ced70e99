import type { Money, PriceCategory, SeatMapSection } from '@contract'
import { neutralCategoryColour } from '@contract/palette'
import type { SectionAvailabilityState } from './model'

/**
 * How a customer finds a section in a big venue without scrolling a list of
 * every section: by price band (the vendor's price category) and area (the
 * section's level), or on the map. Pure: the seats screen and the tests pass
 * what the seat map API answered.
 */

/** Up to this many sections are listed whole; a bigger venue is chosen by price band and area, or on the map. */
export const LIST_ALL_UP_TO = 12

export interface SectionRow {
  section: SeatMapSection
  availability: SectionAvailabilityState
}

export interface PriceBand {
  priceCategoryId: number
  /** The category's name ("CAT 1"), else its number, else its id. */
  label: string
  colour: string
  /** The band's price: the category's own amount, else its cheapest section's. */
  price: Money | null
}

export interface SectionFilter {
  priceCategoryId: number | null
  area: string | null
}

/** The price bands some section is sold in, in the vendor's order (category number, then as listed). */
export function priceBandsOf(categories: readonly PriceCategory[], rows: readonly SectionRow[]): PriceBand[] {
  const used = new Set(rows.map((r) => r.section.priceCategoryId))
  const cheapest = new Map<number, Money>()
  for (const { section } of rows) {
    const known = cheapest.get(section.priceCategoryId)
    if (!known || section.price.amount < known.amount) cheapest.set(section.priceCategoryId, section.price)
  }
  const listed = categories.filter((c) => used.has(c.priceCategoryId))
  // A section whose category the overview does not list still gets a band, in the neutral colour.
  const unlisted = [...used].filter((id) => !listed.some((c) => c.priceCategoryId === id))
  const bands = listed
    .map((c, order) => ({ c, order }))
    .sort((a, b) => (a.c.num ?? Infinity) - (b.c.num ?? Infinity) || a.order - b.order)
    .map(({ c }) => ({
      priceCategoryId: c.priceCategoryId,
      label: c.alias?.trim() || (c.num !== null ? String(c.num) : String(c.priceCategoryId)),
      colour: c.colour,
      price: c.amount ?? cheapest.get(c.priceCategoryId) ?? null,
    }))
  for (const id of unlisted) bands.push({ priceCategoryId: id, label: String(id), colour: neutralCategoryColour, price: cheapest.get(id) ?? null })
  return bands
}

/** The venue's areas (levels), in the order the seat map lists them. */
export function areasOf(rows: readonly SectionRow[]): string[] {
  const areas: string[] = []
  for (const { section } of rows) {
    const area = section.levelAlias?.trim()
    if (area && !areas.includes(area)) areas.push(area)
  }
  return areas
}

/** The sections of the chosen price band and area (either may be left open). */
export function sectionsMatching(rows: readonly SectionRow[], filter: SectionFilter): SectionRow[] {
  return rows.filter(
    ({ section }) =>
      (filter.priceCategoryId === null || section.priceCategoryId === filter.priceCategoryId) &&
      (filter.area === null || section.levelAlias?.trim() === filter.area),
  )
}
