import type { SeatSize } from './model'

/**
 * Plain geometry for the seat map, in the venue's coordinate space (y grows
 * downwards, as on screen and in the API's coordinates). Polygons are flat
 * [x1, y1, x2, y2, …] lists, the shape both the API and pixi use, so nothing
 * is converted on the way through. No pixi and no DOM here: the hit index,
 * the view and the tests all share these functions.
 */

export interface Bounds {
  minX: number
  minY: number
  maxX: number
  maxY: number
}

/**
 * The empty bounds: inverted infinities, so that a union with it changes
 * nothing and a box test against it never succeeds.
 */
export function emptyBounds(): Bounds {
  return { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
}

export function isEmptyBounds(b: Bounds): boolean {
  return !(b.minX <= b.maxX && b.minY <= b.maxY)
}

/**
 * Bounds of a flat x,y list written to out[at … at + 3] as minX, minY, maxX,
 * maxY (inverted infinities for no points). Allocates nothing: the hit index
 * writes every seat's bounds this way into one typed array.
 */
export function writeBounds(points: readonly number[], out: Float64Array, at: number): void {
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (let i = 0; i + 1 < points.length; i += 2) {
    const x = points[i]!
    const y = points[i + 1]!
    if (x < minX) minX = x
    if (x > maxX) maxX = x
    if (y < minY) minY = y
    if (y > maxY) maxY = y
  }
  out[at] = minX
  out[at + 1] = minY
  out[at + 2] = maxX
  out[at + 3] = maxY
}

/** Bounds of a flat x,y list; the empty bounds for no points. */
export function boundsOf(points: readonly number[]): Bounds {
  const b = new Float64Array(4)
  writeBounds(points, b, 0)
  return { minX: b[0]!, minY: b[1]!, maxX: b[2]!, maxY: b[3]! }
}

export function unionBounds(bounds: readonly Bounds[]): Bounds {
  const out = emptyBounds()
  for (const b of bounds) {
    if (isEmptyBounds(b)) continue
    if (b.minX < out.minX) out.minX = b.minX
    if (b.minY < out.minY) out.minY = b.minY
    if (b.maxX > out.maxX) out.maxX = b.maxX
    if (b.maxY > out.maxY) out.maxY = b.maxY
  }
  return out
}

export function boundsCentre(b: Bounds): { x: number; y: number } {
  return { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 }
}

/**
 * Even–odd rule: a ray to the right crosses the outline an odd number of
 * times from inside. Edges are half-open in y (one end counted, the other
 * not), so a ray through a vertex is counted once; points exactly on an edge
 * may go either way, which a finger-sized hit radius makes irrelevant.
 */
export function pointInPolygon(x: number, y: number, points: readonly number[]): boolean {
  const n = points.length >> 1
  if (n < 3) return false
  let inside = false
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = points[2 * i]!
    const yi = points[2 * i + 1]!
    const xj = points[2 * j]!
    const yj = points[2 * j + 1]!
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

/** Squared distance from a point to the segment (ax, ay)–(bx, by). */
function segmentDistanceSq(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax
  const dy = by - ay
  const lengthSq = dx * dx + dy * dy
  let t = lengthSq === 0 ? 0 : ((x - ax) * dx + (y - ay) * dy) / lengthSq
  if (t < 0) t = 0
  else if (t > 1) t = 1
  const px = ax + t * dx - x
  const py = ay + t * dy - y
  return px * px + py * py
}

/**
 * 0 inside the polygon; otherwise the distance to its nearest edge (the
 * closing edge included). Fewer than three points count as a polyline or a
 * point; no points at all are infinitely far away.
 */
export function distanceToPolygon(x: number, y: number, points: readonly number[]): number {
  const n = points.length >> 1
  if (n === 0) return Infinity
  if (pointInPolygon(x, y, points)) return 0
  if (n === 1) return Math.hypot(points[0]! - x, points[1]! - y)
  let best = Infinity
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const d = segmentDistanceSq(x, y, points[2 * j]!, points[2 * j + 1]!, points[2 * i]!, points[2 * i + 1]!)
    if (d < best) best = d
  }
  return Math.sqrt(best)
}

/**
 * The seat's box as the API defines it (and the sandbox draws it, see
 * electron/sandbox/http/seat-json.ts): `x, y` is the top-left corner of the
 * unrotated width × height box, turned `angle` degrees clockwise about the
 * box's centre. With y downwards the usual rotation matrix turns clockwise on
 * screen. Corners clockwise from the (unrotated) top-left, unrounded.
 */
export function seatOutline(seat: { x: number; y: number; angle: number }, size: SeatSize): number[] {
  const hw = size.width / 2
  const hh = size.height / 2
  const cx = seat.x + hw
  const cy = seat.y + hh
  if (seat.angle === 0) return [cx - hw, cy - hh, cx + hw, cy - hh, cx + hw, cy + hh, cx - hw, cy + hh]
  const rad = (seat.angle * Math.PI) / 180
  const cos = Math.cos(rad)
  const sin = Math.sin(rad)
  // Corner offsets (±hw, ±hh) rotated: (dx·cos − dy·sin, dx·sin + dy·cos).
  const ax = hw * cos
  const ay = hw * sin
  const bx = hh * sin
  const by = hh * cos
  return [
    cx - ax + bx, cy - ay - by, // (-hw, -hh)
    cx + ax + bx, cy + ay - by, // (+hw, -hh)
    cx + ax - bx, cy + ay + by, // (+hw, +hh)
    cx - ax - bx, cy - ay + by, // (-hw, +hh)
  ]
}

/** Area-weighted centroid; the vertex mean when the area is (nearly) zero. */
function centroid(points: readonly number[]): { x: number; y: number } {
  const n = points.length >> 1
  let area2 = 0
  let cx = 0
  let cy = 0
  let sx = 0
  let sy = 0
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = points[2 * i]!
    const yi = points[2 * i + 1]!
    const xj = points[2 * j]!
    const yj = points[2 * j + 1]!
    const cross = xj * yi - xi * yj
    area2 += cross
    cx += (xj + xi) * cross
    cy += (yj + yi) * cross
    sx += xi
    sy += yi
  }
  if (Math.abs(area2) < 1e-9) return { x: sx / n, y: sy / n }
  return { x: cx / (3 * area2), y: cy / (3 * area2) }
}

