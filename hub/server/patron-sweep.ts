import type { HubDatabase } from '../storage/database'
import { forgetPastPatrons } from '../storage/patron-table'
import { PeriodicSweep } from './periodic-sweep'

/**
 * How often each hub process forgets the patrons past their devices' windows. Windows are whole days,
 * so a few minutes late is still the same day; every process sweeps, and any one of them is enough.
 */
export const PATRON_SWEEP_INTERVAL_MS = 10 * 60_000

/** Runs forgetPastPatrons at start and then every interval (periodic-sweep.ts); a sweep answers how many sales were changed. */
export class PatronSweep extends PeriodicSweep<number> {
  constructor(db: HubDatabase, now: () => number) {
    super(() => forgetPastPatrons(db, new Date(now())), 0)
  }

  override start(intervalMs = PATRON_SWEEP_INTERVAL_MS): void {
    super.start(intervalMs, { runNow: true })
  }
}
