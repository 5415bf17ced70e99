import type { HubDatabase } from '../storage/database'
import { forgetPastPatrons } from '../storage/patron-table'

/**
 * How often each hub process forgets the patrons past their devices' windows. Windows are whole days,
 * so a few minutes late is still the same day; every process sweeps, and any one of them is enough.
 */
export const PATRON_SWEEP_INTERVAL_MS = 10 * 60_000

/** Runs forgetPastPatrons at start and then every interval, on a timer that never keeps the hub from stopping. */
export class PatronSweep {
  private timer: NodeJS.Timeout | undefined
  private sweeping: Promise<number> | undefined

  constructor(
    private readonly db: HubDatabase,
    private readonly now: () => number,
  ) {}

  /** Forgets what is past its window now, after any sweep under way; answers how many sales were changed. */
  sweep(): Promise<number> {
    const run = (this.sweeping ?? Promise.resolve(0))
      .catch(() => 0)
      .then(() => forgetPastPatrons(this.db, new Date(this.now())))
    this.sweeping = run
    void run.catch(() => undefined).finally(() => {
      if (this.sweeping === run) this.sweeping = undefined
    })
    return run
  }

  start(intervalMs = PATRON_SWEEP_INTERVAL_MS): void {
    // A tick finding a sweep under way leaves it be; a database gone for a moment is swept again at the next tick.
    const tick = () => {
      if (!this.sweeping) void this.sweep().catch(() => undefined)
    }
    tick()
    this.timer = setInterval(tick, intervalMs)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.sweeping?.catch(() => undefined)
  }
}
