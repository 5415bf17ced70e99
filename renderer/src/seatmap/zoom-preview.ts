/**
 * A wheel zoom previewed by the compositor. Each notch of a wheel moves the
 * view; drawing the map again at every notch costs a full frame (with
 * software WebGL, most of it on the main thread). While the wheel turns, the
 * picture last drawn is instead scaled and moved with a CSS transform on the
 * canvas, which the compositor applies without a new frame, and the map is
 * drawn for real once the wheel rests. Taps meanwhile are resolved against the
 * view as it now is, which is what the transformed picture shows.
 */

/** How long after the last notch the wheel counts as resting. */
export const WHEEL_REST_MS = 120

export interface ViewTransform {
  x: number
  y: number
  scale: number
}

/**
 * The CSS transform (origin top left) that turns the picture drawn at `drawn`
 * into the one the view shows at `now`: a point p drawn at drawn.scale·p +
 * drawn.xy is shown at now.scale·p + now.xy, that is at k·(drawn position) +
 * (now.xy − k·drawn.xy) with k = now.scale / drawn.scale.
 */
export function previewTransform(drawn: ViewTransform, now: ViewTransform): string {
  const k = now.scale / drawn.scale
  const tx = now.x - k * drawn.x
  const ty = now.y - k * drawn.y
  return `translate(${tx}px, ${ty}px) scale(${k})`
}

/** Whether the wheel turned in the last rest period (WHEEL_REST_MS unless told), and a call when it comes to rest. */
export class WheelActivity {
  /** Pending while the wheel turns: it fires a rest period after the last notch. */
  #timer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly onRest: () => void,
    private readonly restMs: number = WHEEL_REST_MS,
  ) {}

  turned(): void {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.onRest()
    }, this.restMs)
  }

  get turning(): boolean {
    return this.#timer !== null
  }

  stop(): void {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
  }
}

/**
 * The preview on the map's canvas: listens for the wheel's notches (the
 * viewport's own wheel handling moves the view), scales the last picture while
 * it turns, and calls `onRest` when it rests so the map is drawn for real.
 */
export class WheelPreview {
  readonly #wheel: WheelActivity
  readonly #onWheel = () => this.#wheel.turned()
  #previewing = false

  constructor(
    private readonly canvas: HTMLCanvasElement,
    onRest: () => void,
    restMs?: number,
  ) {
    this.#wheel = new WheelActivity(onRest, restMs)
    canvas.addEventListener('wheel', this.#onWheel, { passive: true, capture: true })
  }

  get turning(): boolean {
    return this.#wheel.turning
  }

  /** Shows the picture drawn at `drawn` as the view is `now`. */
  show(drawn: ViewTransform, now: ViewTransform): void {
    this.#previewing = true
    this.canvas.style.transformOrigin = '0 0'
    this.canvas.style.transform = previewTransform(drawn, now)
  }

  /** A real picture was drawn: the canvas is shown as it is. */
  end(): void {
    if (!this.#previewing) return
    this.#previewing = false
    this.canvas.style.transform = ''
  }

  stop(): void {
    this.#wheel.stop()
    this.canvas.removeEventListener('wheel', this.#onWheel, { capture: true })
  }
}
