import { describe, expect, it } from 'vitest'
import { apiLangs, SeatType, type SeedSeat, type SeedSection, type SeedVenue } from '../../../electron/sandbox/seed/types'
import { buildVenues, venueFocus } from '../../../electron/sandbox/seed/venues'

/**
 * Pins the sandbox's training venues: the ids other code relies on, their sizes,
 * and the geometry the seat map draws (seats inside their sections, sections not
 * overlapping, seats facing the stage or pitch, rows best first).
 */
const venues = buildVenues()

function venue(id: string): SeedVenue {
  const found = venues.find((v) => v.id === id)
  if (!found) throw new Error(`No venue ${id}`)
  return found
}

function section(v: SeedVenue, alias: string): SeedSection {
  const found = v.sections.find((s) => s.alias === alias)
  if (!found) throw new Error(`No section ${alias} in ${v.id}`)
  return found
}

function allSeats(v: SeedVenue): SeedSeat[] {
  return v.sections.flatMap((s) => s.rows.flatMap((r) => r.seats))
}

const reservedVenues = venues.filter((v) => v.kind !== 'ga')

// ---------------------------------------------------------------- geometry helpers

type Pt = [number, number]

function points(polygon: number[]): Pt[] {
  const result: Pt[] = []
  for (let i = 0; i < polygon.length; i += 2) result.push([polygon[i] ?? NaN, polygon[i + 1] ?? NaN])
  return result
}

/** Ray casting: whether (x, y) lies inside the polygon. */
function inside([x, y]: Pt, polygon: Pt[]): boolean {
  let result = false
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i] ?? [NaN, NaN]
    const [xj, yj] = polygon[j] ?? [NaN, NaN]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result
  }
  return result
}

function cross(o: Pt, a: Pt, b: Pt): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

function segmentsCross(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  return cross(a, b, c) * cross(a, b, d) < 0 && cross(c, d, a) * cross(c, d, b) < 0
}

function bounds(polygon: Pt[]): [number, number, number, number] {
  const xs = polygon.map((p) => p[0])
  const ys = polygon.map((p) => p[1])
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
}

function overlap(a: Pt[], b: Pt[]): boolean {
  const [ax0, ay0, ax1, ay1] = bounds(a)
  const [bx0, by0, bx1, by1] = bounds(b)
  if (ax1 < bx0 || bx1 < ax0 || ay1 < by0 || by1 < ay0) return false
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      const [p, q, r, s] = [a[i], a[(i + 1) % a.length], b[j], b[(j + 1) % b.length]]
      if (p && q && r && s && segmentsCross(p, q, r, s)) return true
    }
  }
  return a.some((p) => inside(p, b)) || b.some((p) => inside(p, a))
}

/** The seat's outline: a seatWidth × seatHeight box with (x, y) its top-left corner, rotated about its centre. */
function seatCentre(v: SeedVenue, seat: SeedSeat): Pt {
  return [seat.x + v.seatWidth / 2, seat.y + v.seatHeight / 2]
}

function seatCorners(v: SeedVenue, seat: SeedSeat): Pt[] {
  const [cx, cy] = seatCentre(v, seat)
  const a = (seat.angle * Math.PI) / 180
  const w = v.seatWidth / 2
  const h = v.seatHeight / 2
  return [
    [-w, -h],
    [w, -h],
    [w, h],
    [-w, h],
  ].map(([dx = 0, dy = 0]): Pt => [cx + dx * Math.cos(a) - dy * Math.sin(a), cy + dx * Math.sin(a) + dy * Math.cos(a)])
}

function distance(a: Pt, b: Pt): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1])
}

/**
 * Runs a check over many seats, collecting what is wrong (the first 20 findings)
 * instead of asserting seat by seat: one readable failure, and quick over 55,000 seats.
 */
function findProblems(check: (report: (problem: string) => void) => void): string[] {
  const found: string[] = []
  check((problem) => {
    if (found.length < 20) found.push(problem)
  })
  return found
}

const isRounded = (n: number): boolean => Number.isFinite(n) && Math.abs(n * 10 - Math.round(n * 10)) < 1e-6

// ---------------------------------------------------------------- tests

