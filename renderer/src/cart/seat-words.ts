import type { Seat } from '@contract'

type Translate = (key: string, values: Record<string, unknown>) => string

/** Where a line's seats are, as the API names it. */
export interface Place {
  sectionAlias: string | null
  levelAlias: string | null
  priceCategoryAlias: string | null
}

/**
 * Where the seats are in words, with the price category, as the receipt has
 * them: "Level 1 · Section 101 · CAT 1", never a bare "101". A section named
 * in words ("Stalls Centre") stands for itself, and its level is left out
 * where the name already says it ("Stalls").
 */
export function describePlace(place: Place, t: Translate): string {
  const section = place.sectionAlias?.trim() || null
  const level = place.levelAlias?.trim() || null
  const parts: string[] = []
  if (level && !section?.toLowerCase().includes(level.toLowerCase())) parts.push(level)
  // A code ("101", "B2", "12A") is a section's number: said as one.
  if (section) parts.push(/^[A-Za-z]?\d+[A-Za-z]?$/.test(section) ? t('cart.sectionCode', { code: section }) : section)
  const category = place.priceCategoryAlias?.trim()
  if (category && category !== section) parts.push(category)
  return parts.join(' · ')
}

/**
 * Seats in the customer's words, by row: "Row C: 14, 15". Split when they are
 * not one run of seats in one row (Best Available may fall back to split
 * seats; the customer must see that before keeping them).
 */
export function describeSeats(seats: readonly Seat[], t: Translate): { rows: string[]; split: boolean } {
  const byRow = new Map<string, string[]>()
  for (const s of seats) {
    const row = s.row ?? '?'
    const list = byRow.get(row)
    if (list) list.push(s.seat ?? '?')
    else byRow.set(row, [s.seat ?? '?'])
  }
  const numbers = seats.map((s) => Number(s.seat)).sort((a, b) => a - b)
  const consecutive = numbers.every((n, i) => Number.isFinite(n) && (i === 0 || n === numbers[i - 1]! + 1))
  return {
    rows: [...byRow].map(([row, list]) => t('seats.rowSeats', { row, seats: list.join(', ') })),
    split: byRow.size > 1 || !consecutive,
  }
}
