import { Ticker } from 'pixi.js'

/**
 * Render on demand. A lobby kiosk shows its map idle for most of the day, so
 * nothing may run while nothing changes: no requestAnimationFrame callback,
 * no ticker. Whatever changes the picture (input, a state change, a resize,
 * an animation step) calls `request()`, which schedules at most one frame;
 * the frame draws once and asks for another only while something still moves
 * (the draw function says so).
 */
export interface FrameClock {
  request(callback: (now: number) => void): number
  cancel(id: number): void
}

export const animationFrames: FrameClock = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (id) => cancelAnimationFrame(id),
}

/** Longest step handed to animations: after a stall they jump, they do not race. */
const MAX_STEP_MS = 100

export class FrameScheduler {
  #id: number | null = null
  #last: number | null = null
  #stopped = false
  #frames = 0

  /**
   * @param draw draws one frame, given the time since the previous one of an
   *   uninterrupted run (a first frame counts as one 60 Hz frame); returns
   *   true while something still moves and needs the next frame.
   */
  constructor(
    private readonly draw: (elapsedMs: number, now: number) => boolean,
    private readonly clock: FrameClock = animationFrames,
  ) {}

  /** Frames drawn so far. */
  get frames(): number {
    return this.#frames
  }

  request(): void {
    if (this.#stopped || this.#id !== null) return
    this.#id = this.clock.request(this.#frame)
  }

  /** For good: nothing is drawn after this. */
  stop(): void {
    this.#stopped = true
    if (this.#id !== null) this.clock.cancel(this.#id)
    this.#id = null
  }

  readonly #frame = (now: number): void => {
    this.#id = null
    if (this.#stopped) return
    const elapsed = this.#last === null ? 1000 / 60 : Math.min(Math.max(now - this.#last, 1), MAX_STEP_MS)
    this.#frames++
    const moving = this.draw(elapsed, now)
    this.#last = moving ? now : null
    if (moving) this.request()
  }
}

/**
 * pixi's shared system ticker (Ticker.system) starts itself as soon as anyone
 * listens, and pixi always does: the event system's pointer-over check and the
 * renderer's scheduler (texture garbage collection) listen from the start. It
 * would then run a requestAnimationFrame callback 60 times a second for as long
 * as the page is open. Stop it and keep it from starting again; the view calls
 * `tickSystem` in its own frames, so those tasks still run whenever it draws.
 */
export function quietSystemTicker(): void {
  const system = Ticker.system
  system.autoStart = false
  system.stop()
}

export function tickSystem(now: number): void {
  Ticker.system.update(now)
}
