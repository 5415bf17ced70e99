import type { Bounds } from './geometry'
import type { MapSeat, SeatSize, SeatState } from './model'

/**
 * The seats of a shown section as the view keeps them: typed arrays, one slot
 * per seat, no object per seat (a 100,000-seat section would otherwise hold
 * 100,000 small objects for the garbage collector to walk). Positions are
 * fixed for the scene's life; a state is one byte, changed in place.
 */
export const SEAT_STATES: readonly SeatState[] = ['available', 'unavailable', 'offered-a', 'offered-b', 'chosen']
const STATE_CODE = Object.fromEntries(SEAT_STATES.map((state, code) => [state, code])) as Record<SeatState, number>

export class SeatArrays {
  readonly count: number
  readonly size: SeatSize
  /** Centre of each seat's box: x at 2i, y at 2i + 1. */
  readonly centres: Float64Array
  /** Each seat's turn, radians clockwise. */
  readonly rotations: Float32Array
  /** Each seat's state, as its index in SEAT_STATES. */
  readonly states: Uint8Array
  /** The vendor's seat type (wheelchair, companion, …); 0 when none. */
  readonly types: Uint8Array
  /** 1 where the seat can be bought at all (it has an inventory id). */
  readonly sellable: Uint8Array
  /** How many seats are in each state (by its index in SEAT_STATES), kept as states change. */
  readonly #counts = new Uint32Array(SEAT_STATES.length)
  #bounds: Bounds | null = null

  constructor(seats: readonly MapSeat[], size: SeatSize) {
    const n = seats.length
    this.count = n
    this.size = size
    this.centres = new Float64Array(n * 2)
    this.rotations = new Float32Array(n)
    this.states = new Uint8Array(n)
    this.types = new Uint8Array(n)
    this.sellable = new Uint8Array(n)
    for (let i = 0; i < n; i++) {
      const seat = seats[i]!
      this.centres[2 * i] = seat.x + size.width / 2
      this.centres[2 * i + 1] = seat.y + size.height / 2
      this.rotations[i] = (seat.angle * Math.PI) / 180
      this.states[i] = STATE_CODE[seat.state] ?? 0
      this.#counts[this.states[i]!]!++
      this.types[i] = seat.seatType ?? 0
      this.sellable[i] = seat.inventoryId === null ? 0 : 1
    }
  }

  state(index: number): SeatState {
    return SEAT_STATES[this.states[index]!]!
  }

  /** Sets a seat's state; false when it had that state already (or there is no such seat). */
  setState(index: number, state: SeatState): boolean {
    const code = STATE_CODE[state]
    if (index < 0 || index >= this.count || code === undefined || this.states[index] === code) return false
    this.#counts[this.states[index]!]!--
    this.#counts[code]!++
    this.states[index] = code
    return true
  }

  /** How many seats are drawn in each state (states no seat has are left out). */
  stateCounts(): Partial<Record<SeatState, number>> {
    const counts: Partial<Record<SeatState, number>> = {}
    SEAT_STATES.forEach((state, code) => {
      if (this.#counts[code]! > 0) counts[state] = this.#counts[code]!
    })
    return counts
  }

  /** Whether a tap may pick the seat: it can be bought and is not taken. */
  selectable(index: number): boolean {
    return this.sellable[index] === 1 && this.states[index] !== STATE_CODE.unavailable
  }

  /** Bounds of every seat: centres ± half the box's diagonal, which covers any turn. Worked out once (positions never move). */
  bounds(): Bounds {
    this.#bounds ??= this.#measure()
    return this.#bounds
  }

  #measure(): Bounds {
    const half = Math.hypot(this.size.width, this.size.height) / 2
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity]
    const c = this.centres
    for (let i = 0; i < this.count; i++) {
      const x = c[2 * i]!
      const y = c[2 * i + 1]!
      if (x < minX) minX = x
      if (x > maxX) maxX = x
      if (y < minY) minY = y
      if (y > maxY) maxY = y
    }
    if (!(minX <= maxX)) return { minX, minY, maxX, maxY }
    return { minX: minX - half, minY: minY - half, maxX: maxX + half, maxY: maxY + half }
  }
}
