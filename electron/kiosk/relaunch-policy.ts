/**
 * When a renderer crashes or hangs, the kiosk brings itself back, but a page
 * that crashes on every load must not be reloaded in a tight loop for ever.
 * Each recovery waits longer than the one before (1 s, 2 s, 4 s … capped);
 * a quiet spell resets the count; after too many in a row it gives up and
 * says so in the log (staff then see a dead screen and restart the machine,
 * which is better than a machine spinning at full CPU).
 */
export interface RelaunchPolicyOptions {
  firstDelayMs?: number
  maxDelayMs?: number
  /** Recoveries allowed in a row before giving up. */
  maxInARow?: number
  /** A run this long without trouble starts the count afresh. */
  quietResetMs?: number
}

export type RelaunchDecision = { action: 'reload'; delayMs: number; attempt: number } | { action: 'give-up'; attempts: number }

export class RelaunchPolicy {
  readonly #firstDelayMs: number
  readonly #maxDelayMs: number
  readonly #maxInARow: number
  readonly #quietResetMs: number
  #inARow = 0
  #lastAt: number | null = null

  constructor(options: RelaunchPolicyOptions = {}) {
    this.#firstDelayMs = options.firstDelayMs ?? 1_000
    this.#maxDelayMs = options.maxDelayMs ?? 60_000
    this.#maxInARow = options.maxInARow ?? 8
    this.#quietResetMs = options.quietResetMs ?? 10 * 60_000
  }

  /** What to do about a crash or hang that happened at `now` (ms, any monotonic clock). */
  next(now: number): RelaunchDecision {
    if (this.#lastAt !== null && now - this.#lastAt >= this.#quietResetMs) this.#inARow = 0
    this.#lastAt = now
    if (this.#inARow >= this.#maxInARow) return { action: 'give-up', attempts: this.#inARow }
    const delayMs = Math.min(this.#maxDelayMs, this.#firstDelayMs * 2 ** this.#inARow)
    this.#inARow += 1
    return { action: 'reload', delayMs, attempt: this.#inARow }
  }
}
