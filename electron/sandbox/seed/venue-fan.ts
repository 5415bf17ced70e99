/** Fan-shaped auditoriums (the theatre, the recital hall): sections on curved rows round a stage, level behind level. */
import type { LocalizedText, SeedRow, SeedSection, SeedVenue } from './types'
import { arcBand, degrees, layoutRows, rowLetter, sectorDepth, sectorPolygon, type Point, type SeatGrid } from './venue-geometry'
import { addWheelchairSpaces, formatCount, makeCoupleSeats, roundTo, seatCount, toRows } from './venue-parts'

/** A section of a fan-shaped auditorium, between two bearings from the centre line (negative = house left). */
export interface FanSection {
  alias: string
  from: number
  to: number
  tier: number
  entrance: string
}

/** A level of a fan-shaped auditorium: rows curving round the stage, all sections sharing the same radii. */
export interface FanLevel {
  level: string
  /** Radius of the level's front edge, from the stage's focal point. */
  radius: number
  rows: number
  sections: FanSection[]
}

/**
 * Lays out a level's sections around `stage`. Rows are lettered from the stage
 * back, and seats numbered from house left to house right as the audience sees
 * them; the band runs the other way (clockwise), hence the reverse.
 */
export function fanSections(stage: Point, grid: SeatGrid, level: FanLevel, nextId: () => number): SeedSection[] {
  const band = arcBand(stage, 0)
  const d1 = level.radius + sectorDepth(grid, level.rows)
  return level.sections.map((spec) => {
    // Straight down the map is 90°; house left is on the screen's left, so larger angles.
    const sector = { band, u0: degrees(90 - spec.to), u1: degrees(90 - spec.from), d0: level.radius, d1 }
    const placed = layoutRows(sector, grid, level.rows).map((row) => row.reverse())
    return {
      id: nextId(),
      levelAlias: level.level,
      alias: spec.alias,
      type: 'RS' as const,
      entrance: spec.entrance,
      tier: spec.tier,
      polygon: sectorPolygon(sector),
      rows: toRows(placed, rowLetter),
    }
  })
}

/** Levels one behind the other, a walkway of `gap` between them. */
function stackLevels(firstRadius: number, gap: number, grid: SeatGrid, levels: Omit<FanLevel, 'radius'>[]): FanLevel[] {
  let radius = firstRadius
  return levels.map((level) => {
    const placed = { ...level, radius }
    radius += sectorDepth(grid, level.rows) + gap
    return placed
  })
}

function counter(first: number): () => number {
  let next = first
  return () => next++
}

function lastRow(sections: SeedSection[], alias: string): SeedRow {
  const row = sections.find((s) => s.alias === alias)?.rows.at(-1)
  if (!row) throw new Error(`No section ${alias}`)
  return row
}

export const THEATRE_GRID: SeatGrid = { seatWidth: 9, seatHeight: 9, seatSpacing: 10, rowSpacing: 13, edge: 2 }

/** A fan-shaped auditorium's seated levels: where its front level starts, its section ids, which section has the couple seats. */
export interface FanPlan {
  stage: Point
  firstId: number
  firstRadius: number
  levels: Omit<FanLevel, 'radius'>[]
  coupleSection: string
}

/**
 * The levels of a fan-shaped auditorium on THEATRE_GRID, one behind the other
 * with a walkway between; a wheelchair space (and its companion seat) at each
 * end of the front level's back rows, by its doors; couple seats along the
 * back row of `coupleSection`. Answers the sections and the next section id,
 * for what is built after them (the theatre's boxes).
 */
export function fanAuditorium(plan: FanPlan): { sections: SeedSection[]; nextId: () => number } {
  const nextId = counter(plan.firstId)
  const levels = stackLevels(plan.firstRadius, 40, THEATRE_GRID, plan.levels)
  const sections = levels.flatMap((level) => fanSections(plan.stage, THEATRE_GRID, level, nextId))
  for (const section of plan.levels[0]?.sections ?? []) addWheelchairSpaces(lastRow(sections, section.alias))
  makeCoupleSeats(lastRow(sections, plan.coupleSection))
  return { sections, nextId }
}

/** A fan-shaped auditorium as a venue; its description says its seats, to the nearest hundred. */
export function fanVenue(
  venue: Pick<SeedVenue, 'id' | 'name' | 'kind' | 'width' | 'height'>,
  sections: SeedSection[],
  description: (seats: string) => LocalizedText,
): SeedVenue {
  const { id, name, kind, width, height } = venue
  const seats = formatCount(roundTo(seatCount(sections), 100))
  return { id, name, description: description(seats), kind, width, height, seatWidth: THEATRE_GRID.seatWidth, seatHeight: THEATRE_GRID.seatHeight, sections }
}
