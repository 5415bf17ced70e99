/**
 * What the seat map draws, independent of pixi: sections (the overview) and
 * seats (a section in detail), in the venue's coordinate space. Built from the
 * contract's OverviewSeatMap / SectionAvailability / SeatOffer by `from-api.ts`.
 */

export type SectionAvailabilityState = 'available' | 'limited' | 'single-seat' | 'sold-out' | 'unknown'

/** A section's state in words (the locales' seatmap.* keys); null for one not known, which is left unsaid. */
export const SECTION_STATE_KEY: Readonly<Record<SectionAvailabilityState, string | null>> = {
  available: 'seatmap.available',
  limited: 'seatmap.limited',
  'single-seat': 'seatmap.singleSeat',
  'sold-out': 'seatmap.soldOut',
  unknown: null,
}

export interface MapSection {
  id: number
  /** Section name, e.g. "101" or "Stalls Centre". */
  label: string
  levelLabel: string | null
  /** Fill colour from the price category ("#RRGGBB"). */
  colour: string
  priceCategoryId: number
  /** Outlines, each a flat [x1, y1, x2, y2, …]. */
  outlines: number[][]
  availability: SectionAvailabilityState
}

/**
 * A seat's state on the map. Two BA sets are told apart (`offered-a`,
 * `offered-b`); `chosen` is a set the customer picked.
 */
export type SeatState = 'available' | 'unavailable' | 'offered-a' | 'offered-b' | 'chosen'

export interface MapSeat {
  /** Null for seats the API sent only as geometry (unavailable seats). */
  inventoryId: number | null
  row: string | null
  seat: string | null
  /** Vendor seat type: 2 wheelchair space, 3 companion seat, 6 couple seat, else standard. */
  seatType: number | null
  /** Top-left of the unrotated seat box, and its rotation in degrees clockwise about the box centre. */
  x: number
  y: number
  angle: number
  /** The turned box's corners, flat [x1, y1, …, x4, y4]; empty → made from x, y, angle and the seat size. */
  outline: number[]
  state: SeatState
}

export interface SeatSize {
  width: number
  height: number
}

/** What a tap or a list choice picked. */
export type MapSelection = { kind: 'section'; sectionId: number } | { kind: 'seat'; index: number; inventoryId: number | null }
