import type { BitmapText } from 'pixi.js'
import type { Bounds } from './geometry'
import { LABEL_FONT_PX } from './seat-map-style'

/**
 * Section names on the overview, at a constant on-screen size. A name is
 * shown only where the part of its section inside the view has room for all
 * of it, and is moved in from its anchor when the section runs off the map's
 * edge: never cut by the edge ("Balcony Righ"), and never outside its
 * section's box.
 */
export interface SectionLabelScene {
  labels: readonly (BitmapText | null)[]
  /** Where each name sits when its whole section is in view, in venue coordinates. */
  anchors: readonly ({ x: number; y: number } | null)[]
  bounds: readonly Bounds[]
}

export interface LabelView {
  scale: number
  /** The scale that fits the whole venue: names are not shown zoomed out further. */
  fitScale: number
  /** The map's size in CSS px. */
  width: number
  height: number
  /** Venue coordinates → CSS px in the map, and back. */
  toScreen(x: number, y: number): { x: number; y: number }
  toContent(x: number, y: number): { x: number; y: number }
}

/** A shown name and its box in CSS px within the map. */
export interface ShownLabel {
  text: string
  left: number
  top: number
  right: number
  bottom: number
}

/** Names keep this far (CSS px) inside the map's edge. */
const EDGE_PX = 4

export function placeSectionLabels(scene: SectionLabelScene, view: LabelView): ShownLabel[] {
  const shown: ShownLabel[] = []
  for (let i = 0; i < scene.labels.length; i++) {
    const label = scene.labels[i]
    const anchor = scene.anchors[i]
    if (!label || !anchor) continue
    const b = scene.bounds[i]!
    label.scale.set(1 / view.scale)
    const textW = label.width * view.scale
    const textH = label.height * view.scale
    // The section's box on screen, cut to the map.
    const from = view.toScreen(b.minX, b.minY)
    const to = view.toScreen(b.maxX, b.maxY)
    const left = Math.max(from.x, EDGE_PX)
    const right = Math.min(to.x, view.width - EDGE_PX)
    const top = Math.max(from.y, EDGE_PX)
    const bottom = Math.min(to.y, view.height - EDGE_PX)
    label.visible = view.scale >= view.fitScale * 0.99 && right - left >= textW + 8 && bottom - top >= Math.max(textH, LABEL_FONT_PX) + 6
    if (!label.visible) continue
    const at = view.toScreen(anchor.x, anchor.y)
    const x = Math.min(Math.max(at.x, left + textW / 2 + 4), right - textW / 2 - 4)
    const y = Math.min(Math.max(at.y, top + textH / 2 + 3), bottom - textH / 2 - 3)
    const p = view.toContent(x, y)
    label.position.set(p.x, p.y)
    shown.push({ text: label.text, left: x - textW / 2, top: y - textH / 2, right: x + textW / 2, bottom: y + textH / 2 })
  }
  return shown
}
