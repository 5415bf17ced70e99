import { describe, expect, it } from 'vitest'
import type { MapSeat } from '../../../renderer/src/seatmap/model'
import { SEAT_STATES, SeatArrays } from '../../../renderer/src/seatmap/seat-arrays'

function seat(x: number, y: number, extra: Partial<MapSeat> = {}): MapSeat {
  return { inventoryId: 1, row: 'A', seat: '1', seatType: 1, x, y, angle: 0, outline: [], state: 'available', ...extra }
}

describe('SeatArrays: seats in typed arrays', () => {
  const size = { width: 10, height: 6 }

  it('keeps every per-seat value in a typed array, one slot a seat, and no object per seat', () => {
    const seats = Array.from({ length: 1000 }, (_, i) => seat(i * 12, 0, { angle: i % 30, state: SEAT_STATES[i % 5]! }))
    const seatArrays = new SeatArrays(seats, size)
    expect(seatArrays.centres).toBeInstanceOf(Float64Array)
    expect(seatArrays.centres).toHaveLength(2000)
    expect(seatArrays.rotations).toBeInstanceOf(Float32Array)
    expect(seatArrays.states).toBeInstanceOf(Uint8Array)
    expect(seatArrays.types).toBeInstanceOf(Uint8Array)
    expect(seatArrays.sellable).toBeInstanceOf(Uint8Array)
    // Nothing else per seat: every field is the count, the size, or a typed array.
    for (const [name, value] of Object.entries(seatArrays)) {
      if (name === 'count' || name === 'size') continue
      expect(ArrayBuffer.isView(value), `${name} is a typed array`).toBe(true)
    }
    expect(seatArrays.centres[2 * 7]).toBe(7 * 12 + 5)
    expect(seatArrays.centres[2 * 7 + 1]).toBe(3)
    expect(seatArrays.rotations[7]).toBeCloseTo((7 * Math.PI) / 180)
    expect(seatArrays.state(8)).toBe(SEAT_STATES[3])
  })

  it('changes a state in place and says whether it changed', () => {
    const seatArrays = new SeatArrays([seat(0, 0), seat(20, 0, { inventoryId: null })], size)
    expect(seatArrays.selectable(0)).toBe(true)
    expect(seatArrays.setState(0, 'unavailable')).toBe(true)
    expect(seatArrays.setState(0, 'unavailable')).toBe(false)
    expect(seatArrays.state(0)).toBe('unavailable')
    expect(seatArrays.selectable(0)).toBe(false)
    expect(seatArrays.setState(0, 'chosen')).toBe(true)
    expect(seatArrays.selectable(0)).toBe(true)
    // Geometry-only seats (no inventory id) can never be picked, whatever their state.
    expect(seatArrays.selectable(1)).toBe(false)
    expect(seatArrays.setState(5, 'chosen')).toBe(false)
  })

  it('bounds every seat at any turn, and is empty without seats', () => {
    const seatArrays = new SeatArrays([seat(0, 0, { angle: 45 }), seat(100, 50)], size)
    const half = Math.hypot(10, 6) / 2
    expect(seatArrays.bounds()).toEqual({ minX: 5 - half, minY: 3 - half, maxX: 105 + half, maxY: 53 + half })
    expect(new SeatArrays([], size).bounds().minX).toBe(Infinity)
  })
})
