import type { Container } from 'pixi.js'

/**
 * Destroys a part of the map with everything in it, the drawings' own geometry included.
 *
 * pixi destroys a Graphics' own GraphicsContext only when that Graphics is destroyed with no options at
 * all; `destroy({ children: true })` on a parent hands its options down, and each child Graphics then
 * keeps its context. The renderer's GC hash of graphics contexts (and their GPU buffers) keeps those for
 * as long as the kiosk runs: the pixi application outlives every map (map-surface.ts), so a day of seat
 * screens left them by the dozen (bench:kiosk-day, issue #35). `context: true` frees them with their
 * Graphics; every Graphics of the map draws into a context of its own (none is shared), so nothing
 * still shown loses its drawing. Textures are not destroyed here: the bitmap font's atlas is shared.
 */
export const DESTROY_WITH_DRAWINGS = { children: true, context: true } as const

export function destroyWithDrawings(node: Container): void {
  node.destroy(DESTROY_WITH_DRAWINGS)
}
