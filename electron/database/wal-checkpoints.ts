import type Database from 'better-sqlite3'

/** How often the database is looked at: a checkpoint runs at a look that finds no commit since the last. */
export const CHECKPOINT_EVERY_MS = 2_000

/**
 * Copies the write-ahead log back into the database file while nothing is being written (issue #35).
 * SQLite's own checkpoint runs inside the commit that takes the log past 1,000 pages: a step of about one
 * sale in twenty (a sale writes some 50), which then writes those pages all over the file and waits for
 * the disk twice, 7 to 250 ms measured on a 100,000-sale journal, with a customer at the screen. Here the timer
 * runs it instead, at a look that finds the database quiet since the last one (between customers, or
 * while one is at the card terminal), so the log seldom gets that far. SQLite's own stays as it was,
 * the backstop for a counter never quiet for two looks on end: the log never grows past it.
 *
 * PASSIVE: copies what no reader still needs and never waits for a writer; the one connection here has
 * none of either between its statements. On main's thread: the pause is taken between steps, not inside one.
 */
export class WalCheckpoints {
  #timer: ReturnType<typeof setInterval> | null = null
  /** The connection's count of changed rows at the last look: unchanged at the next, nothing was written since. */
  #changesSeen = -1
  /** The log held pages the last checkpoint had not copied. */
  #pending = false
  readonly #changes: Database.Statement<[], number>

  constructor(private readonly db: Database.Database) {
    this.#changes = db.prepare('SELECT total_changes()').pluck() as Database.Statement<[], number>
  }

  start(): void {
    this.#timer ??= setInterval(() => this.look(), CHECKPOINT_EVERY_MS)
    // Never keeps Foyer from quitting.
    this.#timer.unref?.()
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }

  /** One look (the timer's): answers whether it checkpointed. */
  look(): boolean {
    if (!this.db.open || this.db.memory || this.db.inTransaction) return false
    const changes = this.#changes.get()!
    const quiet = changes === this.#changesSeen
    this.#changesSeen = changes
    if (!quiet) {
      this.#pending = true
      return false
    }
    if (!this.#pending) return false
    try {
      this.db.pragma('wal_checkpoint(PASSIVE)')
    } catch {
      // The log stays as it was, whole: the next quiet look tries again, and SQLite's own checkpoint is still there.
      return false
    }
    this.#pending = false
    return true
  }
}
