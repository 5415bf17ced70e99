import { describe, expect, it } from 'vitest'
import { seatOutline as sandboxSeatOutline } from '../../../electron/sandbox/http/seat-json'
import {
  boundsCentre,
  boundsOf,
  distanceToPolygon,
  emptyBounds,
  fitTransform,
  labelAnchor,
  pointInPolygon,
  seatOutline,
  unionBounds,
} from '../../../renderer/src/seatmap/geometry'

const square = [0, 0, 10, 0, 10, 10, 0, 10]
/** An L: the 10 × 10 square less a 6 × 6 block at its top right. */
const ell = [0, 0, 4, 0, 4, 6, 10, 6, 10, 10, 0, 10]
/** A U (horseshoe) opening upwards: its centroid lies in the gap between the arms. */
const horseshoe = [0, 0, 2, 0, 2, 8, 8, 8, 8, 0, 10, 0, 10, 10, 0, 10]

describe('bounds', () => {
  it('of a flat list, their union and centre', () => {
    expect(boundsOf([3, 4, -1, 7, 2, -2])).toEqual({ minX: -1, minY: -2, maxX: 3, maxY: 7 })
    expect(boundsOf([])).toEqual(emptyBounds())
    const u = unionBounds([boundsOf(square), boundsOf([20, 5, 25, 30]), emptyBounds()])
    expect(u).toEqual({ minX: 0, minY: 0, maxX: 25, maxY: 30 })
    expect(boundsCentre(u)).toEqual({ x: 12.5, y: 15 })
    expect(unionBounds([])).toEqual(emptyBounds())
  })
})

describe('pointInPolygon', () => {
  it('tells inside from outside, convex and concave', () => {
    expect(pointInPolygon(5, 5, square)).toBe(true)
    expect(pointInPolygon(11, 5, square)).toBe(false)
    expect(pointInPolygon(-0.1, 5, square)).toBe(false)
    expect(pointInPolygon(2, 2, ell)).toBe(true)
    expect(pointInPolygon(8, 2, ell)).toBe(false) // the missing quarter
    expect(pointInPolygon(8, 8, ell)).toBe(true)
    expect(pointInPolygon(5, 4, horseshoe)).toBe(false) // between the arms
    expect(pointInPolygon(1, 1, horseshoe)).toBe(true)
    expect(pointInPolygon(9, 4, horseshoe)).toBe(true)
  })

  it('counts a ray through a vertex once', () => {
    const diamond = [5, 0, 10, 5, 5, 10, 0, 5]
    expect(pointInPolygon(5, 5, diamond)).toBe(true)
    expect(pointInPolygon(2, 5, diamond)).toBe(true) // ray passes through the vertex (10, 5)
    expect(pointInPolygon(-1, 5, diamond)).toBe(false) // ray passes through both side vertices
  })

  it('is false for degenerate polygons', () => {
    expect(pointInPolygon(0, 0, [])).toBe(false)
    expect(pointInPolygon(0, 0, [0, 0, 1, 1])).toBe(false)
  })
})

describe('distanceToPolygon', () => {
  it('is 0 inside and the distance to the nearest edge outside', () => {
    expect(distanceToPolygon(5, 5, square)).toBe(0)
    expect(distanceToPolygon(13, 5, square)).toBeCloseTo(3)
    expect(distanceToPolygon(13, 14, square)).toBeCloseTo(5) // to the corner (10, 10)
    expect(distanceToPolygon(5, -2, square)).toBeCloseTo(2) // the closing edge counts too
  })

  it('measures to the real outline, not the bounds', () => {
    expect(distanceToPolygon(8, 2, ell)).toBeCloseTo(4) // down to the edge y = 6, or left to x = 4: both 4
    expect(distanceToPolygon(9, 3, ell)).toBeCloseTo(3)
    expect(distanceToPolygon(5, 4, horseshoe)).toBeCloseTo(3) // to either arm
  })

  it('handles empty polygons', () => {
    expect(distanceToPolygon(0, 0, [])).toBe(Infinity)
    expect(distanceToPolygon(3, 4, [0, 0])).toBeCloseTo(5)
  })
})

describe('seatOutline', () => {
  const size = { width: 16, height: 14 }
  const corners = (text: string) => text.split(',').map(Number)

  it.each([
    { x: 100, y: 200, angle: 0 },
    { x: 100, y: 200, angle: 30 },
    { x: -40.5, y: 12.25, angle: -75 },
    { x: 512, y: 384, angle: 180 },
    { x: 0, y: 0, angle: 271.5 },
  ])('matches the sandbox for %o', (seat) => {
    const ours = seatOutline(seat, size)
    const theirs = corners(sandboxSeatOutline({ ...seat, alias: '1', type: 1 }, size.width, size.height))
    expect(ours).toHaveLength(8)
    ours.forEach((v, i) => expect(Math.abs(v - theirs[i]!)).toBeLessThanOrEqual(0.05 + 1e-9))
  })

  it('turns clockwise on screen (y down) about the centre', () => {
    // A 90° turn puts the unrotated top-left corner at the top-right.
    const [x1, y1] = seatOutline({ x: 0, y: 0, angle: 90 }, { width: 10, height: 10 })
    expect(x1).toBeCloseTo(10)
    expect(y1).toBeCloseTo(0)
  })
})

describe('labelAnchor', () => {
  it('is the centroid of a convex polygon', () => {
    expect(labelAnchor(square)).toEqual({ x: 5, y: 5 })
  })

  it.each([
    ['an L', ell],
    ['a horseshoe', horseshoe],
    ['a thin crescent', [0, 0, 20, 0, 20, 10, 0, 10, 0, 9, 19, 9, 19, 1, 0, 1]],
  ])('lies inside %s', (_name, points) => {
    const { x, y } = labelAnchor(points)
    expect(pointInPolygon(x, y, points)).toBe(true)
  })

  it('takes the widest span through the middle when the centroid is outside', () => {
    // Horseshoe at y = 5: spans [0, 2] and [8, 10], equal, so the first.
    expect(labelAnchor(horseshoe)).toEqual({ x: 1, y: 5 })
  })
})

describe('fitTransform', () => {
  it('fits and centres content, keeping the padding', () => {
    const t = fitTransform({ minX: 0, minY: 0, maxX: 200, maxY: 100 }, { width: 420, height: 420 }, 10)
    expect(t.scale).toBeCloseTo(2) // width limits: 400 / 200
    expect(0 * t.scale + t.x).toBeCloseTo(10)
    expect(200 * t.scale + t.x).toBeCloseTo(410)
    expect(50 * t.scale + t.y).toBeCloseTo(210) // centred vertically
  })

  it('is limited by the tighter dimension and handles offset content', () => {
    const t = fitTransform({ minX: 1000, minY: 500, maxX: 1100, maxY: 900 }, { width: 800, height: 400 }, 0)
    expect(t.scale).toBeCloseTo(1)
    expect(1050 * t.scale + t.x).toBeCloseTo(400)
    expect(700 * t.scale + t.y).toBeCloseTo(200)
  })

  it('copes with point-sized and empty content', () => {
    const point = fitTransform({ minX: 5, minY: 5, maxX: 5, maxY: 5 }, { width: 100, height: 100 }, 10)
    expect(point).toEqual({ scale: 1, x: 45, y: 45 })
    expect(fitTransform(emptyBounds(), { width: 100, height: 50 }, 0)).toEqual({ scale: 1, x: 50, y: 25 })
    expect(fitTransform({ minX: 0, minY: 0, maxX: 10, maxY: 0 }, { width: 100, height: 100 }, 0).scale).toBeCloseTo(10)
  })
})
