import type { Seat } from '@contract'
import { seatsInRows, type NamedSeat, type SeatPhrases } from '@contract/seat-names'

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

/** Chinese writes its own comma between a row's groups of seats. */
const groupSeparator = (locale: string) => (locale.startsWith('zh') ? '；' : '; ')

/**
 * The customer's language's words for seats (locales/seats): "seat 11" or
 * "seats 11, 12" by the message's plural forms, and a seat's kind named with
 * its symbol, as the paper names it too (@contract/seat-names).
 */
export function seatPhrases(t: Translate, locale = 'en-SG'): SeatPhrases {
  return {
    numbers: (seats, count) => t('seatWords.numbers', { seats: seats.join(', '), count }),
    ofKind: (numbers, symbol, kind, count) => t('seatWords.ofKind', { seats: numbers, symbol, kind: t(`seatWords.kind.${kind}`, { count }) }),
    row: (row, groups) => t('seatWords.row', { row, seats: groups }),
    separator: groupSeparator(locale),
    unknown: '?',
  }
}

/**
 * Seats in the customer's words, by row: "Row C: seats 14, 15", "Row 22:
 * seat 22 (♿ wheelchair space); seat 21 (Ⓒ companion seat)". Split when they
 * are not one run of seats in one row (Best Available may fall back to split
 * seats; the customer must see that before keeping them).
 */
export function describeSeats(seats: readonly (Seat | NamedSeat)[], t: Translate, locale = 'en-SG'): { rows: string[]; split: boolean } {
  const rows = new Set(seats.map((s) => s.row ?? '?'))
  const numbers = seats.map((s) => Number(s.seat)).sort((a, b) => a - b)
  const consecutive = numbers.every((n, i) => Number.isFinite(n) && (i === 0 || n === numbers[i - 1]! + 1))
  return { rows: seatsInRows(seats, seatPhrases(t, locale)), split: rows.size > 1 || !consecutive }
}
