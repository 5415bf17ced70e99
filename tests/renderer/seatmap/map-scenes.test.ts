import { Container, Graphics } from 'pixi.js'
import { describe, expect, it } from 'vitest'
import { HitIndex } from '../../../renderer/src/seatmap/hit-index'
import { worldFrame } from '../../../renderer/src/seatmap/map-camera'
import type { MapSeat, MapSection } from '../../../renderer/src/seatmap/model'
import { setSectionAvailability, type OverviewScene } from '../../../renderer/src/seatmap/overview-scene'
import { SeatArrays } from '../../../renderer/src/seatmap/seat-arrays'
import { rowStartsOf, setSeatStates, type SeatsScene } from '../../../renderer/src/seatmap/seats-scene'
import { selectionAt } from '../../../renderer/src/seatmap/selection'
import { ShownScene } from '../../../renderer/src/seatmap/shown-scene'

/**
 * The seat map's parts apart from pixi's drawing: what a scene holds, how a
 * state change reaches the picture and the taps (never by rebuilding the hit
 * index), what a tap chooses, and the frame the viewport's world is put in.
 */
const rect = (x: number, y: number, w: number, h: number) => [x, y, x + w, y, x + w, y + h, x, y + h]
const size = { width: 10, height: 10 }

function seat(x: number, row: string | null, extra: Partial<MapSeat> = {}): MapSeat {
  return { inventoryId: 100 + x, row, seat: String(x), seatType: 1, x, y: 0, angle: 0, outline: [], state: 'available', ...extra }
}

function seatsScene(seats: MapSeat[]) {
  const invalidations = { count: 0 }
  const layer = { invalidate: () => invalidations.count++ } as unknown as SeatsScene['layer']
  const scene: SeatsScene = { kind: 'seats', seats, size, seatArrays: new SeatArrays(seats, size), layer, rowStarts: rowStartsOf(seats) }
  const index = HitIndex.fromSeats(seats, size)
  return { scene, index, invalidations }
}

describe('the seats scene', () => {
  it('names each row once, at its first seat; seats without a row carry no name', () => {
    const seats = [seat(0, 'A'), seat(20, 'A'), seat(40, 'B'), seat(60, null), seat(80, ''), seat(100, 'B'), seat(120, 'C')]
    expect([...rowStartsOf(seats)]).toEqual([0, 2, 6])
  })

  it('counts the seats drawn in each state', () => {
    const seats = [seat(0, 'A', { state: 'chosen' }), seat(20, 'A', { state: 'chosen' }), seat(40, 'A'), seat(60, 'A', { state: 'unavailable' })]
    const seatArrays = new SeatArrays(seats, size)
    expect(seatArrays.stateCounts()).toEqual({ chosen: 2, available: 1, unavailable: 1 })
  })

  it('a seat sold meanwhile cannot be tapped, without rebuilding the index; the picture is drawn again once', () => {
    const { scene, index, invalidations } = seatsScene([seat(0, 'A'), seat(20, 'A'), seat(40, 'A')])
    const at = (x: number) => selectionAt(scene, index, { x: x + 5, y: 5 }, 1)
    expect(at(20)).toEqual({ kind: 'seat', index: 1, inventoryId: 120 })

    expect(setSeatStates(scene, [{ index: 1, state: 'unavailable' }, { index: 2, state: 'chosen' }], index)).toBe(true)
    expect(at(20)).toBeNull()
    expect(scene.seatArrays.state(1)).toBe('unavailable')
    expect(scene.seatArrays.state(2)).toBe('chosen')
    expect(scene.seatArrays.stateCounts()).toEqual({ available: 1, unavailable: 1, chosen: 1 })
    expect(invalidations.count).toBe(1)
    // The same states again change nothing and draw nothing.
    expect(setSeatStates(scene, [{ index: 1, state: 'unavailable' }], index)).toBe(false)
    expect(invalidations.count).toBe(1)
  })

  it('a tap on a seat with no inventory id (geometry only) or on nothing chooses nothing', () => {
    const { scene, index } = seatsScene([seat(0, 'A', { inventoryId: null, state: 'unavailable' }), seat(20, 'A')])
    expect(selectionAt(scene, index, { x: 5, y: 5 }, 1)).toBeNull()
    expect(selectionAt(scene, index, { x: 500, y: 5 }, 1)).toBeNull()
  })
})

describe('the overview scene', () => {
  const section = (id: number, x: number, availability: MapSection['availability'] = 'available'): MapSection => ({
    id,
    label: String(id),
    levelLabel: null,
    colour: '#ffcc80',
    priceCategoryId: 1,
    outlines: [rect(x, 0, 50, 50)],
    availability,
  })

  function overview(sections: MapSection[]): { scene: OverviewScene; index: HitIndex } {
    const scene: OverviewScene = {
      kind: 'overview',
      sections,
      graphics: sections.map(() => new Graphics()),
      labels: sections.map(() => null),
      bounds: [],
      anchors: [],
      byId: new Map(sections.map((s, i) => [s.id, i])),
      strokeWidth: 1,
    }
    return { scene, index: HitIndex.fromSections(sections) }
  }

  it('a tap chooses a section, never a sold-out one', () => {
    const { scene, index } = overview([section(101, 0), section(102, 100, 'sold-out')])
    expect(selectionAt(scene, index, { x: 25, y: 25 }, 5)).toEqual({ kind: 'section', sectionId: 101 })
    expect(selectionAt(scene, index, { x: 125, y: 25 }, 5)).toBeNull()
  })

  it('a section that sells out is dimmed and no longer chosen; one unknown to the map is ignored', () => {
    const { scene, index } = overview([section(101, 0), section(102, 100)])
    expect(setSectionAvailability(scene, [{ id: 102, availability: 'sold-out' }, { id: 999, availability: 'sold-out' }], index)).toBe(true)
    expect(scene.sections[1]!.availability).toBe('sold-out')
    expect(scene.graphics[1]!.alpha).toBeCloseTo(0.3)
    expect(scene.graphics[0]!.alpha).toBe(1)
    expect(selectionAt(scene, index, { x: 125, y: 25 }, 5)).toBeNull()
    expect(setSectionAvailability(scene, [{ id: 102, availability: 'sold-out' }], index)).toBe(false)
  })
})

describe('the viewport’s world frame', () => {
  it('puts the content, with a margin of 15 % of its larger side, at the origin', () => {
    expect(worldFrame({ minX: 1000, minY: -200, maxX: 1400, maxY: 0 })).toEqual({ offsetX: 60 - 1000, offsetY: 60 + 200, width: 520, height: 320 })
  })
})

describe('a scene cleared from the map', () => {
  // The pixi application outlives every map (map-surface.ts): a drawing's GraphicsContext not destroyed
  // with it stays in the renderer's GC hash, with its GPU buffers, for the kiosk's whole day (issue #35).
  it("destroys each drawing's own context with it, not only the drawing", () => {
    const world = new Container()
    const labels = new Container()
    const section = new Container()
    const outline = new Graphics().rect(0, 0, 10, 10).fill(0xffffff)
    section.addChild(outline)
    world.addChild(section)
    const context = outline.context
    new ShownScene(world, labels).clear()
    expect(outline.destroyed).toBe(true)
    expect(context.destroyed).toBe(true)
    expect(world.children).toEqual([])
  })
})
