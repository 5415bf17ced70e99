/**
 * The sandbox's training venues: a stadium, a theatre, a recital hall and three
 * general-admission spaces, with seat maps detailed enough to sell from and to
 * exercise the kiosk's map (curved rows, wheelchair spaces, couple seats, and two
 * deliberately misconfigured boxes). Built by a pure function with no randomness,
 * so every start of the sandbox sees the same venues. Venue ids and section ids
 * are stable: events and stored inventory refer to them.
 */
import { SeatType, type LocalizedText, type SeedRow, type SeedSection, type SeedVenue } from './types'
import {
  arcBand,
  degrees,
  layoutRows,
  polygonCentre,
  rowLetter,
  sectorDepth,
  sectorPolygon,
  straightBand,
  type Band,
  type PlacedSeat,
  type Point,
  type SeatGrid,
} from './venue-geometry'

export function buildVenues(): SeedVenue[] {
  return [buildStadium(), buildTheatre(), buildRecitalHall(), ...buildGaVenues()]
}

const STADIUM_CENTRE: Point = { x: 2000, y: 1500 }
const THEATRE_STAGE: Point = { x: 600, y: 40 }
const RECITAL_STAGE: Point = { x: 400, y: 40 }

/** The point each reserved-seating venue's seats face: the centre of the pitch, or the middle of the stage. */
export const venueFocus: Readonly<Record<string, Point>> = {
  'harbour-stadium': STADIUM_CENTRE,
  'grand-theatre': THEATRE_STAGE,
  'recital-hall': RECITAL_STAGE,
}

// ---------------------------------------------------------------- shared

function toRows(placed: PlacedSeat[][], rowAlias: (index: number) => string): SeedRow[] {
  return placed.map((seats, r) => ({
    alias: rowAlias(r),
    seats: seats.map((seat, s) => ({ alias: String(s + 1), ...seat, type: SeatType.Standard })),
  }))
}

/**
 * A wheelchair space at each end of a row, each with its companion seat beside it.
 * Row ends are where the aisles and doors are, so that is where step-free spaces go.
 */
function addWheelchairSpaces(row: SeedRow): void {
  const n = row.seats.length
  if (n < 4) throw new Error(`Row ${row.alias} is too short for wheelchair spaces`)
  const set = (index: number, type: typeof SeatType.Wheelchair | typeof SeatType.Companion): void => {
    const seat = row.seats[index]
    if (seat) seat.type = type
  }
  set(0, SeatType.Wheelchair)
  set(1, SeatType.Companion)
  set(n - 2, SeatType.Companion)
  set(n - 1, SeatType.Wheelchair)
}

/** Turns a row into couple seats, two by two; an odd seat out at the end stays a standard seat. */
function makeCoupleSeats(row: SeedRow): void {
  const paired = row.seats.length - (row.seats.length % 2)
  for (let i = 0; i < paired; i++) {
    const seat = row.seats[i]
    if (seat) seat.type = SeatType.Couple
  }
}

/** "55000" → "55,000", the same in all four languages (and independent of the machine's locale). */
function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

function roundTo(n: number, step: number): number {
  return Math.round(n / step) * step
}

function seatCount(sections: SeedSection[]): number {
  let count = 0
  for (const section of sections) {
    for (const row of section.rows) count += row.seats.length
  }
  return count
}

// ---------------------------------------------------------------- stadium

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

