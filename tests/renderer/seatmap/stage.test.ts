import { describe, expect, it } from 'vitest'
import type { MapSection } from '../../../renderer/src/seatmap/model'
import { bearingToStage, stageOf } from '../../../renderer/src/seatmap/stage'

/** Where the seat map draws the stage or pitch, read from the sections' outlines alone. */
const rect = (x0: number, y0: number, x1: number, y1: number) => [x0, y0, x1, y0, x1, y1, x0, y1]
const section = (id: number, ...outlines: number[][]): MapSection => ({
  id,
  label: String(id),
  levelLabel: null,
  colour: '#FECD84',
  priceCategoryId: 1,
  outlines,
  availability: 'available',
})

describe('stageOf', () => {
  it('puts the pitch in the hole of a bowl, inside the seating all round it', () => {
    // Stands on four sides of a 600 × 400 hole centred on (500, 400), with an aisle on the centre lines.
    const bowl = [
      section(1, rect(200, 100, 490, 200)),
      section(2, rect(510, 100, 800, 200)),
      section(3, rect(200, 600, 490, 700)),
      section(4, rect(510, 600, 800, 700)),
      section(5, rect(100, 100, 200, 700)),
      section(6, rect(800, 100, 900, 700)),
    ]
    const stage = stageOf(bowl)!
    expect(stage.kind).toBe('pitch')
    const b = stage.bounds
    expect((b.minX + b.maxX) / 2).toBeCloseTo(500)
    expect((b.minY + b.maxY) / 2).toBeCloseTo(400)
    // Inside the hole: clear of every stand.
    expect(b.minX).toBeGreaterThan(200)
    expect(b.maxX).toBeLessThan(800)
    expect(b.minY).toBeGreaterThan(200)
    expect(b.maxY).toBeLessThan(600)
  })

  it("puts a fan's stage beyond its narrow end, opposite the wide rear rows", () => {
    // Rows widen away from the top: the front is narrow, so the stage is above the seating.
    const fan = [section(1, [400, 100, 600, 100, 700, 300, 300, 300]), section(2, [300, 320, 700, 320, 900, 600, 100, 600])]
    const stage = stageOf(fan)!
    expect(stage.kind).toBe('stage')
    expect(stage.bounds.maxY).toBeLessThan(100)
    expect((stage.bounds.minX + stage.bounds.maxX) / 2).toBeCloseTo(500)
    // Upside down, below.
    const flipped = fan.map((s) => ({ ...s, outlines: s.outlines.map((o) => o.map((v, i) => (i % 2 === 1 ? 700 - v : v))) }))
    expect(stageOf(flipped)!.bounds.minY).toBeGreaterThan(600)
  })

  it('has no marker for a venue without outlines', () => {
    expect(stageOf([section(1)])).toBeNull()
    expect(stageOf([])).toBeNull()
  })

  it('points from seats up close to where the stage lies: above the stalls, to the left of a side stand', () => {
    const fan = [section(1, [400, 100, 600, 100, 700, 300, 300, 300]), section(2, [300, 320, 700, 320, 900, 600, 100, 600])]
    const stage = stageOf(fan)!
    // Seats in the rear section, straight behind the stage: the stage is up (−90°) on screen.
    expect(bearingToStage({ minX: 450, minY: 500, maxX: 550, maxY: 560 }, stage)).toBeCloseTo(-90, 0)
    // Seats far to the right of it: the stage is up and to the left.
    const right = bearingToStage({ minX: 880, minY: 40, maxX: 900, maxY: 60 }, stage)
    expect(Math.abs(right)).toBeGreaterThan(150)
  })
})
