import type { ViewTransform } from './zoom-preview'

/**
 * What one frame of the seat map does, decided from facts alone (no pixi, no
 * DOM) so every case can be tested. A frame whose picture would be the one on
 * screen is not drawn: with software compositing each WebGL frame costs the
 * main thread a read-back. While only the wheel moved the view, the last
 * picture is previewed by the compositor instead (zoom-preview.ts) and the map
 * is drawn once the wheel rests.
 */
export type FrameAction = 'draw' | 'preview' | 'nothing'

export interface FrameFacts {
  /** The view's transform when the picture on screen was drawn (NaN before the first). */
  drawn: ViewTransform
  /** The view's transform now. */
  now: ViewTransform
  /** The wheel turned within its rest period. */
  wheelTurning: boolean
  /** Something other than the view's transform changed the picture (a scene, seat states, a resize). */
  pictureChanged: boolean
  /** The labels must be laid out again (the camera jumped, states changed). */
  labelsDirty: boolean
  /** The viewport says its content changed. */
  viewportDirty: boolean
}

export function viewMoved(drawn: ViewTransform, now: ViewTransform): boolean {
  return now.x !== drawn.x || now.y !== drawn.y || now.scale !== drawn.scale
}

export function frameAction(facts: FrameFacts): FrameAction {
  const moved = viewMoved(facts.drawn, facts.now)
  // A preview needs a picture to scale, and only the view may have changed: new labels or states must be drawn.
  if (moved && facts.wheelTurning && !facts.labelsDirty && !facts.pictureChanged && Number.isFinite(facts.drawn.scale)) return 'preview'
  if (moved || facts.labelsDirty || facts.viewportDirty || facts.pictureChanged) return 'draw'
  return 'nothing'
}
