/** What every seated venue of the sandbox is built from: rows from placed seats, wheelchair spaces, couple seats, counts. */
import { SeatType, type SeedRow, type SeedSection } from './types'
import type { PlacedSeat } from './venue-geometry'

export function toRows(placed: PlacedSeat[][], rowAlias: (index: number) => string): SeedRow[] {
  return placed.map((seats, r) => ({
    alias: rowAlias(r),
    seats: seats.map((seat, s) => ({ alias: String(s + 1), ...seat, type: SeatType.Standard })),
  }))
}

/**
 * A wheelchair space at each end of a row, each with its companion seat beside it.
 * Row ends are where the aisles and doors are, so that is where step-free spaces go.
 */
export function addWheelchairSpaces(row: SeedRow): void {
  const n = row.seats.length
  if (n < 4) throw new Error(`Row ${row.alias} is too short for wheelchair spaces`)
  const set = (index: number, type: typeof SeatType.Wheelchair | typeof SeatType.Companion): void => {
    const seat = row.seats[index]
    if (seat) seat.type = type
  }
  set(0, SeatType.Wheelchair)
  set(1, SeatType.Companion)
  set(n - 2, SeatType.Companion)
  set(n - 1, SeatType.Wheelchair)
}

/** Turns a row into couple seats, two by two; an odd seat out at the end stays a standard seat. */
export function makeCoupleSeats(row: SeedRow): void {
  const paired = row.seats.length - (row.seats.length % 2)
  for (let i = 0; i < paired; i++) {
    const seat = row.seats[i]
    if (seat) seat.type = SeatType.Couple
  }
}

/** "55000" → "55,000", the same in all four languages (and independent of the machine's locale). */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

export function roundTo(n: number, step: number): number {
  return Math.round(n / step) * step
}

export function seatCount(sections: SeedSection[]): number {
  let count = 0
  for (const section of sections) {
    for (const row of section.rows) count += row.seats.length
  }
  return count
}
