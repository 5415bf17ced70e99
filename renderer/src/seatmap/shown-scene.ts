import type { Container } from 'pixi.js'
import type { Bounds } from './geometry'
import type { HitIndex } from './hit-index'
import type { MapSeat, MapSection, MapSelection, SeatSize, SeatState } from './model'
import { buildOverview, setSectionAvailability, type BuiltOverview, type OverviewScene } from './overview-scene'
import { SeatLabels } from './seat-labels'
import { destroyWithDrawings } from './scene-destroy'
import { placeSectionLabels, type LabelView, type ShownLabel } from './section-labels'
import { buildSeats, setSeatStates, type BuiltSeats, type SeatsDrawing, type SeatsScene } from './seats-scene'
import { selectionAt } from './selection'

/**
 * The scene the map shows now (the overview's sections, or one section's
 * seats) with its hit index and its seat labels: building it into the
 * containers, clearing it, its states changing in place, and what a venue
 * point chooses in it. Where the view looks and when it is drawn are the
 * view's (seat-map-view.ts).
 */
export class ShownScene {
  scene: OverviewScene | SeatsScene | null = null
  #index: HitIndex | null = null
  /** Hit indexes built: once per scene, never for a state change. */
  #indexBuilds = 0
  readonly #seatLabels: SeatLabels

  constructor(
    private readonly world: Container,
    private readonly labelLayer: Container,
  ) {
    this.#seatLabels = new SeatLabels(labelLayer)
  }

  get indexBuilds(): number {
    return this.#indexBuilds
  }

  /** Sections or seats drawn. */
  get items(): number {
    if (this.scene?.kind === 'overview') return this.scene.sections.length
    return this.scene?.kind === 'seats' ? this.scene.seats.length : 0
  }

  clear(): void {
    if (this.scene?.kind === 'seats') this.scene.layer.destroy()
    for (const child of this.world.removeChildren()) destroyWithDrawings(child)
    for (const child of this.labelLayer.removeChildren()) child.destroy()
    this.#seatLabels.reset()
    this.scene = null
    this.#index = null
  }

  showOverview(sections: readonly MapSection[]): BuiltOverview {
    this.clear()
    const built = buildOverview(sections, this.world, this.labelLayer)
    this.#shown(built)
    return built
  }

  showSeats(seats: readonly MapSeat[], size: SeatSize, sectionOutline: number[] | undefined, drawing: Omit<SeatsDrawing, 'world'>): BuiltSeats {
    this.clear()
    const built = buildSeats(seats, size, sectionOutline, { ...drawing, world: this.world })
    this.#shown(built)
    return built
  }

  #shown(built: BuiltOverview | BuiltSeats): void {
    this.scene = built.scene
    this.#index = built.index
    this.#indexBuilds++
  }

  /** Seats change state in place (never a new index): the seats scene when anything changed, else null. */
  setSeatStates(changes: readonly { index: number; state: SeatState }[]): SeatsScene | null {
    if (this.scene?.kind !== 'seats' || !this.#index || !setSeatStates(this.scene, changes, this.#index)) return null
    return this.scene
  }

  /** Sections' availability changes in place; whether anything changed. */
  setSectionAvailability(changes: readonly { id: number; availability: MapSection['availability'] }[]): boolean {
    if (this.scene?.kind !== 'overview' || !this.#index) return false
    return setSectionAvailability(this.scene, changes, this.#index)
  }

  /**
   * Lays out the labels for the view: the overview's section names, whole or
   * not at all and never cut by the map's edge (returned: what is shown), or
   * the seat numbers and row names in view once a seat is big enough on screen
   * (22 CSS px) to carry them.
   */
  layoutLabels(inView: Bounds, view: LabelView): ShownLabel[] | null {
    const scene = this.scene
    if (scene?.kind === 'overview') return placeSectionLabels(scene, view)
    if (scene?.kind === 'seats') {
      const visible = scene.size.width * view.scale >= 22 && this.#index ? this.#index.inBox(inView) : null
      this.#seatLabels.layout(scene, visible, view.scale)
    }
    return null
  }

  /** What a tap at a venue point chooses, within `radius` venue units. */
  selectionAt(point: { x: number; y: number }, radius: number): MapSelection | null {
    if (!this.scene || !this.#index) return null
    return selectionAt(this.scene, this.#index, point, radius)
  }

  /**
   * Everything drawn is freed now: the pixi application outlives the view
   * (map-surface.ts), so nothing of this scene may wait to go with it.
   */
  destroy(): void {
    this.clear()
  }
}
