import { buildVenues } from '../../electron/sandbox/seed/venues'
import { priceCategoryColour } from '../../electron/contract/palette'
import type { MapSeat, MapSection, SeatSize } from '../../renderer/src/seatmap/model'

/**
 * Data for the seat-map harness and benchmark: the training stadium's real
 * sections (from the sandbox's seed), and synthetic sections of any number of
 * seats laid out in curved rows, as a large venue's single section would be.
 */
export function stadiumSections(): MapSection[] {
  const stadium = buildVenues().find((v) => v.id === 'harbour-stadium')!
  const states: MapSection['availability'][] = ['available', 'available', 'available', 'limited', 'single-seat', 'sold-out']
  return stadium.sections.map((section, i) => ({
    id: section.id,
    label: section.alias,
    levelLabel: section.levelAlias,
    colour: priceCategoryColour(section.tier),
    priceCategoryId: 500000 + section.tier,
    outlines: [section.polygon],
    availability: states[i % states.length]!,
  }))
}

export const seatSize: SeatSize = { width: 9, height: 8 }

/** `count` seats in curved rows of up to ~320, facing a stage below them; every 7th taken, a few wheelchair spaces. */
export function syntheticSeats(count: number): MapSeat[] {
  const perRow = Math.min(320, Math.max(10, Math.round(Math.sqrt(count * 3))))
  const seats: MapSeat[] = []
  const centreX = (perRow * 11) / 2
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / perRow)
    const n = i % perRow
    const offset = n - perRow / 2
    const angle = Math.max(-30, Math.min(30, offset * 0.15))
    const x = Math.round((centreX + offset * 11) * 10) / 10
    const y = Math.round((row * 12 + (offset * offset) / 400) * 10) / 10
    seats.push({
      inventoryId: 1_000_000 + i,
      row: rowName(row),
      seat: String(n + 1),
      seatType: n === 0 && row % 5 === 0 ? 2 : n === 1 && row % 5 === 0 ? 3 : 1,
      x,
      y,
      angle: Math.round(angle * 10) / 10,
      outline: [],
      state: i % 7 === 3 ? 'unavailable' : 'available',
    })
  }
  return seats
}

function rowName(row: number): string {
  let name = ''
  let n = row
  do {
    name = String.fromCharCode(65 + (n % 26)) + name
    n = Math.floor(n / 26) - 1
  } while (n >= 0)
  return name
}