describe('sandbox venues', () => {
  it('has the six venues other code refers to, by id, name and kind', () => {
    expect(venues.map((v) => [v.id, v.name, v.kind])).toEqual([
      ['harbour-stadium', 'Harbour Stadium', 'stadium'],
      ['grand-theatre', 'Grand Theatre', 'theatre'],
      ['recital-hall', 'Recital Hall', 'recital'],
      ['riverside-lawn', 'Riverside Lawn', 'ga'],
      ['warehouse-hall', 'Warehouse Hall', 'ga'],
      ['expo-centre', 'Expo Centre', 'ga'],
    ])
  })

  it('is deterministic and hands out fresh objects on every call', () => {
    const again = buildVenues()
    expect(again).toEqual(venues)
    expect(JSON.stringify(again)).toBe(JSON.stringify(venues))
    const first = again[0]?.sections[0]?.rows[0]?.seats[0]
    if (first) first.type = SeatType.Couple
    expect(buildVenues()).toEqual(venues)
  })

  it('sizes each venue as intended', () => {
    const stadium = venue('harbour-stadium')
    expect(allSeats(stadium).length).toBeGreaterThanOrEqual(54_000)
    expect(allSeats(stadium).length).toBeLessThanOrEqual(56_000)
    expect(stadium.sections.length).toBeGreaterThanOrEqual(90)
    expect(stadium.sections.length).toBeLessThanOrEqual(110)
    expect(allSeats(venue('grand-theatre')).length).toBeGreaterThanOrEqual(1_900)
    expect(allSeats(venue('grand-theatre')).length).toBeLessThanOrEqual(2_100)
    expect(allSeats(venue('recital-hall')).length).toBeGreaterThanOrEqual(550)
    expect(allSeats(venue('recital-hall')).length).toBeLessThanOrEqual(650)
  })

  it('gives sections positive integer ids, unique across all venues, in a block per venue', () => {
    const ids = venues.flatMap((v) => v.sections.map((s) => s.id))
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(Number.isInteger(id) && id > 0).toBe(true)
    const blocks: Record<string, number> = {
      'harbour-stadium': 1000,
      'grand-theatre': 2000,
      'recital-hall': 3000,
      'riverside-lawn': 4000,
      'warehouse-hall': 4000,
      'expo-centre': 4000,
    }
    for (const v of venues) {
      for (const s of v.sections) expect(Math.floor(s.id / 1000) * 1000, `${v.id} ${s.alias}`).toBe(blocks[v.id])
    }
  })

  it('describes every venue in all four languages, translated rather than copied', () => {
    for (const v of venues) {
      const texts = apiLangs.map((lang) => v.description[lang])
      for (const text of texts) expect(text.trim().length, v.id).toBeGreaterThan(10)
      expect(new Set(texts).size, v.id).toBe(4)
      expect(v.description.ZH_CN).toMatch(/[\u4e00-\u9fff]/)
      expect(v.description.ZH_HK).toMatch(/[\u4e00-\u9fff]/)
      expect(v.description.EN_SG).not.toMatch(/[\u4e00-\u9fff]/)
      expect(v.description.MS_MY).not.toMatch(/[\u4e00-\u9fff]/)
      // The size it quotes is the real one, give or take rounding.
      const quoted = Number((v.description.EN_SG.match(/\d{1,3}(,\d{3})*/)?.[0] ?? '').replace(/,/g, ''))
      const actual = v.kind === 'ga' ? v.sections.reduce((n, s) => n + (s.capacity ?? 0), 0) : allSeats(v).length
      expect(Math.abs(quoted - actual) / actual, v.id).toBeLessThan(0.05)
    }
  })

  it('outlines every section with a valid polygon inside the venue', () => {
    for (const v of venues) {
      expect(v.width).toBeGreaterThan(0)
      expect(v.height).toBeGreaterThan(0)
      for (const s of v.sections) {
        const where = `${v.id} ${s.alias}`
        expect(s.polygon.length % 2, where).toBe(0)
        expect(s.polygon.length, where).toBeGreaterThanOrEqual(6)
        for (const [x, y] of points(s.polygon)) {
          expect(isRounded(x) && isRounded(y), where).toBe(true)
          expect(x >= 0 && x <= v.width && y >= 0 && y <= v.height, `${where} (${x}, ${y})`).toBe(true)
        }
      }
    }
  })

  it('keeps sections from overlapping one another', () => {
    for (const v of venues) {
      const outlines = v.sections.map((s) => points(s.polygon))
      for (let i = 0; i < outlines.length; i++) {
        for (let j = i + 1; j < outlines.length; j++) {
          const [a, b] = [outlines[i] ?? [], outlines[j] ?? []]
          expect(overlap(a, b), `${v.id}: ${v.sections[i]?.alias} / ${v.sections[j]?.alias}`).toBe(false)
        }
      }
    }
  })

  it('gives GA sections a capacity and an outline but no rows', () => {
    const ga = venues.filter((v) => v.kind === 'ga')
    expect(ga.map((v) => [v.id, v.sections.map((s) => [s.alias, s.type, s.tier, s.capacity, s.rows])])).toEqual([
      ['riverside-lawn', [['Lawn', 'GA', 1, 3000, []]]],
      [
        'warehouse-hall',
        [
          ['Standing Pit', 'GA', 1, 300, []],
          ['Standing', 'GA', 2, 900, []],
        ],
      ],
      ['expo-centre', [['Hall 1', 'GA', 1, 5000, []]]],
    ])
    for (const v of reservedVenues) {
      for (const s of v.sections) expect([s.type, s.capacity], `${v.id} ${s.alias}`).toEqual(['RS', undefined])
    }
  })

  it('labels rows and seats uniquely, seats numbered along the row, no empty rows', () => {
    for (const v of reservedVenues) {
      for (const s of v.sections) {
        const where = `${v.id} ${s.alias}`
        expect(s.rows.length, where).toBeGreaterThan(0)
        expect(new Set(s.rows.map((r) => r.alias)).size, where).toBe(s.rows.length)
        for (const row of s.rows) {
          expect(row.seats.length, `${where} row ${row.alias}`).toBeGreaterThan(0)
          expect(row.seats.map((seat) => seat.alias)).toEqual(row.seats.map((_, i) => String(i + 1)))
        }
      }
    }
  })

  it('puts every seat, outline and all, inside its section', () => {
    const problems = findProblems((report) => {
      for (const v of reservedVenues) {
        for (const s of v.sections) {
          const outline = points(s.polygon)
          for (const row of s.rows) {
            for (const seat of row.seats) {
              const where = `${v.id} ${s.alias} ${row.alias}-${seat.alias}`
              if (!(isRounded(seat.x) && isRounded(seat.y) && isRounded(seat.angle))) report(`${where}: not rounded`)
              if (!(seat.angle >= 0 && seat.angle < 360)) report(`${where}: angle ${seat.angle}`)
              if (!inside(seatCentre(v, seat), outline)) report(`${where}: centre outside the section`)
              else if (!seatCorners(v, seat).every((p) => inside(p, outline))) report(`${where}: sticks out of the section`)
            }
          }
        }
      }
    })
    expect(problems).toEqual([])
  })

  it('lays seats out in physical order with no two seats on top of each other', () => {
    const problems = findProblems((report) => {
      for (const v of reservedVenues) {
        for (const s of v.sections) {
          for (const row of s.rows) {
            const centres = row.seats.map((seat) => seatCentre(v, seat))
            for (let i = 1; i < centres.length; i++) {
              const [prev, here, next] = [centres[i - 1], centres[i], centres[i + 1]]
              if (!prev || !here) continue
              const where = `${v.id} ${s.alias} ${row.alias}-${i + 1}`
              const step = distance(prev, here)
              if (step < v.seatWidth || step > 2 * v.seatWidth) report(`${where}: ${step.toFixed(1)} from its neighbour`)
              // The row never doubles back.
              if (next && distance(prev, next) <= step) report(`${where}: the row turns back`)
            }
          }
        }
        // Any two seats of the venue, in any sections: centres at least a seat apart.
        const cell = 2 * Math.max(v.seatWidth, v.seatHeight)
        const grid = new Map<string, Pt[]>()
        for (const seat of allSeats(v)) {
          const c = seatCentre(v, seat)
          const [gx, gy] = [Math.floor(c[0] / cell), Math.floor(c[1] / cell)]
          for (let dx = -1; dx <= 1; dx++) {
            for (let dy = -1; dy <= 1; dy++) {
              for (const other of grid.get(`${gx + dx},${gy + dy}`) ?? []) {
                if (distance(c, other) < Math.min(v.seatWidth, v.seatHeight)) report(`${v.id}: seats overlap at ${c}`)
              }
            }
          }
          const key = `${gx},${gy}`
          const bucket = grid.get(key)
          if (bucket) bucket.push(c)
          else grid.set(key, [c])
        }
      }
    })
    expect(problems).toEqual([])
  })

  it('turns seats to face the pitch or stage, rows ordered from the front', () => {
    const problems = findProblems((report) => {
      for (const v of reservedVenues) {
        const focus = venueFocus[v.id]
        if (!focus) throw new Error(`No focus for ${v.id}`)
        const target: Pt = [focus.x, focus.y]
        // Fan-shaped auditoriums aim every seat at the stage; a stadium's straight stands look straight across.
        const maxOff = v.kind === 'stadium' ? 65 : 1
        for (const s of v.sections) {
          let previous = -Infinity
          for (const row of s.rows) {
            let total = 0
            for (const seat of row.seats) {
              const c = seatCentre(v, seat)
              const a = (seat.angle * Math.PI) / 180
              const d = distance(c, target)
              const cos = (Math.sin(a) * (target[0] - c[0]) - Math.cos(a) * (target[1] - c[1])) / d
              const off = (Math.acos(Math.min(1, cos)) * 180) / Math.PI
              if (off > maxOff) report(`${v.id} ${s.alias} ${row.alias}-${seat.alias}: looks ${off.toFixed(0)}° away`)
              total += d
            }
            const mean = total / row.seats.length
            if (mean <= previous) report(`${v.id} ${s.alias} row ${row.alias} is no further back than the row before`)
            previous = mean
          }
        }
      }
    })
    expect(problems).toEqual([])
  })

  it('pairs every wheelchair space with a companion seat beside it', () => {
    const minimum: Record<string, number> = { 'harbour-stadium': 40, 'grand-theatre': 6, 'recital-hall': 4 }
    for (const v of reservedVenues) {
      let wheelchairs = 0
      let companions = 0
      for (const s of v.sections) {
        for (const row of s.rows) {
          const types = row.seats.map((seat) => seat.type)
          types.forEach((type, i) => {
            const beside = [types[i - 1], types[i + 1]]
            if (type === SeatType.Wheelchair) {
              wheelchairs++
              expect(beside, `${v.id} ${s.alias} ${row.alias}`).toContain(SeatType.Companion)
            }
            if (type === SeatType.Companion) {
              companions++
              expect(beside, `${v.id} ${s.alias} ${row.alias}`).toContain(SeatType.Wheelchair)
            }
          })
        }
      }
      expect(wheelchairs, v.id).toBeGreaterThanOrEqual(minimum[v.id] ?? Infinity)
      expect(companions, v.id).toBe(wheelchairs)
    }
  })

  it('sells couple seats in adjacent pairs in the theatre and recital hall', () => {
    for (const v of reservedVenues) {
      let couples = 0
      const oddRuns: string[] = []
      for (const s of v.sections) {
        for (const row of s.rows) {
          let run = 0
          for (const seat of [...row.seats, null]) {
            if (seat?.type === SeatType.Couple) {
              run++
              couples++
            } else {
              if (run % 2 !== 0) oddRuns.push(`${s.alias} ${row.alias}`)
              run = 0
            }
          }
        }
      }
      expect(oddRuns, v.id).toEqual([])
      if (v.kind !== 'stadium') expect(couples, v.id).toBeGreaterThan(0)
    }
    const types = new Set(reservedVenues.flatMap((v) => allSeats(v).map((seat) => seat.type)))
    expect([...types].sort()).toEqual([SeatType.Standard, SeatType.Wheelchair, SeatType.Companion, SeatType.Couple])
  })
})