/**
 * Where to put a polygon's label: the centroid when it lies inside (true for
 * every convex section), otherwise — an L, a horseshoe, a ring of seats —
 * the middle of the widest stretch of the polygon along the horizontal line
 * through the middle of its bounds, so the label sits on the section and has
 * the most room there.
 */
export function labelAnchor(points: readonly number[]): { x: number; y: number } {
  const n = points.length >> 1
  if (n === 0) return { x: 0, y: 0 }
  const c = centroid(points)
  if (n < 3 || pointInPolygon(c.x, c.y, points)) return c
  const b = boundsOf(points)
  const y = (b.minY + b.maxY) / 2
  // Crossings of the line with the outline, with the same half-open rule as
  // pointInPolygon, so they pair up into inside spans.
  const xs: number[] = []
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = points[2 * i]!
    const yi = points[2 * i + 1]!
    const xj = points[2 * j]!
    const yj = points[2 * j + 1]!
    if (yi > y !== yj > y) xs.push(((xj - xi) * (y - yi)) / (yj - yi) + xi)
  }
  xs.sort((a, b) => a - b)
  let best: { x: number; y: number } | null = null
  let widest = -Infinity
  for (let k = 0; k + 1 < xs.length; k += 2) {
    const width = xs[k + 1]! - xs[k]!
    if (width > widest) {
      widest = width
      best = { x: (xs[k]! + xs[k + 1]!) / 2, y }
    }
  }
  return best ?? boundsCentre(b)
}

/**
 * Scale and offset that show `content` whole and centred in a view of the
 * given size, keeping `padding` (view units) free on every side:
 * screen = content × scale + (x, y). A point-sized content keeps scale 1;
 * empty content maps the origin to the view's centre.
 */
export function fitTransform(
  content: Bounds,
  view: { width: number; height: number },
  padding = 0,
): { scale: number; x: number; y: number } {
  if (isEmptyBounds(content)) return { scale: 1, x: view.width / 2, y: view.height / 2 }
  const w = content.maxX - content.minX
  const h = content.maxY - content.minY
  // A view smaller than twice the padding still gets a positive scale.
  const room = (size: number) => Math.max(size - 2 * padding, 1)
  const sx = w > 0 ? room(view.width) / w : Infinity
  const sy = h > 0 ? room(view.height) / h : Infinity
  let scale = Math.min(sx, sy)
  if (!Number.isFinite(scale)) scale = 1
  const c = boundsCentre(content)
  return { scale, x: view.width / 2 - c.x * scale, y: view.height / 2 - c.y * scale }
}
