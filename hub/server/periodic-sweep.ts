/**
 * A piece of the hub's own upkeep run now and on a timer (patrons past their window, rollouts moving on, the backup hour):
 * one run at a time, a call while one is under way waiting for it and then running again, a tick finding
 * one under way leaving it be, and a failure (a database gone for a moment) tried again at the next tick.
 * The timer never keeps the hub from stopping; stop() waits for the run under way.
 */
export class PeriodicSweep<T> {
  private timer: NodeJS.Timeout | undefined
  private sweeping: Promise<T> | undefined

  constructor(
    private readonly work: () => Promise<T>,
    private readonly unswept: T,
  ) {}

  /** One run now, after any under way; answers what the run did. */
  sweep(): Promise<T> {
    const run = (this.sweeping ?? Promise.resolve(this.unswept)).catch(() => this.unswept).then(() => this.work())
    this.sweeping = run
    void run.catch(() => undefined).finally(() => {
      if (this.sweeping === run) this.sweeping = undefined
    })
    return run
  }

  /** Runs every `intervalMs`, and at once too when `runNow`. */
  start(intervalMs: number, { runNow }: { runNow: boolean }): void {
    const tick = () => {
      if (!this.sweeping) void this.sweep().catch(() => undefined)
    }
    if (runNow) tick()
    this.timer = setInterval(tick, intervalMs)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.sweeping?.catch(() => undefined)
  }
}