describe('Harbour Stadium', () => {
  const stadium = venue('harbour-stadium')

  it('rings the pitch with three levels of numbered sections, cheaper further out', () => {
    const tiersByLevel: Record<string, number[]> = { 'Level 1': [1, 2], 'Level 2': [3, 4], 'Level 3': [5] }
    for (const [level, tiers] of Object.entries(tiersByLevel)) {
      const sections = stadium.sections.filter((s) => s.levelAlias === level)
      const first = Number(level.slice(-1)) * 100 + 1
      expect(sections.map((s) => s.alias)).toEqual(sections.map((_, i) => String(first + i)))
      expect([...new Set(sections.map((s) => s.tier))].sort()).toEqual(tiers)
    }
    expect(new Set(stadium.sections.map((s) => s.levelAlias))).toEqual(new Set(Object.keys(tiersByLevel)))
  })

  it('keeps the best tiers along the long sides, looking straight across the pitch', () => {
    for (const s of stadium.sections.filter((x) => x.tier === 1 || x.tier === 3)) {
      for (const seat of s.rows.flatMap((r) => r.seats)) expect([0, 180], s.alias).toContain(seat.angle)
    }
    const ends = stadium.sections.filter((s) => s.tier === 2 || s.tier === 4).flatMap((s) => s.rows.flatMap((r) => r.seats))
    expect(ends.some((seat) => seat.angle === 90) && ends.some((seat) => seat.angle === 270)).toBe(true)
  })

  it('numbers rows from the front and sends each section through one of twelve gates', () => {
    for (const s of stadium.sections) expect(s.rows.map((r) => r.alias)).toEqual(s.rows.map((_, i) => String(i + 1)))
    const gates = new Set(stadium.sections.map((s) => s.entrance))
    expect(gates).toEqual(new Set(Array.from({ length: 12 }, (_, i) => `Gate ${i + 1}`)))
  })

  it('draws seats of about 8–10 units', () => {
    expect(stadium.seatWidth).toBeGreaterThanOrEqual(8)
    expect(stadium.seatWidth).toBeLessThanOrEqual(10)
    expect(stadium.seatHeight).toBeGreaterThanOrEqual(8)
    expect(stadium.seatHeight).toBeLessThanOrEqual(10)
  })
})

