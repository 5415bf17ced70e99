import type { Seat } from '@contract'

type Translate = (key: string, values: Record<string, unknown>) => string

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
