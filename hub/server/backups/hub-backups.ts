import type { HubDatabase } from '../../storage/database'
import { lastGoodBackup } from '../../storage/backup-table'
import type { AlertWebhook } from '../devices/alert-webhook'
import type { LiveUpdates } from '../live/live-updates'
import { BACKUP_TICK_MS, BackupScheduler, type ScheduledBackups } from './backup-scheduler'
import type { BackupSchedule } from './backup-settings'
import { BackupWatch } from './backup-watch'

export interface HubBackupOptions {
  db: HubDatabase
  live: LiveUpdates
  now: () => number
  webhook?: AlertWebhook
  schedule: BackupSchedule | null
  dataDir: string
  databaseUrl?: string
  log?: ScheduledBackups['log']
  tickMs?: number
}

/** One hub's backups: the daily one (when scheduled), the watch over the record, and the last good one's time for /metrics. */
export class HubBackups {
  readonly watch: BackupWatch
  readonly scheduler: BackupScheduler

  constructor(private readonly options: HubBackupOptions) {
    const scheduledSince = options.schedule ? options.now() : undefined
    this.watch = new BackupWatch(options.db, options.live, options.now, { scheduledSince, webhook: options.webhook })
    this.scheduler = new BackupScheduler({ ...options, watch: this.watch })
  }

  /** When the last good backup was made (whoever made it), for the gauge foyer_hub_last_backup_age_seconds. */
  readonly lastGoodAt = async (): Promise<Date | null> => (await lastGoodBackup(this.options.db))?.finished_at ?? null

  start(): void {
    this.scheduler.start(this.options.tickMs ?? BACKUP_TICK_MS)
  }

  stop(): Promise<void> {
    return this.scheduler.stop()
  }
}
