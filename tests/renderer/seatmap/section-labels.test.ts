import type { BitmapText } from 'pixi.js'
import { describe, expect, it } from 'vitest'
import { placeSectionLabels, type LabelView } from '../../../renderer/src/seatmap/section-labels'

/**
 * Section names on the overview: whole or not at all, never cut by the map's
 * edge. A label here is the few fields of pixi's BitmapText the placement
 * reads and writes (its text, size at the current scale, position, visibility).
 */
function label(text: string, width: number, height = 14) {
  const l = {
    text,
    visible: false,
    position: { x: 0, y: 0, set: (x: number, y: number) => Object.assign(l.position, { x, y }) },
    scale: { x: 1, set: (s: number) => (l.scale.x = s) },
    // World size shrinks as the view zooms in: constant on screen.
    get width() {
      return width * l.scale.x
    },
    get height() {
      return height * l.scale.x
    },
  }
  return l
}

/** A 400 × 300 map at scale 1, panned by `pan` px (venue x = screen x - pan.x). */
const view = (pan = { x: 0, y: 0 }, scale = 1): LabelView => ({
  scale,
  fitScale: 1,
  width: 400,
  height: 300,
  toScreen: (x, y) => ({ x: x * scale + pan.x, y: y * scale + pan.y }),
  toContent: (x, y) => ({ x: (x - pan.x) / scale, y: (y - pan.y) / scale }),
})

const scene = (labels: ReturnType<typeof label>[], boxes: [number, number, number, number][]) => ({
  labels: labels as unknown as BitmapText[],
  anchors: boxes.map(([x0, y0, x1, y1]) => ({ x: (x0 + x1) / 2, y: (y0 + y1) / 2 })),
  bounds: boxes.map(([minX, minY, maxX, maxY]) => ({ minX, minY, maxX, maxY })),
})

describe('placeSectionLabels', () => {
  it('shows a name at its anchor when its section is in view with room for it', () => {
    const balcony = label('Balcony Centre', 100)
    const shown = placeSectionLabels(scene([balcony], [[100, 100, 300, 200]]), view())
    expect(shown).toEqual([{ text: 'Balcony Centre', left: 150, top: 143, right: 250, bottom: 157 }])
    expect(balcony.visible).toBe(true)
    expect(balcony.position).toMatchObject({ x: 200, y: 150 })
  })

  it('moves a name in from the edge when its section runs off the map, keeping it whole', () => {
    // The section spans venue x 250–550; the map shows 0–400: its anchor (400) is on the edge.
    const right = label('Balcony Right', 100)
    const [shown] = placeSectionLabels(scene([right], [[250, 100, 550, 200]]), view())
    expect(shown!.right).toBeLessThanOrEqual(400 - 4)
    expect(shown!.left).toBeGreaterThanOrEqual(250)
    expect(right.position.x).toBeCloseTo((shown!.left + shown!.right) / 2)
  })

  it('hides a name whose section shows too little of itself for it', () => {
    // Panned so only 46 px of the section remain in view: a 100 px name does not fit.
    const right = label('Balcony Right', 100)
    expect(placeSectionLabels(scene([right], [[100, 100, 300, 200]]), view({ x: 250, y: 0 }))).toEqual([])
    expect(right.visible).toBe(false)
  })

  it('hides names zoomed out further than the whole venue', () => {
    const stalls = label('Stalls', 40)
    expect(placeSectionLabels(scene([stalls], [[0, 0, 400, 300]]), view({ x: 0, y: 0 }, 0.5))).toEqual([])
  })
})
