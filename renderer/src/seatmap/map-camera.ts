import type { Viewport } from 'pixi-viewport'
import type { Container } from 'pixi.js'
import { boundsCentre, emptyBounds, fitTransform, isEmptyBounds, type Bounds } from './geometry'

/** The margin (CSS px) fit() leaves round the content. */
const FIT_PADDING_PX = 24

/**
 * pixi-viewport's world runs from (0, 0) to (worldWidth, worldHeight): its
 * clamping and centring assume so. Venue coordinates need not start at the
 * origin (a theatre's stalls sit far from it), so the drawn content is moved
 * by an offset that puts its bounds, plus a margin of 15 % of its size, at the
 * origin.
 */
export function worldFrame(content: Bounds): { offsetX: number; offsetY: number; width: number; height: number } {
  const w = content.maxX - content.minX
  const h = content.maxY - content.minY
  const margin = Math.max(w, h) * 0.15
  return { offsetX: margin - content.minX, offsetY: margin - content.minY, width: w + 2 * margin, height: h + 2 * margin }
}

/**
 * Where the map looks and how far it may zoom: fitting the content (or a
 * section) to the screen, the zoom limits, and venue ↔ viewport coordinates.
 * The rest of the map keeps to venue coordinates and converts here.
 */
export class MapCamera {
  /** What fit() shows: the scene's content, in venue coordinates. */
  content: Bounds = emptyBounds()
  /** The zoom that fits the content. */
  fitScale = 1
  /** Whether the view shows the whole scene as fitted (no pan or zoom by the customer since). */
  fitted = true
  readonly offset = { x: 0, y: 0 }

  /**
   * @param layers the containers drawn in venue coordinates (moved by the offset)
   * @param maxScale the closest zoom for the scene shown, given the fitting zoom
   * @param changed called when the view jumped or started moving: a frame is due
   */
  constructor(
    private readonly viewport: Viewport,
    private readonly screen: () => { width: number; height: number },
    private readonly layers: readonly Container[],
    private readonly maxScale: (fitScale: number) => number,
    private readonly changed: () => void,
  ) {
    for (const gesture of ['drag-start', 'pinch-start', 'wheel-start'] as const) viewport.on(gesture, () => (this.fitted = false))
  }

  toViewport(x: number, y: number): { x: number; y: number } {
    return { x: x + this.offset.x, y: y + this.offset.y }
  }

  toContent(x: number, y: number): { x: number; y: number } {
    return { x: x - this.offset.x, y: y - this.offset.y }
  }

  /** The part of the venue in view, in venue coordinates. */
  visibleContent(): Bounds {
    const vb = this.viewport.getVisibleBounds()
    const from = this.toContent(vb.x, vb.y)
    return { minX: from.x, minY: from.y, maxX: from.x + vb.width, maxY: from.y + vb.height }
  }

  /** The venue point under a screen point. */
  contentAt(screenX: number, screenY: number): { x: number; y: number } {
    const w = this.viewport.toWorld(screenX, screenY)
    return this.toContent(w.x, w.y)
  }

  /** The zoom limits and the world's frame, for the content and the screen's size now. */
  updateLimits(): void {
    if (isEmptyBounds(this.content)) return
    const viewport = this.viewport
    this.fitScale = this.#fit(this.content).scale
    viewport.plugins.remove('clamp-zoom')
    viewport.plugins.remove('clamp')
    viewport.clampZoom({ minScale: this.fitScale * 0.5, maxScale: this.maxScale(this.fitScale) })
    const frame = worldFrame(this.content)
    this.offset.x = frame.offsetX
    this.offset.y = frame.offsetY
    for (const layer of this.layers) layer.position.set(frame.offsetX, frame.offsetY)
    viewport.worldWidth = frame.width
    viewport.worldHeight = frame.height
    viewport.clamp({ left: true, right: true, top: true, bottom: true, underflow: 'center' })
  }

  /** Shows `bounds` at once (fitted when they are the content). */
  jumpTo(bounds: Bounds): void {
    this.fitted = bounds === this.content
    if (isEmptyBounds(bounds)) return
    this.viewport.plugins.remove('animate')
    this.viewport.setZoom(this.#clampedScale(bounds), true)
    const mid = boundsCentre(bounds)
    const centre = this.toViewport(mid.x, mid.y)
    this.viewport.moveCenter(centre.x, centre.y)
    this.changed()
  }

  /** Moves to `bounds` in a short glide (a section chosen from the list). */
  animateTo(bounds: Bounds): void {
    this.fitted = false
    if (isEmptyBounds(bounds)) return
    const mid = boundsCentre(bounds)
    this.viewport.animate({
      position: this.toViewport(mid.x, mid.y),
      scale: this.#clampedScale(bounds),
      time: 300,
      ease: 'easeInOutSine',
      removeOnInterrupt: true,
    })
    this.changed()
  }

  #fit(bounds: Bounds): { scale: number; x: number; y: number } {
    const { width, height } = this.screen()
    return fitTransform(bounds, { width, height }, FIT_PADDING_PX)
  }

  #clampedScale(bounds: Bounds): number {
    return Math.min(Math.max(this.#fit(bounds).scale, this.fitScale * 0.5), this.maxScale(this.fitScale))
  }
}
