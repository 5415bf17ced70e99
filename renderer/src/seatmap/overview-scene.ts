import { BitmapText, Graphics, type Container } from 'pixi.js'
import { boundsOf, isEmptyBounds, labelAnchor, unionBounds, type Bounds } from './geometry'
import { HitIndex } from './hit-index'
import type { MapSection } from './model'
import { COLOURS, FONT, LABEL_FONT_PX, luminance, parseColour } from './seat-map-style'
import { stageOf, type StageMarker } from './stage'
import { stageMarker } from './stage-marker'

/**
 * The venue's overview: each section a polygon in its price category's colour
 * (sold out dimmed, few seats left and single seats only outlined), its name,
 * and the stage or pitch. Built once per venue; an availability change redraws
 * only the sections that changed.
 */
export interface OverviewScene {
  kind: 'overview'
  sections: MapSection[]
  graphics: Graphics[]
  labels: (BitmapText | null)[]
  /** World bounds per section, for label fitting and zooming. */
  bounds: Bounds[]
  /** Where each label sits when the whole section is in view (its outline's label anchor). */
  anchors: ({ x: number; y: number } | null)[]
  byId: Map<number, number>
  strokeWidth: number
}

function sectionBounds(section: MapSection): Bounds {
  return unionBounds(section.outlines.map((o) => boundsOf(o)))
}

/** Draws (or redraws) section i as its availability says. */
export function drawSection(scene: OverviewScene, i: number): void {
  const section = scene.sections[i]!
  const g = scene.graphics[i]!
  const colour = parseColour(section.colour)
  const soldOut = section.availability === 'sold-out'
  g.clear()
  for (const outline of section.outlines) {
    if (outline.length < 6) continue
    g.poly(outline, true).fill({ color: colour }).stroke({ width: scene.strokeWidth, color: COLOURS.outline, alignment: 0.5 })
    if (section.availability === 'limited') {
      g.poly(outline, true).stroke({ width: scene.strokeWidth * 3, color: COLOURS.limited, alignment: 1 })
    } else if (section.availability === 'single-seat') {
      g.poly(outline, true).stroke({ width: scene.strokeWidth * 3, color: COLOURS.singleSeat, alignment: 1 })
    }
  }
  g.alpha = soldOut ? 0.3 : 1
  const label = scene.labels[i]
  if (label) label.alpha = soldOut ? 0.45 : 1
}

/** A section's name, centred on its anchor, hidden until label placement decides it fits. */
function sectionLabel(section: MapSection, anchor: { x: number; y: number }): BitmapText {
  const fill = luminance(parseColour(section.colour)) > 0.6 ? COLOURS.labelDark : COLOURS.label
  const label = new BitmapText({ text: section.label, style: { fontFamily: FONT, fontSize: LABEL_FONT_PX, fill: 0xffffff } })
  label.tint = fill
  label.anchor.set(0.5)
  label.position.set(anchor.x, anchor.y)
  label.eventMode = 'none'
  label.visible = false
  return label
}

export interface BuiltOverview {
  scene: OverviewScene
  /** Taps resolve to sections through this, built once for the scene. */
  index: HitIndex
  /** What fitting the map shows: every section, and the stage or pitch. */
  contentBounds: Bounds
  stage: StageMarker | null
}

/** Builds the overview of `sections` into `world` (shapes) and `labelLayer` (names). */
export function buildOverview(sections: readonly MapSection[], world: Container, labelLayer: Container): BuiltOverview {
  const list = [...sections]
  const bounds = list.map(sectionBounds)
  const stage = stageOf(list)
  // The stage or pitch is part of the picture: fitting the map keeps it in view.
  const contentBounds = unionBounds(stage ? [...bounds, stage.bounds] : bounds)
  const extent = isEmptyBounds(contentBounds) ? 1 : Math.max(contentBounds.maxX - contentBounds.minX, contentBounds.maxY - contentBounds.minY)
  const scene: OverviewScene = {
    kind: 'overview',
    sections: list,
    graphics: [],
    labels: [],
    bounds,
    anchors: [],
    byId: new Map(list.map((s, i) => [s.id, i])),
    strokeWidth: extent * 0.0015,
  }
  if (stage) world.addChild(stageMarker(stage, scene.strokeWidth))
  list.forEach((section, i) => {
    const g = new Graphics({ eventMode: 'none' })
    scene.graphics.push(g)
    world.addChild(g)
    const outline = section.outlines.reduce<number[]>((best, o) => (o.length > best.length ? o : best), [])
    let label: BitmapText | null = null
    let anchor: { x: number; y: number } | null = null
    if (outline.length >= 6 && section.label) {
      anchor = labelAnchor(outline)
      label = sectionLabel(section, anchor)
      labelLayer.addChild(label)
    }
    scene.labels.push(label)
    scene.anchors.push(anchor)
    drawSection(scene, i)
  })
  return { scene, index: HitIndex.fromSections(list), contentBounds, stage }
}

/**
 * Sections whose availability changed are redrawn, and a sold-out one can no
 * longer be tapped (the index learns that; its shapes never move). Whether
 * anything changed.
 */
export function setSectionAvailability(
  scene: OverviewScene,
  changes: readonly { id: number; availability: MapSection['availability'] }[],
  index: Pick<HitIndex, 'setSelectable'>,
): boolean {
  let changed = false
  for (const { id, availability } of changes) {
    const i = scene.byId.get(id)
    if (i === undefined) continue
    const section = scene.sections[i]!
    if (section.availability === availability) continue
    scene.sections[i] = { ...section, availability }
    index.setSelectable(i, availability !== 'sold-out')
    drawSection(scene, i)
    changed = true
  }
  return changed
}
