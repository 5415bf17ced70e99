import Flatbush from 'flatbush'
import { distanceToPolygon, pointInPolygon, type Bounds } from './geometry'
import { arraySource, scanBounds, seatHitSource, type HitItem, type HitSource } from './hit-source'
import type { MapSeat, MapSection, SeatSize } from './model'

/**
 * Answers "what is under this finger?" for a seat map: the selectable polygon
 * containing the point, else the nearest selectable one within a radius.
 *
 * Built once per scene (sections of the overview, or the seats of a section)
 * from positions alone: a static packed R-tree (flatbush) of bounds, which
 * answers point queries in microseconds. Positions never move while a scene is
 * shown; states do, all the time (a sale elsewhere makes a thousand seats
 * unavailable at once), so whether an item may be picked is a byte per item,
 * changed in place by `setSelectable` and read by the query's filter. A state
 * change never rebuilds the tree, and the first tap after a thousand changes
 * is as fast as any other. Every candidate the tree yields is refined against
 * the real shape, so a rotated seat or an L-shaped section is hit by its
 * shape, not its box.
 *
 * Indices returned are *owner* indices: the seat's index in the seat list, or
 * the section's index in the section list (a section may have several outlines,
 * each indexed as its own entry).
 */
/** Nearest candidates asked for first (hit). */
const FIRST_CANDIDATES = 8

export class HitIndex {
  /** Number of indexed polygons (entries; a section with two outlines counts twice). */
  readonly size: number
  readonly #points: (entry: number) => readonly number[]
  readonly #distance: ((entry: number, x: number, y: number) => number) | null
  /** 1 where the entry has a polygon at all; selectable only then. */
  readonly #usable: Uint8Array
  readonly #selectable: Uint8Array
  /** The tree's filter for hit: made once, not per tap. */
  readonly #pickable = (entry: number): boolean => this.#selectable[entry] === 1
  /** minX, minY, maxX, maxY per entry: for bounds distances without asking the tree. */
  readonly #bounds: Float64Array
  /** Entry → owner index; null when they are the same. */
  readonly #owners: Int32Array | null
  /** Null when empty: flatbush refuses zero items. */
  readonly #tree: Flatbush | null

  /**
   * @param items polygons, or a HitSource that makes them on demand.
   * @param owners for each item, the index reported for it (defaults to the
   *   item's own index). Several items may share an owner.
   */
  constructor(items: readonly HitItem[] | HitSource, owners?: readonly number[]) {
    const source: HitSource = Array.isArray(items) ? arraySource(items) : (items as HitSource)
    const n = source.count
    if (owners && owners.length !== n) throw new Error(`HitIndex: ${owners.length} owners for ${n} items`)
    this.size = n
    this.#points = (i) => source.points(i)
    this.#distance = source.distance ? (i, x, y) => source.distance!(i, x, y) : null
    this.#usable = new Uint8Array(n)
    this.#selectable = new Uint8Array(n)
    this.#bounds = new Float64Array(n * 4)
    this.#owners = owners ? Int32Array.from(owners) : null
    this.#tree = n > 0 ? new Flatbush(n) : null
    const b = this.#bounds
    for (let i = 0; i < n; i++) {
      const usable = source.bounds ? source.bounds(i, b) : scanBounds(source.points(i), i, b)
      // A polygon-less item still needs a slot in the tree (its entry number is
      // its position): a point box at the origin, never selectable, so never
      // reported by hit (inBox may still list it there, which is harmless).
      if (!usable) b.fill(0, i * 4, i * 4 + 4)
      this.#usable[i] = usable ? 1 : 0
      this.#selectable[i] = usable && source.selectable(i) ? 1 : 0
      this.#tree!.add(b[i * 4]!, b[i * 4 + 1]!, b[i * 4 + 2]!, b[i * 4 + 3]!)
    }
    this.#tree?.finish()
  }

  /**
   * Makes the item reported as `owner` pickable or not (a seat sold or given
   * back, a section sold out): in place, the tree untouched. An item without a
   * polygon stays unpickable.
   */
  setSelectable(owner: number, selectable: boolean): void {
    const owners = this.#owners
    if (!owners) {
      if (owner >= 0 && owner < this.size) this.#selectable[owner] = selectable ? this.#usable[owner]! : 0
      return
    }
    // Sections: a handful of entries each, a few hundred in all.
    for (let entry = 0; entry < owners.length; entry++) {
      if (owners[entry] === owner) this.#selectable[entry] = selectable ? this.#usable[entry]! : 0
    }
  }

  /** Sections of the overview: each outline an entry; sold-out sections are shown but cannot be picked. */
  static fromSections(sections: readonly MapSection[]): HitIndex {
    const items: HitItem[] = []
    const owners: number[] = []
    sections.forEach((section, index) => {
      const selectable = section.availability !== 'sold-out'
      for (const points of section.outlines) {
        items.push({ points, selectable })
        owners.push(index)
      }
    })
    return new HitIndex(items, owners)
  }

