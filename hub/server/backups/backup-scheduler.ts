import { join } from 'node:path'
import { recordedBackup } from '../../backup/recorded-backup'
import type { HubDatabase } from '../../storage/database'
import type { BackupSchedule } from './backup-settings'
import { keepNewest, nextBackupAt, scheduledBackupName } from './backup-times'
import type { BackupWatch } from './backup-watch'
import { PeriodicSweep } from '../periodic-sweep'

/** How often the hub looks at its clock for the backup hour and at the record for an old backup. */
export const BACKUP_TICK_MS = 60_000

export interface ScheduledBackups {
  db: HubDatabase
  schedule: BackupSchedule | null
  watch: BackupWatch
  dataDir: string
  databaseUrl?: string
  now: () => number
  /** What the hub logs (its pino logger); nothing without it. */
  log?: { info(facts: object, message: string): void; error(facts: object, message: string): void }
}

/**
 * The hub's own daily backup, at the set hour into the set folder, keeping the newest N; and, at every
 * tick, the watch's look at the record. Driven by `tick()`, which reads the injected clock: the timer
 * only calls it every minute, and the tests call it with the clock moved, never waiting.
 *
 * A backup due while the hub was stopped is not taken late at start: the next is the next hour's; the
 * overdue alert (26 hours) says when a night was missed. The folder is not made: a backup disk not
 * mounted must fail (and raise its alert), not fill the disk under the mount point.
 */
export class BackupScheduler {
  private due: Date | null
  /** One tick at a time, on a timer that never keeps the hub from stopping (../periodic-sweep.ts). */
  private readonly ticks = new PeriodicSweep(() => this.step(), undefined)

  constructor(private readonly options: ScheduledBackups) {
    this.due = options.schedule ? nextBackupAt(options.now(), options.schedule.hour) : null
  }

  /** When the next scheduled backup is due (null: none scheduled). */
  get nextDue(): Date | null {
    return this.due
  }

  /** Takes the backup when its hour has come, then lets the watch look; one tick at a time. */
  tick(): Promise<void> {
    return this.ticks.sweep()
  }

  private async step(): Promise<void> {
    const { schedule, now } = this.options
    const at = now()
    if (schedule && this.due && at >= this.due.getTime()) {
      const scheduledFor = this.due
      this.due = nextBackupAt(at, schedule.hour)
      await this.take(schedule, scheduledFor)
    }
    await this.options.watch.review()
  }

  private async take(schedule: BackupSchedule, scheduledFor: Date): Promise<void> {
    const { db, log } = this.options
    const to = join(schedule.folder, scheduledBackupName(scheduledFor))
    try {
      const made = await recordedBackup({ db, databaseUrl: this.options.databaseUrl, dataDir: this.options.dataDir, to, now: this.options.now, trigger: 'scheduled', scheduledFor })
      if (!made) return
      const removed = await keepNewest(schedule.folder, schedule.keep)
      log?.info({ file: to, bytes: made.bytes, removed }, 'scheduled backup made')
    } catch (error) {
      // On record already (recordedBackup): the watch raises the alert at this tick.
      log?.error({ file: to, error: error instanceof Error ? error.message : String(error) }, 'scheduled backup failed')
    }
  }

  start(intervalMs = BACKUP_TICK_MS): void {
    this.ticks.start(intervalMs, { runNow: true })
  }

  stop(): Promise<void> {
    return this.ticks.stop()
  }
}