describe('Grand Theatre', () => {
  const theatre = venue('grand-theatre')

  it('has stalls, circle, balcony and boxes, priced from the stalls centre outwards', () => {
    expect(theatre.sections.map((s) => [s.levelAlias, s.alias, s.tier])).toEqual([
      ['Stalls', 'Stalls Left', 2],
      ['Stalls', 'Stalls Centre', 1],
      ['Stalls', 'Stalls Right', 2],
      ['Circle', 'Circle Left', 3],
      ['Circle', 'Circle Centre', 2],
      ['Circle', 'Circle Right', 3],
      ['Balcony', 'Balcony Left', 4],
      ['Balcony', 'Balcony Centre', 4],
      ['Balcony', 'Balcony Right', 4],
      ['Boxes', 'Box A', 2],
      ['Boxes', 'Box B', 2],
    ])
  })

  it('letters rows from A, skipping I and O', () => {
    for (const s of theatre.sections) {
      expect(s.rows[0]?.alias).toBe('A')
      for (const row of s.rows) expect(row.alias).toMatch(/^([A-HJ-NP-Z])\1*$/)
    }
    expect(section(theatre, 'Stalls Centre').rows.map((r) => r.alias).slice(7, 10)).toEqual(['H', 'J', 'K'])
  })

  it('has two small boxes with a deliberate configuration gap each, and no other section has one', () => {
    const boxA = section(theatre, 'Box A')
    const boxB = section(theatre, 'Box B')
    for (const box of [boxA, boxB]) {
      const seats = box.rows.flatMap((r) => r.seats).length
      expect(seats).toBeGreaterThanOrEqual(6)
      expect(seats).toBeLessThanOrEqual(10)
    }
    expect([boxA.missingCoordinates, boxA.missingSeatAngle]).toEqual([true, undefined])
    expect([boxB.missingCoordinates, boxB.missingSeatAngle]).toEqual([undefined, true])
    const others = venues.flatMap((v) => v.sections).filter((s) => s !== boxA && s !== boxB)
    for (const s of others) expect([s.missingCoordinates, s.missingSeatAngle], s.alias).toEqual([undefined, undefined])
  })
})

describe('Recital Hall', () => {
  it('has stalls and a gallery across tiers 1–3', () => {
    const hall = venue('recital-hall')
    expect(new Set(hall.sections.map((s) => s.levelAlias))).toEqual(new Set(['Stalls', 'Gallery']))
    expect([...new Set(hall.sections.map((s) => s.tier))].sort()).toEqual([1, 2, 3])
  })
})
