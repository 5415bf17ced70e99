import { Graphics, type Container, type Renderer } from 'pixi.js'
import { boundsOf, unionBounds, type Bounds } from './geometry'
import { HitIndex } from './hit-index'
import type { MapSeat, SeatSize, SeatState } from './model'
import type { SeatTextures } from './seat-map-style'
import { SeatLayer } from './seat-layer'
import { SeatArrays } from './seat-arrays'

/**
 * A section's seats up close: the seats in typed arrays (seat-arrays.ts), drawn
 * by the seat layer with level of detail (seat-layer.ts), inside the faint
 * outline of their section. Built once per offer; a state change flips a byte
 * per seat and never rebuilds the hit index (positions do not move).
 */
export interface SeatsScene {
  kind: 'seats'
  /** The seats as the scene was built (labels and inventory ids); their states now are the seat arrays'. */
  seats: readonly MapSeat[]
  size: SeatSize
  seatArrays: SeatArrays
  layer: Pick<SeatLayer, 'root' | 'invalidate' | 'prepare' | 'destroy' | 'detail' | 'passes'>
  /** First seat of each row (list order): it carries the row label. */
  rowStarts: Set<number>
}

/** The first seat of each row, in list order: where the row's name is drawn. Seats without a row have none. */
export function rowStartsOf(seats: readonly MapSeat[]): Set<number> {
  const starts = new Set<number>()
  const seen = new Set<string>()
  seats.forEach((seat, i) => {
    if (seat.row === null || seat.row === '' || seen.has(seat.row)) return
    seen.add(seat.row)
    starts.add(i)
  })
  return starts
}

export interface SeatsDrawing {
  world: Container
  renderer: Renderer
  textures: SeatTextures
  /** Whether the renderer draws into textures (WebGL, WebGPU); the canvas fallback draws seats live. */
  canPicture: boolean
}

export interface BuiltSeats {
  scene: SeatsScene
  index: HitIndex
  contentBounds: Bounds
}

/** Builds the seats scene (and the section's outline, when given) into `drawing.world`. */
export function buildSeats(seats: readonly MapSeat[], size: SeatSize, sectionOutline: number[] | undefined, drawing: SeatsDrawing): BuiltSeats {
  const list = [...seats]
  const seatArrays = new SeatArrays(list, size)
  const bounds = [seatArrays.bounds()]
  if (sectionOutline && sectionOutline.length >= 6) {
    const g = new Graphics({ eventMode: 'none' })
    const ob = boundsOf(sectionOutline)
    const extent = Math.max(ob.maxX - ob.minX, ob.maxY - ob.minY)
    g.poly(sectionOutline, true).fill({ color: 0xffffff, alpha: 0.04 }).stroke({ width: Math.max(extent * 0.003, size.width * 0.08), color: 0x8a93a3, alpha: 0.8 })
    drawing.world.addChild(g)
    bounds.push(ob)
  }
  const index = HitIndex.fromSeats(list, size)
  const layer = new SeatLayer(drawing.renderer, seatArrays, drawing.textures, (box) => index.inBox(box), drawing.canPicture)
  drawing.world.addChild(layer.root)
  return { scene: { kind: 'seats', seats: list, size, seatArrays, layer, rowStarts: rowStartsOf(list) }, index, contentBounds: unionBounds(bounds) }
}

/**
 * Seats change state (offered, kept, sold meanwhile): the seat arrays learn it, the index only whether each seat may still be tapped, and the
 * layer draws the seats again. Whether anything changed.
 */
export function setSeatStates(scene: SeatsScene, changes: readonly { index: number; state: SeatState }[], index: Pick<HitIndex, 'setSelectable'>): boolean {
  let changed = false
  for (const { index: i, state } of changes) {
    if (!scene.seatArrays.setState(i, state)) continue
    index.setSelectable(i, scene.seatArrays.selectable(i))
    changed = true
  }
  if (changed) scene.layer.invalidate()
  return changed
}
