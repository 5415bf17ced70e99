import { boundsCentre, boundsOf, isEmptyBounds, pointInPolygon, unionBounds, type Bounds } from './geometry'
import type { MapSection } from './model'

/**
 * Where the seats look: the pitch of a bowl or the stage of a hall. The
 * vendor's seat map sends section outlines only, so it is read from their
 * shape. Seating all round an empty middle is a bowl: the pitch fills the
 * hole. Otherwise the seating fans out from the stage, and a fan's far rows
 * are its widest, so the sections' weight lies away from the stage: the stage
 * sits just outside the seating on the side opposite that weight. A venue with
 * no outlines has no marker.
 */
export interface StageMarker {
  kind: 'pitch' | 'stage'
  /** The marker's box in venue coordinates. */
  bounds: Bounds
}

const area = (b: Bounds) => (b.maxX - b.minX) * (b.maxY - b.minY)

export function stageOf(sections: readonly MapSection[]): StageMarker | null {
  const outlines = sections.flatMap((s) => s.outlines.filter((o) => o.length >= 6))
  if (outlines.length === 0) return null
  const boxes = outlines.map((o) => boundsOf(o))
  const all = unionBounds(boxes)
  if (isEmptyBounds(all)) return null
  const { x: cx, y: cy } = boundsCentre(all)
  const width = all.maxX - all.minX
  const height = all.maxY - all.minY

  const surrounded =
    !outlines.some((o) => pointInPolygon(cx, cy, o)) &&
    boxes.some((b) => b.maxX <= cx) &&
    boxes.some((b) => b.minX >= cx) &&
    boxes.some((b) => b.maxY <= cy) &&
    boxes.some((b) => b.minY >= cy)
  if (surrounded) {
    // The hole reaches to the nearest seating out from the middle, across and down (looking along
    // a band a tenth of the bowl wide, so an aisle on the centre line is not taken for the hole).
    let halfW = width / 2
    let halfH = height / 2
    const bandX = width * 0.1
    const bandY = height * 0.1
    for (const b of boxes) {
      if (b.minY <= cy + bandY && cy - bandY <= b.maxY) {
        if (b.maxX <= cx) halfW = Math.min(halfW, cx - b.maxX)
        else if (b.minX >= cx) halfW = Math.min(halfW, b.minX - cx)
      }
      if (b.minX <= cx + bandX && cx - bandX <= b.maxX) {
        if (b.maxY <= cy) halfH = Math.min(halfH, cy - b.maxY)
        else if (b.minY >= cy) halfH = Math.min(halfH, b.minY - cy)
      }
    }
    const w = halfW * 0.8
    const h = halfH * 0.8
    return { kind: 'pitch', bounds: { minX: cx - w, minY: cy - h, maxX: cx + w, maxY: cy + h } }
  }

  // The sections' weight (box area), relative to the middle, in units of the seating's size.
  let total = 0
  let wx = 0
  let wy = 0
  for (const b of boxes) {
    const a = area(b)
    total += a
    wx += a * (((b.minX + b.maxX) / 2 - cx) / Math.max(width, 1e-9))
    wy += a * (((b.minY + b.maxY) / 2 - cy) / Math.max(height, 1e-9))
  }
  const dx = total > 0 ? wx / total : 0
  const dy = total > 0 ? wy / total : 0
  const extent = Math.max(width, height)
  const depth = extent * 0.06
  const gap = extent * 0.04
  if (Math.abs(dx) > Math.abs(dy)) {
    // Weight to one side: the stage on the other, along the seating's height.
    const h = height * 0.4
    const x = dx > 0 ? all.minX - gap - depth : all.maxX + gap
    return { kind: 'stage', bounds: { minX: x, minY: cy - h / 2, maxX: x + depth, maxY: cy + h / 2 } }
  }
  // Weight below (or none to speak of, as in a single hall): the stage at the top.
  const w = width * 0.4
  const y = dy >= 0 ? all.minY - gap - depth : all.maxY + gap
  return { kind: 'stage', bounds: { minX: cx - w / 2, minY: y, maxX: cx + w / 2, maxY: y + depth } }
}

/**
 * Which way the stage or pitch lies from seats shown up close (whose map no
 * longer has the stage in view): the bearing from the middle of their box to
 * the middle of the marker, in degrees on screen (0 right, 90 down).
 */
export function bearingToStage(seats: Bounds, stage: StageMarker): number {
  const from = boundsCentre(seats)
  const to = boundsCentre(stage.bounds)
  return (Math.atan2(to.y - from.y, to.x - from.x) * 180) / Math.PI
}
