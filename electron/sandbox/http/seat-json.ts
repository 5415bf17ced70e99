import type { ProductInventory } from '../model/inventory'
import type { SeedSeat } from '../seed/types'
import type { Shapes } from './shapes'

const round1 = (n: number) => Math.round(n * 10) / 10

/**
 * The outline of a seat: `topLeftCoordinates` is the top-left corner of the
 * unrotated width × height box, and the seat is turned by `seatAngle` (degrees,
 * clockwise) about the box's centre. Four corners, clockwise from top-left.
 */
export function seatOutline(seat: SeedSeat, width: number, height: number): string {
  const rad = (seat.angle * Math.PI) / 180
  const [cos, sin] = [Math.cos(rad), Math.sin(rad)]
  const [cx, cy] = [seat.x + width / 2, seat.y + height / 2]
  const corners: [number, number][] = [
    [-width / 2, -height / 2],
    [width / 2, -height / 2],
    [width / 2, height / 2],
    [-width / 2, height / 2],
  ]
  return corners.map(([dx, dy]) => `${round1(cx + dx * cos - dy * sin)},${round1(cy + dx * sin + dy * cos)}`).join(',')
}

export interface SeatGeometryOptions {
  shapes: Shapes
  /** False in 2D mode, where the image carries the seat numbers and no coordinates are sent. */
  geometry: boolean
}

export function geometryJson(inventory: ProductInventory, ordinal: number, { shapes }: SeatGeometryOptions) {
  const { seat } = inventory.seat(ordinal)
  const venue = inventory.product.event.venue
  return {
    topLeftCoordinates: `${seat.x},${seat.y}`,
    seatAngle: shapes.seatAngle(seat.angle),
    coordinates: seatOutline(seat, venue.seatWidth, venue.seatHeight),
  }
}

/** A Seat of a reserved set (and, in the sandbox's design, of seatsAvailableList). */
export function seatJson(inventory: ProductInventory, ordinal: number, options: SeatGeometryOptions) {
  const { row, seat } = inventory.seat(ordinal)
  return {
    inventoryId: inventory.inventoryId(ordinal),
    seatRowAlias: row.alias,
    seatAlias: seat.alias,
    seatType: seat.type,
    ...(options.geometry ? geometryJson(inventory, ordinal, options) : {}),
    isGroupBookingReserved: false,
  }
}

/**
 * Serialised seats, cached per show. A seat's labels and geometry never
 * change, and a 3D offer lists every seat of the section (hundreds), so each
 * seat is serialised and UTF-8 encoded once, and answers are assembled from
 * those bytes.
 */
export class SeatTextCache {
  readonly #seats = new WeakMap<ProductInventory, { seat: (Buffer | undefined)[]; geometry: (Buffer | undefined)[] }>()

  constructor(private readonly shapes: Shapes) {}

  #of(inventory: ProductInventory) {
    let texts = this.#seats.get(inventory)
    if (!texts) {
      texts = { seat: new Array(inventory.size), geometry: new Array(inventory.size) }
      this.#seats.set(inventory, texts)
    }
    return texts
  }

  /**
   * An element of seatsAvailableList (3D mode), as JSON bytes preceded by a
   * comma (see jsonArrayParts): the Seat shape less isGroupBookingReserved,
   * which the spec marks unused in this flow.
   */
  availableSeat(inventory: ProductInventory, ordinal: number): Buffer {
    const texts = this.#of(inventory)
    if (texts.seat[ordinal] === undefined) {
      const { isGroupBookingReserved: _unused, ...seat } = seatJson(inventory, ordinal, { shapes: this.shapes, geometry: true })
      texts.seat[ordinal] = Buffer.from(`,${JSON.stringify(seat)}`)
    }
    return texts.seat[ordinal]
  }

  /** A SeatUnavailable (geometry only), as JSON bytes preceded by a comma. */
  geometry(inventory: ProductInventory, ordinal: number): Buffer {
    const texts = this.#of(inventory)
    return (texts.geometry[ordinal] ??= Buffer.from(
      `,${JSON.stringify(geometryJson(inventory, ordinal, { shapes: this.shapes, geometry: true }))}`,
    ))
  }
}

const OPEN = Buffer.from('[')
const CLOSE = Buffer.from(']')

/**
 * `[a,b,c]` from elements cached with a leading comma (",a", ",b", ",c"): the
 * first one's comma is skipped by a zero-copy view, so a list of n seats is
 * n + 2 parts rather than 2n + 1.
 */
export function jsonArrayParts(elements: readonly Buffer[]): Buffer[] {
  if (elements.length === 0) return [OPEN, CLOSE]
  return [OPEN, elements[0]!.subarray(1), ...elements.slice(1), CLOSE]
}
