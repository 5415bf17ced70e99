import type { HitIndex } from './hit-index'
import type { MapSelection } from './model'
import type { OverviewScene } from './overview-scene'
import type { SeatsScene } from './seats-scene'

/**
 * What a tap at a venue point chooses, within a finger's radius (venue units):
 * a section that is not sold out, or a seat that may be picked (one with an
 * inventory id that the seat arrays say is selectable). Null for nothing, or for
 * something that cannot be chosen.
 */
export function selectionAt(
  scene: OverviewScene | SeatsScene,
  index: Pick<HitIndex, 'hit'>,
  point: { x: number; y: number },
  radius: number,
): MapSelection | null {
  const found = index.hit(point.x, point.y, radius)
  if (found === null) return null
  if (scene.kind === 'overview') {
    const section = scene.sections[found]
    if (!section || section.availability === 'sold-out') return null
    return { kind: 'section', sectionId: section.id }
  }
  const seat = scene.seats[found]
  if (!seat || seat.inventoryId === null || !scene.seatArrays.selectable(found)) return null
  return { kind: 'seat', index: found, inventoryId: seat.inventoryId }
}
