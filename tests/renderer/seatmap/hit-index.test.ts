import { describe, expect, it } from 'vitest'
import { distanceToPolygon, seatOutline } from '../../../renderer/src/seatmap/geometry'
import { HitIndex } from '../../../renderer/src/seatmap/hit-index'
import type { MapSeat, MapSection } from '../../../renderer/src/seatmap/model'

const rect = (x: number, y: number, w: number, h: number) => [x, y, x + w, y, x + w, y + h, x, y + h]

function section(id: number, outlines: number[][], availability: MapSection['availability'] = 'available'): MapSection {
  return { id, label: String(id), levelLabel: null, colour: '#FECD84', priceCategoryId: 1, outlines, availability }
}

function seat(x: number, y: number, extra: Partial<MapSeat> = {}): MapSeat {
  return { inventoryId: 1, row: 'A', seat: '1', seatType: 1, x, y, angle: 0, outline: [], state: 'available', ...extra }
}

describe('HitIndex.hit', () => {
  it('prefers an exact hit over a nearer-edged neighbour, and the smallest of overlapping ones', () => {
    const index = new HitIndex([
      { points: rect(0, 0, 100, 100), selectable: true }, // a big section
      { points: rect(40, 40, 10, 10), selectable: true }, // a small one drawn over it
      { points: rect(52, 40, 10, 10), selectable: true }, // right beside the small one
    ])
    expect(index.hit(45, 45, 20)).toBe(1)
    expect(index.hit(51, 45, 20)).toBe(0) // in the gap: still inside the big one, which beats the near small ones
    expect(index.hit(90, 90, 20)).toBe(0)
  })

  it('falls back to the nearest selectable polygon within the radius, by true distance', () => {
    // A diamond whose bounds contain the point, though its outline is 4.24 away,
    // and a box whose bounds and outline are 4 away: the box is nearer.
    const diamond = [-10, 0, 0, -10, 10, 0, 0, 10]
    const index = new HitIndex([
      { points: diamond, selectable: true },
      { points: rect(12, 0, 8, 16), selectable: true },
    ])
    expect(index.hit(8, 8, 5)).toBe(1)
    expect(index.hit(8, 8, 4.1)).toBe(1)
    expect(index.hit(8, 8, 3.9)).toBeNull()
    expect(index.hit(7, 7, 5)).toBe(0) // 2.83 from the diamond, 5 from the box
    expect(index.hit(0, 0, 0)).toBe(0)
  })

  it('never hits what cannot be picked, not even as the nearest', () => {
    const index = HitIndex.fromSections([
      section(10, [rect(0, 0, 10, 10)], 'sold-out'),
      section(11, [rect(14, 0, 10, 10)]),
    ])
    expect(index.hit(5, 5, 0)).toBeNull()
    expect(index.hit(5, 5, 20)).toBe(1) // inside the sold-out one, but only the other can be picked
    expect(index.hit(-2, 5, 3)).toBeNull()

    const seats = HitIndex.fromSeats(
      [seat(0, 0, { state: 'unavailable' }), seat(20, 0, { inventoryId: null }), seat(40, 0, { state: 'offered-b' })],
      { width: 10, height: 10 },
    )
    expect(seats.hit(5, 5, 0)).toBeNull()
    expect(seats.hit(25, 5, 0)).toBeNull()
    expect(seats.hit(45, 5, 0)).toBe(2)
    expect(seats.hit(25, 5, 100)).toBe(2)
  })

  it('maps every outline of a multi-part section back to the section', () => {
    const index = HitIndex.fromSections([section(1, [rect(0, 0, 10, 10)]), section(2, [rect(20, 0, 10, 10), rect(40, 0, 10, 10)])])
    expect(index.size).toBe(3)
    expect(index.hit(45, 5, 0)).toBe(1)
    expect(index.hit(25, 5, 0)).toBe(1)
    expect(index.hit(5, 5, 0)).toBe(0)
    expect(index.inBox({ minX: 0, minY: 0, maxX: 100, maxY: 10 }).sort()).toEqual([0, 1])
    expect(index.inBox({ minX: 35, minY: 0, maxX: 36, maxY: 10 })).toEqual([])
  })

  it('uses the seat outline the API sent, else the turned box', () => {
    const size = { width: 10, height: 4 }
    const turned = seat(0, 0, { angle: 90 }) // a 4 wide × 10 tall box centred on (5, 2)
    const given = seat(100, 100, { outline: rect(30, 0, 5, 5) }) // position ignored: the outline wins
    const index = HitIndex.fromSeats([turned, given], size)
    expect(index.hit(5, -2, 0)).toBe(0)
    expect(index.hit(1, 2, 0)).toBeNull()
    expect(index.hit(32, 2, 0)).toBe(1)
    expect(index.hit(105, 105, 0)).toBeNull()
    expect(seatOutline(turned, size)).toHaveLength(8)
  })

  it('bounds turned seats wholly, at any angle', () => {
    const size = { width: 16, height: 6 }
    for (let angle = -180; angle <= 360; angle += 17) {
      const s = seat(3, 7, { angle })
      const index = HitIndex.fromSeats([s], size)
      const corners = seatOutline(s, size)
      const [cx, cy] = [3 + 8, 7 + 3]
      for (let k = 0; k < 8; k += 2) {
        // Just inside each corner: found by the tree, then by the polygon test.
        const [x, y] = [corners[k]! + (cx - corners[k]!) * 0.01, corners[k + 1]! + (cy - corners[k + 1]!) * 0.01]
        expect(index.hit(x, y, 0), `angle ${angle}, corner ${k / 2}`).toBe(0)
      }
    }
  })

  it('answers nothing when empty', () => {
    const index = new HitIndex([])
    expect(index.size).toBe(0)
    expect(index.hit(0, 0, 100)).toBeNull()
    expect(index.inBox({ minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 })).toEqual([])
    expect(HitIndex.fromSections([]).hit(0, 0, 1)).toBeNull()
    expect(HitIndex.fromSeats([], { width: 1, height: 1 }).size).toBe(0)
  })

  it('ignores items without a polygon', () => {
    const index = new HitIndex([
      { points: [], selectable: true },
      { points: rect(5, 5, 2, 2), selectable: true },
    ])
    expect(index.hit(0, 0, 1)).toBeNull()
    expect(index.hit(0, 0, 10)).toBe(1)
  })
})

