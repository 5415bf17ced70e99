import { Graphics } from 'pixi.js'
import { COLOURS } from './seat-map-style'
import type { StageMarker } from './stage'

/** The stage or pitch as the map draws it: a rounded box in its colour, edged in white, under the sections. */
export function stageMarker(stage: StageMarker, strokeWidth: number): Graphics {
  const b = stage.bounds
  const corner = Math.min(b.maxX - b.minX, b.maxY - b.minY) * 0.12
  return new Graphics({ eventMode: 'none' })
    .roundRect(b.minX, b.minY, b.maxX - b.minX, b.maxY - b.minY, corner)
    .fill({ color: stage.kind === 'pitch' ? COLOURS.pitch : COLOURS.stage })
    .stroke({ width: strokeWidth * 2, color: 0xffffff, alpha: 0.6 })
}
