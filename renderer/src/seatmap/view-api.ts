import type { MapSection, MapSeat, MapSelection, SeatSize, SeatState } from './model'

/**
 * The seat map's drawing surface, as the Vue component and the harness use it.
 * Implemented with pixi.js v8 + pixi-viewport (seat-map-view.ts). It renders on
 * demand only: nothing is drawn while nothing changes.
 */
export interface SeatMapViewOptions {
  /** 'webgl' normally; 'canvas' forces pixi's canvas renderer (the fallback when WebGL is missing). */
  preference?: 'webgl' | 'canvas'
  /** Hit radius of a finger, in CSS pixels (default 22). */
  fingerRadius?: number
  background?: number
  /** How long after the last wheel notch the wheel counts as resting and the map is drawn (default 120 ms; zoom-preview.ts). */
  wheelRestMs?: number
}

export interface SeatMapStats {
  /** Frames rendered since the view started. */
  renders: number
  /** 'webgl' or 'canvas': which renderer pixi picked. */
  renderer: string
  /** Items drawn (sections or seats). */
  items: number
  /** Hit indexes built since the view started: one per scene shown, none for state changes. */
  indexBuilds: number
  /** How the seats are drawn now: one cached picture (zoomed out) or the seats themselves (zoomed in); null without seats. */
  seatDetail: 'picture' | 'seats' | null
  /** Times the seats were drawn afresh (into the picture or live), for this scene: not once per frame. */
  seatPasses: number
}

export interface SeatMapView {
  /** Draws the overview: every section as a polygon, coloured by price category. */
  showOverview(sections: readonly MapSection[]): void
  /** Draws seats (a section in detail); `outline` optionally draws the section's outline behind them. */
  showSeats(seats: readonly MapSeat[], size: SeatSize, sectionOutline?: number[]): void
  /** Changes the state of seats by index into the last showSeats list, without rebuilding the scene. */
  setSeatStates(changes: readonly { index: number; state: SeatState }[]): void
  /** Changes sections' availability (dimming sold out) without rebuilding. */
  setSectionAvailability(changes: readonly { id: number; availability: MapSection['availability'] }[]): void
  /** Animates (or jumps) so the section fills the view. */
  zoomToSection(id: number): void
  /** Fits everything in view. */
  fit(): void
  /** The item at a point given in CSS pixels relative to the view: exact hit first, else the nearest within a finger's radius. */
  hitTest(screenX: number, screenY: number): MapSelection | null
  onSelect(listener: (selection: MapSelection) => void): () => void
  stats(): SeatMapStats
  resize(width: number, height: number): void
  destroy(): void
}