describe('HitIndex with 100,000 seats', () => {
  // 400 × 250 seats, 10 × 10 with a 4-unit gap between neighbours.
  const [cols, rows, side, pitch] = [400, 250, 10, 14]
  const seats: MapSeat[] = []
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) seats.push(seat(c * pitch, r * pitch, { inventoryId: r * cols + c }))
  const index = HitIndex.fromSeats(seats, { width: side, height: side })

  it('hits every seat at its centre', () => {
    expect(index.size).toBe(100_000)
    let wrong = 0
    for (let i = 0; i < seats.length; i++) {
      if (index.hit(seats[i]!.x + side / 2, seats[i]!.y + side / 2, 6) !== i) wrong++
    }
    expect(wrong).toBe(0)
  })

  it('resolves a point in a gap to the nearest seat within the radius, and to nothing beyond it', () => {
    const at = (c: number, r: number) => r * cols + c
    // Between seats (7, 3) and (8, 3): 1 unit right of the first, 3 left of the second.
    const x = 7 * pitch + side + 1
    const y = 3 * pitch + 5
    expect(index.hit(x, y, 2)).toBe(at(7, 3))
    expect(index.hit(x + 2, y, 2)).toBe(at(8, 3))
    expect(index.hit(x, y, 0.5)).toBeNull()
    // In the crossing of two gaps, nearest to the corner of seat (8, 4).
    expect(index.hit(8 * pitch - 1, 4 * pitch - 1, 2)).toBe(at(8, 4))
    expect(index.hit(8 * pitch - 1, 4 * pitch - 1, 1.4)).toBeNull()
    // Outside the whole grid.
    expect(index.hit(-3, -3, 5)).toBe(0)
    expect(index.hit(-30, -30, 5)).toBeNull()
  })

  it('lists seats in a box for culling', () => {
    const found = index.inBox({ minX: 0, minY: 0, maxX: 2 * pitch + 1, maxY: pitch - 1 })
    expect(found.sort((a, b) => a - b)).toEqual([0, 1, 2])
  })
})

