import type { OverviewSeatMap, Seat, SeatGeometry, SeatOffer, SectionAvailability } from '@contract'
// A value import, but a tiny shared table: the palette lives in the contract
// precisely so that both sides colour categories alike.
import { neutralCategoryColour } from '@contract/palette'
import { SeatKind } from '@contract/seat-pairs'
import type { MapSeat, MapSection, SeatState } from './model'

/**
 * Pure mappers from the contract's seat-map data to what the seat map draws.
 * No store, no i18n instance: callers pass what they have, tests pass literals.
 */

/**
 * The overview's sections with their price category's colour and their
 * availability. A section the availability answer does not mention is
 * 'unknown' (drawn, and pickable: the offer will tell). Should the answer
 * list a section more than once (per price category), the entry for the
 * section's own category wins, then one without a category, then the first.
 */
export function sectionsFrom(overview: OverviewSeatMap, availability: readonly SectionAvailability[]): MapSection[] {
  const colours = new Map(overview.categories.map((c) => [c.priceCategoryId, c.colour]))
  const bySection = new Map<number, SectionAvailability[]>()
  for (const a of availability) {
    const list = bySection.get(a.sectionId)
    if (list) list.push(a)
    else bySection.set(a.sectionId, [a])
  }
  return overview.sections.map((section) => {
    const entries = bySection.get(section.sectionId) ?? []
    const entry =
      entries.find((a) => a.priceCategoryId === section.priceCategoryId) ??
      entries.find((a) => a.priceCategoryId === null) ??
      entries[0]
    return {
      id: section.sectionId,
      label: section.sectionAlias ?? String(section.sectionId),
      levelLabel: section.levelAlias,
      colour: colours.get(section.priceCategoryId) ?? neutralCategoryColour,
      priceCategoryId: section.priceCategoryId,
      outlines: section.outlines,
      availability: entry?.availability ?? 'unknown',
    }
  })
}

function mapSeat(seat: Seat, geometry: SeatGeometry, state: SeatState): MapSeat {
  return {
    inventoryId: seat.inventoryId,
    row: seat.row,
    seat: seat.seat,
    seatType: seat.seatType,
    x: geometry.x,
    y: geometry.y,
    angle: geometry.angle,
    outline: geometry.outline,
    state,
  }
}

/**
 * Every drawable seat of an offer: the offered sets (BA's two apart as
 * 'offered-a' / 'offered-b', the customer's pick as 'chosen'; once a set is
 * kept the other was given back to the vendor, so its seats are drawn as
 * plain available seats again, never as still offered), then the
 * available seats, then the unavailable ones (geometry only, so no inventory
 * id). Seats without geometry — 2D mode, where the venue image carries the
 * seats — are skipped: there is nothing to draw them at. A seat listed both in
 * a set and as available keeps its set's state (first listing wins).
 */
export function seatsFrom(offer: SeatOffer, chosenSet: number | null): MapSeat[] {
  const seats: MapSeat[] = []
  const listed = new Set<number>()
  offer.sets.forEach((set, index) => {
    // Sets beyond two cannot be told apart by colour; they share 'offered-b'.
    const state: SeatState = chosenSet !== null ? (index === chosenSet ? 'chosen' : 'available') : index === 0 ? 'offered-a' : 'offered-b'
    for (const seat of set) {
      if (!seat.geometry || listed.has(seat.inventoryId)) continue
      listed.add(seat.inventoryId)
      seats.push(mapSeat(seat, seat.geometry, state))
    }
  })
  for (const seat of offer.available) {
    if (!seat.geometry || listed.has(seat.inventoryId)) continue
    listed.add(seat.inventoryId)
    seats.push(mapSeat(seat, seat.geometry, 'available'))
  }
  // The sandbox never lists an offered or available seat again as unavailable,
  // but a grey box drawn over an offered seat would hide it (and steal its
  // taps), so geometry at a listed seat's exact position is dropped.
  const placed = new Set(seats.map((s) => `${s.x},${s.y}`))
  for (const g of offer.unavailable) {
    if (placed.has(`${g.x},${g.y}`)) continue
    seats.push({ inventoryId: null, row: null, seat: null, seatType: null, x: g.x, y: g.y, angle: g.angle, outline: g.outline, state: 'unavailable' })
  }
  return seats
}

type Translate = (key: string, values?: Record<string, unknown>) => string

/**
 * A seat as a screen reader or the seat list says it: "Row A, seat 14,
 * wheelchair space, offered". Parts the seat lacks (no row, a plain seat, an
 * available state) are left out; the locale texts carry the wording.
 */
export function describeSeat(seat: MapSeat, t: Translate): string {
  const parts: string[] = []
  if (seat.row !== null && seat.row !== '') parts.push(t('seatmap.row', { row: seat.row }))
  if (seat.seat !== null && seat.seat !== '') parts.push(t('seatmap.seat', { seat: seat.seat }))
  if (seat.seatType === SeatKind.Wheelchair) parts.push(t('seatmap.wheelchair'))
  else if (seat.seatType === SeatKind.Companion) parts.push(t('seatmap.companion'))
  else if (seat.seatType === SeatKind.Couple) parts.push(t('seatmap.couple'))
  if (seat.state === 'offered-a' || seat.state === 'offered-b') parts.push(t('seatmap.offered'))
  else if (seat.state === 'chosen') parts.push(t('seatmap.chosen'))
  else if (seat.state === 'unavailable') parts.push(t('seatmap.unavailable'))
  return parts.join(', ')
}