  /**
   * Seats of a section: the API's outline when it sent one, else the box made
   * from x, y, angle. Unavailable seats and geometry-only seats (no inventory
   * id, nothing to buy) cannot be picked.
   */
  static fromSeats(seats: readonly MapSeat[], size: SeatSize): HitIndex {
    return new HitIndex(seatHitSource(seats, size))
  }

  #owner(entry: number): number {
    return this.#owners ? this.#owners[entry]! : entry
  }

  #area(entry: number): number {
    const b = this.#bounds
    return (b[entry * 4 + 2]! - b[entry * 4]!) * (b[entry * 4 + 3]! - b[entry * 4 + 1]!)
  }

  #boundsDistance(entry: number, x: number, y: number): number {
    const b = this.#bounds
    const dx = Math.max(b[entry * 4]! - x, x - b[entry * 4 + 2]!, 0)
    const dy = Math.max(b[entry * 4 + 1]! - y, y - b[entry * 4 + 3]!, 0)
    return Math.hypot(dx, dy)
  }

  /**
   * The owner index of the item at (x, y), in the index's coordinates: a
   * selectable polygon containing the point (the one with the smallest bounds
   * when they overlap, i.e. the most specific: a section drawn over another),
   * else the selectable polygon nearest to it within `radius`, by true
   * distance to its outline. Null when there is neither.
   */
  hit(x: number, y: number, radius: number): number | null {
    if (!this.#tree || !Number.isFinite(x) || !Number.isFinite(y)) return null
    const r = radius > 0 && Number.isFinite(radius) ? radius : 0
    // Candidates in order of their bounds' distance from the point: those whose
    // bounds contain it (distance 0) come first. A polygon is never nearer than
    // its bounds, so once a candidate's bounds are farther than the best
    // polygon distance found, nothing after it can win.
    // Zoomed out, a finger's radius covers hundreds of seats, and the tree would
    // list them all before the first is looked at. The first few nearest almost
    // always settle it; only when they do not is the whole radius asked for.
    const first = this.#tree.neighbors(x, y, FIRST_CANDIDATES, r, this.#pickable)
    const settled = this.#choose(first, x, y, r, first.length < FIRST_CANDIDATES)
    if (settled !== undefined) return settled
    return this.#choose(this.#tree.neighbors(x, y, Infinity, r, this.#pickable), x, y, r, true) ?? null
  }

  /**
   * The owner chosen among `candidates` (nearest bounds first; `complete`
   * when they are every one within the radius): null for none, undefined when
   * an incomplete list ran out before the choice was certain (a nearer polygon
   * might follow it).
   */
  #choose(candidates: readonly number[], x: number, y: number, r: number, complete: boolean): number | null | undefined {
    let inside = -1
    let insideArea = Infinity
    let nearest = -1
    let nearestDistance = Infinity
    let nearestArea = Infinity
    let certain = false
    for (const i of candidates) {
      const boundsDistance = this.#boundsDistance(i, x, y)
      if ((boundsDistance > 0 && inside >= 0) || boundsDistance > nearestDistance) {
        certain = true
        break
      }
      const exact = this.#distance ? this.#distance(i, x, y) : -1
      const points = exact >= 0 ? null : this.#points(i)
      if (boundsDistance === 0 && (points ? pointInPolygon(x, y, points) : exact === 0)) {
        const area = this.#area(i)
        if (area < insideArea || (area === insideArea && i < inside)) {
          inside = i
          insideArea = area
        }
        continue
      }
      if (inside >= 0) continue
      const d = points ? distanceToPolygon(x, y, points) : exact
      if (d > r) continue
      const area = this.#area(i)
      if (d < nearestDistance || (d === nearestDistance && (area < nearestArea || (area === nearestArea && i < nearest)))) {
        nearest = i
        nearestDistance = d
        nearestArea = area
      }
    }
    if (!certain && !complete) return undefined
    if (inside >= 0) return this.#owner(inside)
    return nearest >= 0 ? this.#owner(nearest) : null
  }

  /**
   * Owner indices of every item whose bounds intersect or touch `bounds`,
   * selectable or not (for culling labels to the visible area), each once, in
   * no particular order.
   */
  inBox(bounds: Bounds): number[] {
    if (!this.#tree || !(bounds.minX <= bounds.maxX && bounds.minY <= bounds.maxY)) return []
    const found = this.#tree.search(bounds.minX, bounds.minY, bounds.maxX, bounds.maxY)
    const owners = this.#owners
    if (!owners) return found
    const seen = new Set<number>()
    for (const i of found) seen.add(owners[i]!)
    return [...seen]
  }
}