function buildStadium(): SeedVenue {
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

// ---------------------------------------------------------------- theatre and recital hall

/** A section of a fan-shaped auditorium, between two bearings from the centre line (negative = house left). */
interface FanSection {
  alias: string
  from: number
  to: number
  tier: number
  entrance: string
}

/** A level of a fan-shaped auditorium: rows curving round the stage, all sections sharing the same radii. */
interface FanLevel {
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
function fanSections(stage: Point, grid: SeatGrid, level: FanLevel, nextId: () => number): SeedSection[] {
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

const THEATRE_GRID: SeatGrid = { seatWidth: 9, seatHeight: 9, seatSpacing: 10, rowSpacing: 13, edge: 2 }

function buildTheatre(): SeedVenue {
  const nextId = counter(2001)
  const levels = stackLevels(190, 40, THEATRE_GRID, [
    {
      level: 'Stalls',
      rows: 18,
      sections: [
        { alias: 'Stalls Left', from: -48, to: -17, tier: 2, entrance: 'Door A' },
        { alias: 'Stalls Centre', from: -15, to: 15, tier: 1, entrance: 'Door B' },
        { alias: 'Stalls Right', from: 17, to: 48, tier: 2, entrance: 'Door C' },
      ],
    },
    {
      level: 'Circle',
      rows: 10,
      sections: [
        { alias: 'Circle Left', from: -40, to: -16, tier: 3, entrance: 'Door D' },
        { alias: 'Circle Centre', from: -14, to: 14, tier: 2, entrance: 'Door E' },
        { alias: 'Circle Right', from: 16, to: 40, tier: 3, entrance: 'Door F' },
      ],
    },
    {
      level: 'Balcony',
      rows: 6,
      sections: [
        { alias: 'Balcony Left', from: -34, to: -18, tier: 4, entrance: 'Door G' },
        { alias: 'Balcony Centre', from: -16, to: 16, tier: 4, entrance: 'Door H' },
        { alias: 'Balcony Right', from: 18, to: 34, tier: 4, entrance: 'Door J' },
      ],
    },
  ])
  const sections = levels.flatMap((level) => fanSections(THEATRE_STAGE, THEATRE_GRID, level, nextId))
  for (const alias of ['Stalls Left', 'Stalls Centre', 'Stalls Right']) addWheelchairSpaces(lastRow(sections, alias))
  makeCoupleSeats(lastRow(sections, 'Balcony Centre'))

  // Two boxes by the stage, each deliberately missing part of its configuration
  // so the kiosk's handling of those back-end errors can be practised.
  const boxes: FanLevel[] = [
    {
      level: 'Boxes',
      radius: 200,
      rows: 2,
      sections: [
        { alias: 'Box A', from: -72, to: -60, tier: 2, entrance: 'Door K' },
        { alias: 'Box B', from: 60, to: 72, tier: 2, entrance: 'Door L' },
      ],
    },
  ]
  const [boxA, boxB] = boxes.flatMap((level) => fanSections(THEATRE_STAGE, THEATRE_GRID, level, nextId))
  if (!boxA || !boxB) throw new Error('The theatre needs both boxes')
  sections.push({ ...boxA, missingCoordinates: true }, { ...boxB, missingSeatAngle: true })

  const seats = formatCount(roundTo(seatCount(sections), 100))
  return {
    id: 'grand-theatre',
    name: 'Grand Theatre',
    description: {
      EN_SG: `A historic ${seats}-seat theatre with stalls, a circle, a balcony and two boxes, all facing a proscenium stage.`,
      ZH_CN: `一座拥有${seats}个座位的历史剧院，设有池座、二楼楼座、三楼楼座和两个包厢，全部面向镜框式舞台。`,
      ZH_HK: `一座擁有${seats}個座位的歷史劇院，設有池座、二樓樓座、三樓樓座及兩個包廂，全部面向鏡框式舞台。`,
      MS_MY: `Teater bersejarah dengan ${seats} tempat duduk, terdiri daripada tingkat bawah, tingkat bulatan, balkoni dan dua kotak, semuanya menghadap pentas prosenium.`,
    },
    kind: 'theatre',
    width: 1200,
    height: 800,
    seatWidth: THEATRE_GRID.seatWidth,
    seatHeight: THEATRE_GRID.seatHeight,
    sections,
  }
}

function buildRecitalHall(): SeedVenue {
  const nextId = counter(3001)
  const levels = stackLevels(150, 40, THEATRE_GRID, [
    {
      level: 'Stalls',
      rows: 12,
      sections: [
        { alias: 'Stalls Left', from: -50, to: -18, tier: 2, entrance: 'Door 1' },
        { alias: 'Stalls Centre', from: -16, to: 16, tier: 1, entrance: 'Door 2' },
        { alias: 'Stalls Right', from: 18, to: 50, tier: 2, entrance: 'Door 3' },
      ],
    },
    {
      level: 'Gallery',
      rows: 4,
      sections: [{ alias: 'Gallery', from: -36, to: 36, tier: 3, entrance: 'Door 4' }],
    },
  ])
  const sections = levels.flatMap((level) => fanSections(RECITAL_STAGE, THEATRE_GRID, level, nextId))
  for (const alias of ['Stalls Left', 'Stalls Centre', 'Stalls Right']) addWheelchairSpaces(lastRow(sections, alias))
  makeCoupleSeats(lastRow(sections, 'Gallery'))

  const seats = formatCount(roundTo(seatCount(sections), 100))
  return {
    id: 'recital-hall',
    name: 'Recital Hall',
    description: {
      EN_SG: `An intimate ${seats}-seat hall with a warm natural acoustic, built for chamber music and solo recitals.`,
      ZH_CN: `一座拥有${seats}个座位的小型音乐厅，音响温暖自然，专为室内乐和独奏会而建。`,
      ZH_HK: `一座擁有${seats}個座位的小型音樂廳，音響溫暖自然，專為室樂及獨奏會而設。`,
      MS_MY: `Dewan intim dengan ${seats} tempat duduk dan akustik semula jadi yang hangat, dibina untuk muzik kamar dan resital solo.`,
    },
    kind: 'recital',
    width: 800,
    height: 600,
    seatWidth: THEATRE_GRID.seatWidth,
    seatHeight: THEATRE_GRID.seatHeight,
    sections,
  }
}

// ---------------------------------------------------------------- general admission

function gaSection(id: number, alias: string, tier: number, capacity: number, entrance: string, polygon: number[]): SeedSection {
  return { id, levelAlias: 'General Admission', alias, type: 'GA', entrance, tier, polygon, capacity, rows: [] }
}

/** Standing venues: outlines only, since a GA section sells a capacity, not seats. */
function buildGaVenues(): SeedVenue[] {
  const ga = (
    id: string,
    name: string,
    size: [number, number],
    sections: SeedSection[],
    description: (capacity: string) => LocalizedText,
  ): SeedVenue => ({
    id,
    name,
    description: description(formatCount(sections.reduce((sum, s) => sum + (s.capacity ?? 0), 0))),
    kind: 'ga',
    width: size[0],
    height: size[1],
    seatWidth: 8,
    seatHeight: 8,
    sections,
  })
  return [
    ga(
      'riverside-lawn',
      'Riverside Lawn',
      [1200, 900],
      // A lawn following the river bank, a stage at the top.
      [gaSection(4001, 'Lawn', 1, 3000, 'Park Gate', [200, 150, 1000, 150, 1100, 400, 1050, 750, 600, 820, 150, 750, 100, 400])],
      (n) => ({
        EN_SG: `An open-air lawn by the river for up to ${n} standing guests; picnic mats are welcome.`,
        ZH_CN: `河畔露天草坪，可容纳多达${n}名站立观众；欢迎自备野餐垫。`,
        ZH_HK: `河畔露天草坪，可容納多達${n}名站立觀眾；歡迎自備野餐墊。`,
        MS_MY: `Halaman rumput terbuka di tepi sungai untuk sehingga ${n} pengunjung berdiri; tikar berkelah dialu-alukan.`,
      }),
    ),
    ga(
      'warehouse-hall',
      'Warehouse Hall',
      [1000, 700],
      [
        // The pit sits in front of the stage; the rest of the floor wraps round it.
        gaSection(4002, 'Standing Pit', 1, 300, 'Door 1', [300, 130, 700, 130, 700, 330, 300, 330]),
        gaSection(4003, 'Standing', 2, 900, 'Door 2', [
          100, 130, 280, 130, 280, 350, 720, 350, 720, 130, 900, 130, 900, 650, 100, 650,
        ]),
      ],
      (n) => ({
        EN_SG: `A converted warehouse with a standing pit in front of the stage and ${n} standing places in all.`,
        ZH_CN: `由旧仓库改建而成的场馆，舞台前设有站立区，共可容纳${n}名站立观众。`,
        ZH_HK: `由舊貨倉改建而成的場館，舞台前設有企位區，合共可容納${n}名站立觀眾。`,
        MS_MY: `Gudang yang diubah suai dengan kawasan berdiri di hadapan pentas dan sejumlah ${n} tempat berdiri.`,
      }),
    ),
    ga(
      'expo-centre',
      'Expo Centre',
      [1400, 1000],
      [gaSection(4004, 'Hall 1', 1, 5000, 'Main Entrance', [100, 100, 1300, 100, 1300, 900, 100, 900])],
      (n) => ({
        EN_SG: `A column-free exhibition hall for fairs, conventions and festivals, admitting up to ${n} visitors.`,
        ZH_CN: `无柱式展览大厅，适合举办展销会、会议和节庆活动，可容纳多达${n}名访客。`,
        ZH_HK: `無柱式展覽大廳，適合舉辦展銷會、會議及節慶活動，可容納多達${n}名訪客。`,
        MS_MY: `Dewan pameran tanpa tiang untuk pameran, konvensyen dan festival, memuatkan sehingga ${n} pengunjung.`,
      }),
    ),
  ]
}