describe('HitIndex.setSelectable: state changes without rebuilding', () => {
  const size = { width: 9, height: 8 }
  // Curved, turned rows, as a real section's.
  const seats: MapSeat[] = []
  for (let r = 0; r < 20; r++) for (let c = 0; c < 40; c++) seats.push(seat(c * 11, r * 12 + ((c - 20) * (c - 20)) / 40, { inventoryId: r * 40 + c, angle: (c - 20) * 1.5 }))

  it('answers exactly as an index built afresh with the new states', () => {
    const index = HitIndex.fromSeats(seats, size)
    let random = 11
    const next = () => (random = (random * 16807) % 2147483647) / 2147483647
    const current = seats.map((s) => ({ ...s }))
    for (let round = 0; round < 5; round++) {
      // Sell or give back a third of the seats, in place.
      for (let k = 0; k < current.length / 3; k++) {
        const i = Math.floor(next() * current.length)
        const state = current[i]!.state === 'unavailable' ? 'available' : 'unavailable'
        current[i] = { ...current[i]!, state }
        index.setSelectable(i, state !== 'unavailable')
      }
      const fresh = HitIndex.fromSeats(current, size)
      for (let p = 0; p < 400; p++) {
        const [x, y, r] = [next() * 450 - 5, next() * 260 - 5, next() * 15]
        expect(index.hit(x, y, r), `round ${round}, (${x}, ${y}) within ${r}`).toBe(fresh.hit(x, y, r))
      }
    }
  })

  it('never makes a seat without a polygon pickable, and works per section for the overview', () => {
    const index = new HitIndex([{ points: [], selectable: false }, { points: rect(5, 5, 2, 2), selectable: false }])
    index.setSelectable(0, true)
    expect(index.hit(0, 0, 1)).toBeNull()
    index.setSelectable(1, true)
    expect(index.hit(6, 6, 0)).toBe(1)

    const sections = HitIndex.fromSections([section(1, [rect(0, 0, 10, 10)]), section(2, [rect(20, 0, 10, 10), rect(40, 0, 10, 10)])])
    sections.setSelectable(1, false)
    expect(sections.hit(25, 5, 0)).toBeNull()
    expect(sections.hit(45, 5, 0)).toBeNull()
    expect(sections.hit(5, 5, 0)).toBe(0)
    sections.setSelectable(1, true)
    expect(sections.hit(45, 5, 0)).toBe(1)
  })

  it("measures a turned seat's distance in closed form, as the polygon would", () => {
    const index = HitIndex.fromSeats(seats, size)
    let random = 5
    const next = () => (random = (random * 16807) % 2147483647) / 2147483647
    for (let p = 0; p < 2000; p++) {
      const [x, y, r] = [next() * 450, next() * 260, 0.5 + next() * 6]
      // The reference: nearest by polygon distance over all seats.
      let best: number | null = null
      let bestD = Infinity
      seats.forEach((s, i) => {
        const d = distanceToPolygon(x, y, seatOutline(s, size))
        if (d <= r && d < bestD - 1e-9) [best, bestD] = [i, d]
      })
      const found = index.hit(x, y, r)
      if (best === null) expect(found).toBeNull()
      else expect(distanceToPolygon(x, y, seatOutline(seats[found!]!, size))).toBeCloseTo(bestD, 6)
    }
  })
})

describe('HitIndex.hit, zoomed out over many seats', () => {
  it('answers as a look at every seat would, though it asks the tree for the nearest few first', () => {
    // A dense block of turned seats, some sold, and fingers wide enough to cover dozens of them.
    const seats: MapSeat[] = []
    let seed = 11
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    for (let row = 0; row < 40; row++) {
      for (let n = 0; n < 60; n++) {
        seats.push(seat(n * 11 + (row % 2) * 3, row * 12, { angle: (n % 7) * 5, state: random() < 0.3 ? 'unavailable' : 'available' }))
      }
    }
    const size = { width: 10, height: 10 }
    const index = HitIndex.fromSeats(seats, size)
    // What hit must say: a pickable seat containing the point, else the nearest pickable one within the radius.
    const reference = (x: number, y: number, radius: number): number | null => {
      let best: number | null = null
      let bestDistance = Infinity
      seats.forEach((s, i) => {
        if (s.state === 'unavailable') return
        const d = distanceToPolygon(x, y, seatOutline(s, size))
        if (d <= radius && d < bestDistance) {
          best = i
          bestDistance = d
        }
      })
      return best
    }
    for (let k = 0; k < 400; k++) {
      const [x, y, radius] = [random() * 700 - 20, random() * 500 - 20, random() * 60]
      const found = index.hit(x, y, radius)
      const expected = reference(x, y, radius)
      if (found === expected) continue
      // Ties at equal distance may go either way; anything else is a wrong answer.
      expect(found, `(${x}, ${y}) r ${radius}`).not.toBeNull()
      const d = (i: number) => distanceToPolygon(x, y, seatOutline(seats[i]!, size))
      expect(d(found!)).toBeCloseTo(d(expected!), 9)
    }
  })
})
