import type { HoldStatus } from '../contract/holds'

/**
 * The hold's countdown for the renderer: told at once whenever the holds
 * change, and every second while anything is held (secondsLeft ticks down
 * with nothing else happening). Stops by itself when nothing is held.
 */
export class HoldCountdown {
  #ticker: ReturnType<typeof setInterval> | null = null

  constructor(
    private readonly status: () => HoldStatus,
    private readonly onChange: ((status: HoldStatus) => void) | undefined,
  ) {}

  /** The holds changed: tells the renderer now, and starts or stops the ticking. */
  changed(): void {
    const status = this.status()
    this.onChange?.(status)
    if (status.count > 0 && !this.#ticker && this.onChange) {
      this.#ticker = setInterval(() => {
        const now = this.status()
        this.onChange?.(now)
        if (now.count === 0) this.stop()
      }, 1000)
      this.#ticker.unref?.()
    } else if (status.count === 0) this.stop()
  }

  stop(): void {
    if (this.#ticker) clearInterval(this.#ticker)
    this.#ticker = null
  }
}
