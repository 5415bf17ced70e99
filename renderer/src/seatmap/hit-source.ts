import { distanceToPolygon, seatOutline, writeBounds } from './geometry'
import type { MapSeat, SeatSize } from './model'

/**
 * What a HitIndex (hit-index.ts) is built from: polygons given whole, or a
 * source that makes them on demand, such as a section's seats, whose turned
 * boxes have closed forms for their bounds and distances.
 */

/** A polygon to hit: a section outline or a seat's box, flat [x1, y1, …]. */
export interface HitItem {
  points: readonly number[]
  /** False for what cannot be picked (sold-out sections, unavailable seats): never hit, not even as the nearest. */
  selectable: boolean
}

/**
 * Items made on demand: `points` is called at build time only when there is no
 * `bounds`, and otherwise only for query candidates, so it may compute.
 */
export interface HitSource {
  readonly count: number
  points(index: number): readonly number[]
  selectable(index: number): boolean
  /** Writes the item's bounds to out[4i … 4i + 3]; false when it has no polygon. */
  bounds?(index: number, out: Float64Array): boolean
  /**
   * 0 when (x, y) is inside the item, else its distance to the item's outline:
   * the same answer as pointInPolygon/distanceToPolygon on `points`, without
   * making the polygon (a seat's turned box has a closed form).
   */
  distance?(index: number, x: number, y: number): number
}

export function arraySource(items: readonly HitItem[]): HitSource {
  return { count: items.length, points: (i) => items[i]!.points, selectable: (i) => items[i]!.selectable }
}

/** Bounds of a flat polygon into out[4i …] (writeBounds); false for fewer than three points. */
export function scanBounds(points: readonly number[], i: number, out: Float64Array): boolean {
  writeBounds(points, out, i * 4)
  return points.length >= 6 && out[i * 4]! <= out[i * 4 + 2]! && out[i * 4 + 1]! <= out[i * 4 + 3]!
}

/**
 * Seats of a section: the API's outline when it sent one, else the box made
 * from x, y, angle. Unavailable seats and geometry-only seats (no inventory
 * id, nothing to buy) cannot be picked.
 */
export function seatHitSource(seats: readonly MapSeat[], size: SeatSize): HitSource {
  // Seats without an API outline get theirs made only when a query reaches
  // them: their bounds follow from x, y and the angle directly, so building
  // for 100k seats allocates no polygons (that was most of the build time).
  // The list is read again on queries, so its seats' geometry must not change
  // after building (their states may: selectability is taken at build time
  // and changed afterwards through setSelectable).
  const hw = size.width / 2
  const hh = size.height / 2
  return {
    count: seats.length,
    points: (i) => {
      const seat = seats[i]!
      return seat.outline.length >= 6 ? seat.outline : seatOutline(seat, size)
    },
    selectable: (i) => seats[i]!.inventoryId !== null && seats[i]!.state !== 'unavailable',
    distance: (i, x, y) => {
      const seat = seats[i]!
      if (seat.outline.length >= 6) return distanceToPolygon(x, y, seat.outline)
      // Into the seat's own frame (undoing seatOutline's clockwise turn about
      // the centre), where the seat is the box |u| ≤ hw, |v| ≤ hh.
      const dx = x - seat.x - hw
      const dy = y - seat.y - hh
      let u = dx
      let v = dy
      if (seat.angle !== 0) {
        const rad = (seat.angle * Math.PI) / 180
        const cos = Math.cos(rad)
        const sin = Math.sin(rad)
        u = dx * cos + dy * sin
        v = dy * cos - dx * sin
      }
      const ex = Math.abs(u) - hw
      const ey = Math.abs(v) - hh
      if (ex <= 0 && ey <= 0) return 0
      return Math.hypot(Math.max(ex, 0), Math.max(ey, 0))
    },
    bounds: (i, out) => {
      const seat = seats[i]!
      if (seat.outline.length >= 6) return scanBounds(seat.outline, i, out)
      const rad = (seat.angle * Math.PI) / 180
      const cos = Math.abs(Math.cos(rad))
      const sin = Math.abs(Math.sin(rad))
      // Half-extents of the turned box; a hair wider so rounding never leaves a corner outside.
      const ex = hw * cos + hh * sin + 1e-9
      const ey = hw * sin + hh * cos + 1e-9
      const cx = seat.x + hw
      const cy = seat.y + hh
      out[i * 4] = cx - ex
      out[i * 4 + 1] = cy - ey
      out[i * 4 + 2] = cx + ex
      out[i * 4 + 3] = cy + ey
      return Number.isFinite(cx) && Number.isFinite(cy) && Number.isFinite(ex) && Number.isFinite(ey)
    },
}
}
