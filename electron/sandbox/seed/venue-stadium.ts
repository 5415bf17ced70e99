/** Harbour Stadium: a bowl of three rings round the pitch, twelve gates, wheelchair platforms at the back of the lower ring. */
import type { SeedSection, SeedVenue } from './types'
import { arcBand, degrees, layoutRows, polygonCentre, sectorDepth, sectorPolygon, straightBand, type Band, type Point, type SeatGrid } from './venue-geometry'
import { toRows, addWheelchairSpaces, formatCount, roundTo, seatCount } from './venue-parts'

/** The point the stadium's seats face: the centre of the pitch. */
export const STADIUM_CENTRE: Point = { x: 2000, y: 1500 }

const STADIUM_GRID: SeatGrid = { seatWidth: 8, seatHeight: 8, seatSpacing: 9, rowSpacing: 12, edge: 2 }

/**
 * The bowl's rows follow a rounded rectangle drawn round the pitch and its
 * run-off, moved outwards row by row: straight stands along the sides and ends,
 * quarter circles in the corners, so every row stays parallel to the touchline
 * in front of it. Aisles separate the sections of a ring; a concourse the rings.
 */
const STADIUM = {
  width: 4000,
  height: 3000,
  centre: STADIUM_CENTRE,
  /** Half the length and width of the pitch with its run-off, the long axis horizontal. */
  halfLength: 800,
  halfWidth: 480,
  cornerRadius: 160,
  /** Gap between the run-off and the front row of the lower ring. */
  front: 20,
  aisle: 6,
  concourse: 40,
}

interface Ring {
  level: string
  /** Number of the ring's first section; the rest follow clockwise. */
  firstSection: number
  rows: number
  /** How many sections each long side, each end and each corner is cut into. */
  split: Record<StandPart['kind'], number>
  sideTier: number
  /** Ends and corners. */
  endTier: number
}

const RINGS: Ring[] = [
  { level: 'Level 1', firstSection: 101, rows: 22, split: { side: 6, end: 3, corner: 2 }, sideTier: 1, endTier: 2 },
  { level: 'Level 2', firstSection: 201, rows: 20, split: { side: 6, end: 3, corner: 4 }, sideTier: 3, endTier: 4 },
  { level: 'Level 3', firstSection: 301, rows: 26, split: { side: 7, end: 4, corner: 5 }, sideTier: 5, endTier: 5 },
]

/** One stretch of the bowl: a straight side or end, or a corner, between positions u0 and u1 of its band. */
interface StandPart {
  kind: 'side' | 'end' | 'corner'
  band: Band
  u0: number
  u1: number
}

/** The bowl's eight stretches clockwise, starting at the left end of the top long side. */
function stadiumParts(): StandPart[] {
  const { centre: c, halfLength, halfWidth, cornerRadius } = STADIUM
  const sx = halfLength - cornerRadius
  const sy = halfWidth - cornerRadius
  const side = (start: Point, along: Point, away: Point, length: number, kind: 'side' | 'end'): StandPart => ({
    kind,
    band: straightBand(start, along, away),
    u0: 0,
    u1: length,
  })
  const corner = (x: number, y: number, fromDeg: number): StandPart => ({
    kind: 'corner',
    band: arcBand({ x: c.x + x, y: c.y + y }, cornerRadius),
    u0: degrees(fromDeg),
    u1: degrees(fromDeg + 90),
  })
  return [
    side({ x: c.x - sx, y: c.y - halfWidth }, { x: 1, y: 0 }, { x: 0, y: -1 }, 2 * sx, 'side'),
    corner(sx, -sy, -90),
    side({ x: c.x + halfLength, y: c.y - sy }, { x: 0, y: 1 }, { x: 1, y: 0 }, 2 * sy, 'end'),
    corner(sx, sy, 0),
    side({ x: c.x + sx, y: c.y + halfWidth }, { x: -1, y: 0 }, { x: 0, y: 1 }, 2 * sx, 'side'),
    corner(-sx, sy, 90),
    side({ x: c.x - halfLength, y: c.y + sy }, { x: 0, y: -1 }, { x: -1, y: 0 }, 2 * sy, 'end'),
    corner(-sx, -sy, 180),
  ]
}

/** Gates 1–12 go round the stadium clockwise like a clock face; a section uses the one behind it. */
function stadiumGate(polygon: number[]): string {
  const p = polygonCentre(polygon)
  const bearing = (Math.atan2(p.x - STADIUM.centre.x, STADIUM.centre.y - p.y) * 180) / Math.PI
  return `Gate ${Math.floor(((bearing + 360) % 360) / 30) + 1}`
}

export function buildStadium(): SeedVenue {
  const parts = stadiumParts()
  const sections: SeedSection[] = []
  let d0 = STADIUM.front
  for (const ring of RINGS) {
    const d1 = d0 + sectorDepth(STADIUM_GRID, ring.rows)
    let number = ring.firstSection
    for (const part of parts) {
      const n = ring.split[part.kind]
      // Half an aisle on each side of a section, measured at its front row (the gap widens behind on a curve).
      const inset = STADIUM.aisle / 2 / part.band.stretch(d0)
      for (let i = 0; i < n; i++) {
        const sector = {
          band: part.band,
          u0: part.u0 + ((part.u1 - part.u0) * i) / n + inset,
          u1: part.u0 + ((part.u1 - part.u0) * (i + 1)) / n - inset,
          d0,
          d1,
        }
        const polygon = sectorPolygon(sector)
        const rows = toRows(layoutRows(sector, STADIUM_GRID, ring.rows), (r) => String(r + 1))
        sections.push({
          id: 1000 + sections.length + 1,
          levelAlias: ring.level,
          alias: String(number++),
          type: 'RS',
          entrance: stadiumGate(polygon),
          tier: part.kind === 'side' ? ring.sideTier : ring.endTier,
          polygon,
          rows,
        })
      }
    }
    d0 = d1 + STADIUM.concourse
  }
  // Wheelchair platforms at the back of the lower ring, where it meets the concourse.
  for (const section of sections) {
    const last = section.rows[section.rows.length - 1]
    if (section.levelAlias === 'Level 1' && last) addWheelchairSpaces(last)
  }
  const seats = formatCount(roundTo(seatCount(sections), 1000))
  return {
    id: 'harbour-stadium',
    name: 'Harbour Stadium',
    description: {
      EN_SG: `A ${seats}-seat stadium on the waterfront, with three rings of seating around the pitch and twelve gates.`,
      ZH_CN: `位于海滨的体育场，设有${seats}个座位，三层看台环绕球场，共有十二个入口。`,
      ZH_HK: `位於海濱的體育場，設有${seats}個座位，三層看台環繞球場，共有十二個入口。`,
      MS_MY: `Stadium ${seats} tempat duduk di kawasan tepi air, dengan tiga lingkaran tempat duduk mengelilingi padang dan dua belas pintu masuk.`,
    },
    kind: 'stadium',
    width: STADIUM.width,
    height: STADIUM.height,
    seatWidth: STADIUM_GRID.seatWidth,
    seatHeight: STADIUM_GRID.seatHeight,
    sections,
  }
}
