/**
 * Geometry for the sandbox's seat maps, kept apart from the venue definitions in
 * venues.ts. A venue is drawn as bands of parallel rows (straight stands along a
 * pitch, or arcs around a corner or a stage); a section is the part of a band
 * between two positions along the rows and two depths across them.
 *
 * Coordinates are the venue's own: x to the right, y downwards, so angles in
 * radians increase clockwise on screen. Seat angles are degrees clockwise from
 * "facing up" (0 = a seat facing the top of the map, 90 = facing right).
 * Everything is rounded to one decimal place so the data stays small and stable.
 */

export interface Point {
  x: number
  y: number
}

/** Rounds to one decimal place; `+ 0` turns -0 into 0 so deep equality never trips on it. */
export function round1(n: number): number {
  return Math.round(n * 10) / 10 + 0
}

export function degrees(deg: number): number {
  return (deg * Math.PI) / 180
}

/** The seat angle (degrees clockwise from facing up, in [0, 360)) of a seat facing along (fx, fy). */
export function seatAngle(fx: number, fy: number): number {
  const angle = round1(((Math.atan2(fx, -fy) * 180) / Math.PI + 360) % 360)
  // Rounding 359.96 gives 360, which is 0.
  return angle === 360 ? 0 : angle
}

/**
 * A family of parallel rows: `u` runs along a row, `d` across rows, growing away
 * from the stage or pitch. Seats in a band all face back across it (towards d = 0).
 */
export interface Band {
  at(u: number, d: number): Point
  /** Length along a row per unit of u at depth d: 1 on a straight band, the radius on an arc. */
  stretch(d: number): number
  /** The seat angle at u, facing back across the band. */
  facing(u: number): number
  /** Whether rows curve, so an outline needs points between its ends. */
  curved: boolean
}

/** A straight band: rows run from `start` along the unit vector `along`; depth grows along the unit vector `away`. */
export function straightBand(start: Point, along: Point, away: Point): Band {
  const angle = seatAngle(-away.x, -away.y)
  return {
    at: (u, d) => ({ x: start.x + u * along.x + d * away.x, y: start.y + u * along.y + d * away.y }),
    stretch: () => 1,
    facing: () => angle,
    curved: false,
  }
}

/** A curved band around `centre`: u is the angle in radians, d the distance beyond `innerRadius`. */
export function arcBand(centre: Point, innerRadius: number): Band {
  return {
    at: (u, d) => ({
      x: centre.x + (innerRadius + d) * Math.cos(u),
      y: centre.y + (innerRadius + d) * Math.sin(u),
    }),
    stretch: (d) => innerRadius + d,
    facing: (u) => seatAngle(-Math.cos(u), -Math.sin(u)),
    curved: true,
  }
}

/** A section's area: positions u0 < u1 along the rows, depths d0 < d1 across them. */
export interface Sector {
  band: Band
  u0: number
  u1: number
  d0: number
  d1: number
}

/**
 * Largest angle between outline points on a curved edge. Five degrees keeps the
 * chord within about a unit of the true arc even on the stadium's outer ring,
 * which the seat margins below absorb.
 */
const MAX_ARC_STEP = degrees(5)

/** The sector's outline, x1,y1,x2,y2,…: along the front edge from u0 to u1, then back along the rear edge. */
export function sectorPolygon(sector: Sector): number[] {
  const { band, u0, u1, d0, d1 } = sector
  const steps = band.curved ? Math.max(1, Math.ceil((u1 - u0) / MAX_ARC_STEP)) : 1
  const polygon: number[] = []
  for (let i = 0; i <= steps; i++) {
    const p = band.at(u0 + ((u1 - u0) * i) / steps, d0)
    polygon.push(round1(p.x), round1(p.y))
  }
  for (let i = steps; i >= 0; i--) {
    const p = band.at(u0 + ((u1 - u0) * i) / steps, d1)
    polygon.push(round1(p.x), round1(p.y))
  }
  return polygon
}

export interface SeatGrid {
  /** Size of a seat's outline. */
  seatWidth: number
  seatHeight: number
  /** Distance between neighbouring seat centres along a row. */
  seatSpacing: number
  /** Distance between rows. */
  rowSpacing: number
  /** Clear space between a section's edge and the nearest seat outline. */
  edge: number
}

/** How deep a sector must be to hold `rows` rows of this grid, edge space included. */
export function sectorDepth(grid: SeatGrid, rows: number): number {
  return grid.seatHeight + 2 * grid.edge + (rows - 1) * grid.rowSpacing
}

/** A seat as laid out: the top-left corner of its unrotated outline (it rotates about its centre) and its angle. */
export interface PlacedSeat {
  x: number
  y: number
  angle: number
}

/**
 * Fills a sector with rows, front (d0) to back, each holding as many seats as fit
 * between the side edges, centred along the row and in order of increasing u. The
 * sector is expected to be `sectorDepth(grid, rows)` deep.
 */
export function layoutRows(sector: Sector, grid: SeatGrid, rows: number): PlacedSeat[][] {
  const { band, u0, u1, d0 } = sector
  const result: PlacedSeat[][] = []
  for (let r = 0; r < rows; r++) {
    const d = d0 + grid.edge + grid.seatHeight / 2 + r * grid.rowSpacing
    const stretch = band.stretch(d)
    const length = (u1 - u0) * stretch
    const usable = length - 2 * grid.edge - grid.seatWidth
    const count = Math.floor(usable / grid.seatSpacing) + 1
    if (count < 1) throw new Error(`A sector ${length.toFixed(1)} long holds no seat in row ${r + 1}`)
    // Spread the slack left over by the whole seats evenly on both sides.
    const first = (length - (count - 1) * grid.seatSpacing) / 2
    const row: PlacedSeat[] = []
    for (let s = 0; s < count; s++) {
      const u = u0 + (first + s * grid.seatSpacing) / stretch
      const centre = band.at(u, d)
      row.push({
        x: round1(centre.x - grid.seatWidth / 2),
        y: round1(centre.y - grid.seatHeight / 2),
        angle: band.facing(u),
      })
    }
    result.push(row)
  }
  return result
}

/** Row letters as theatres print them: A, B, C… without I and O, then AA, BB… */
const ROW_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ'

export function rowLetter(index: number): string {
  const letter = ROW_LETTERS[index % ROW_LETTERS.length] ?? '?'
  return letter.repeat(Math.floor(index / ROW_LETTERS.length) + 1)
}

/** The mean of a polygon's vertices: good enough to tell which side of a venue a section is on. */
export function polygonCentre(polygon: number[]): Point {
  let x = 0
  let y = 0
  for (let i = 0; i < polygon.length; i += 2) {
    x += polygon[i] ?? 0
    y += polygon[i + 1] ?? 0
  }
  const n = polygon.length / 2
  return { x: x / n, y: y / n }
}
