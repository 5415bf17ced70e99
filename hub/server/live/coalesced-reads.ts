/**
 * A read many changes ask for, done once for all that asked while the one before was running: at a
 * venue group's rate (dozens of heartbeats and uploads a second) one read per change would cost the
 * database more than the changes themselves, and on PGlite one thread runs every query in turn.
 * Nothing asked for is dropped: whatever comes in during a read is read by the next one, so the last
 * change is always shown, at most one read (and `minGapMs`) late.
 */
export class CoalescedReads<K> {
  private readonly pending = new Set<K>()
  private running: Promise<void> | undefined
  private lastStarted = -Infinity

  /**
   * @param read reads what the keys asked for (a failed read is left to the next change to mend).
   * @param minGapMs the least time from one read's start to the next: for a costly read, a bound on how often.
   */
  constructor(
    private readonly read: (keys: K[]) => Promise<void>,
    private readonly minGapMs = 0,
  ) {}

  ask(key: K): void {
    this.pending.add(key)
    this.running ??= this.drain()
  }

  /** Resolves when nothing is being read or waiting to be. */
  async settled(): Promise<void> {
    while (this.running) await this.running
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.size > 0) {
        const wait = this.lastStarted + this.minGapMs - performance.now()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref())
        const keys = [...this.pending]
        this.pending.clear()
        this.lastStarted = performance.now()
        await this.read(keys).catch(() => undefined)
      }
    } finally {
      this.running = undefined
    }
  }
}
