import type { HubDatabase } from '../../storage/database'
import { clearBackupAlerts, openBackupProblems, raiseBackupAlert, type BackupProblem } from '../../storage/backup-alert-table'
import { backupRecord } from '../../storage/backup-table'
import type { AlertWebhook } from '../devices/alert-webhook'
import { dashboardAlertById } from '../devices/device-views'
import type { LiveUpdates } from '../live/live-updates'

/** A day and a bit: a nightly backup one night late, or a night missed, is told by the next morning. */
export const BACKUP_OVERDUE_MS = 26 * 3_600_000

/**
 * Watches the hub's backups on record for the manager: an alert when the last one failed or the last
 * good one is older than 26 hours, both cleared by the next good one; each raised or cleared alert goes
 * to every dashboard and the webhook, as a device's do. Read from the record, so a backup taken by
 * another process (the command line, a second hub on the database) counts the same.
 *
 * Overdue is watched while this hub takes backups by itself (from when it started to), or once a good
 * backup is on record: a hub no one has set up backups for is not nagged about them.
 */
export class BackupWatch {
  private reviewing: Promise<void> | undefined

  constructor(
    private readonly db: HubDatabase,
    private readonly live: LiveUpdates,
    private readonly now: () => number,
    private readonly options: { scheduledSince?: number; webhook?: AlertWebhook },
  ) {}

  /** Looks at the record now (one review at a time: a second waits for the first, then looks again). */
  review(): Promise<void> {
    const run = (this.reviewing ?? Promise.resolve()).catch(() => undefined).then(() => this.look())
    this.reviewing = run
    return run
  }

  private async look(): Promise<void> {
    const at = this.now()
    const { lastGood, failedSince } = await backupRecord(this.db)
    const since = lastGood?.finished_at.getTime() ?? this.options.scheduledSince
    const problems = new Map<BackupProblem, Record<string, unknown>>()
    const lastGoodAt = lastGood?.finished_at.toISOString() ?? null
    if (failedSince) problems.set('failed', { lastGoodAt, file: failedSince.file, error: failedSince.error })
    if (since !== undefined && at - since > BACKUP_OVERDUE_MS) problems.set('overdue', { lastGoodAt })
    const open = await openBackupProblems(this.db)
    const changed: string[] = []
    // Each problem can only end by a good backup, and a good backup ends both: cleared together.
    if (problems.size === 0 && open.size > 0) changed.push(...(await clearBackupAlerts(this.db, new Date(at))))
    for (const [problem, facts] of problems) {
      if (open.has(problem)) continue
      const id = await raiseBackupAlert(this.db, problem, facts, new Date(at))
      if (id !== null) changed.push(id)
    }
    await this.tell(changed)
  }

  private async tell(alertIds: string[]): Promise<void> {
    if (alertIds.length === 0) return
    const [first, ...rest] = alertIds.map((id) => ({ type: 'alert' as const, id }))
    await this.live.changed(first!, ...rest)
    if (!this.options.webhook) return
    for (const id of alertIds) {
      const alert = await dashboardAlertById(this.db, id)
      if (alert) this.options.webhook(alert)
    }
  }
}
