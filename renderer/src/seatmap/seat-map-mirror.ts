import type { StageMarker } from './stage'
import type { ShownLabel } from './section-labels'
import type { SeatState } from './model'

/**
 * What the seat map did, mirrored on its host element as `data-*` attributes
 * for tests and diagnostics (E2E reads them; nothing in the app does):
 *
 * - `data-renders`: frames drawn, and `data-renderer`: by which renderer;
 * - `data-seatmap-ready`: the first frame ran;
 * - `data-stage`: the overview's stage or pitch;
 * - `data-labels`: the section names shown, written once the view is still,
 *   not at every frame of a move;
 * - `data-seat-states`: how many seats are drawn in each state (what the
 *   customer sees offered is what the map drew).
 */
export class SeatMapMirror {
  #renders = 0
  #ready = false
  /** Section names laid out since they were last written on the element. */
  #labels: ShownLabel[] | null = null

  constructor(private readonly host: HTMLElement) {}

  /** Frames drawn so far. */
  get renders(): number {
    return this.#renders
  }

  drew(): void {
    this.#renders++
    this.host.dataset.renders = String(this.#renders)
  }

  /** After every frame: the first marks the map ready. */
  framed(renderer: string): void {
    if (this.#ready) return
    this.#ready = true
    this.host.dataset.renderer = renderer
    this.host.dataset.seatmapReady = '1'
  }

  labelsLaidOut(shown: ShownLabel[]): void {
    this.#labels = shown
  }

  /** The view came to rest: the section names last laid out are written. */
  still(): void {
    if (this.#labels === null) return
    this.host.dataset.labels = JSON.stringify(this.#labels)
    this.#labels = null
  }

  overviewShown(stage: StageMarker | null): void {
    if (stage) this.host.dataset.stage = stage.kind
    else delete this.host.dataset.stage
    delete this.host.dataset.seatStates
  }

  seatsShown(counts: Partial<Record<SeatState, number>>): void {
    this.#labels = null
    delete this.host.dataset.labels
    delete this.host.dataset.stage
    this.seatStates(counts)
  }

  seatStates(counts: Partial<Record<SeatState, number>>): void {
    this.host.dataset.seatStates = JSON.stringify(counts)
  }

  destroyed(): void {
    delete this.host.dataset.seatmapReady
  }
}
