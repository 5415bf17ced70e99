import { z } from 'zod'
import type { Queryable } from './database'
import { BigId, queryRows, Timestamp } from './rows'

/** Every backup attempt on record (migration 13, hub_backups), read back parsed as every row is. */

export type BackupTrigger = 'scheduled' | 'command'

/** An error longer than this is cut: a stack of pg_dump's words is not what the manager needs to read. */
const ERROR_MAX = 1_000

const AttemptId = z.object({ id: BigId })

export const GoodBackupRow = z.object({ id: BigId, finished_at: Timestamp, file: z.string(), bytes: z.coerce.number().int().nonnegative() })
export type GoodBackupRow = z.infer<typeof GoodBackupRow>

export const FailedBackupRow = z.object({ id: BigId, finished_at: Timestamp, file: z.string(), error: z.string() })
export type FailedBackupRow = z.infer<typeof FailedBackupRow>

/**
 * An attempt begun: its row, 'running'. A scheduled one is claimed for its hour: null when another hub
 * process on the database has claimed it already (it takes that backup, this one does not).
 */
export async function beginBackupAttempt(
  db: Queryable,
  attempt: { trigger: BackupTrigger; scheduledFor?: Date; startedAt: Date; file: string },
): Promise<string | null> {
  const rows = await queryRows(
    db,
    AttemptId,
    `INSERT INTO hub_backups (trigger, scheduled_for, started_at, file, outcome) VALUES ($1, $2, $3, $4, 'running')
     ON CONFLICT (scheduled_for) DO NOTHING RETURNING id`,
    [attempt.trigger, attempt.scheduledFor ?? null, attempt.startedAt, attempt.file],
  )
  return rows[0]?.id ?? null
}

/** The attempt's end: good, with the file's size, or failed, with why in words. */
export async function finishBackupAttempt(
  db: Queryable,
  id: string,
  end: { finishedAt: Date } & ({ bytes: number } | { error: string }),
): Promise<void> {
  const ok = 'bytes' in end
  await db.query(`UPDATE hub_backups SET finished_at = $2, outcome = $3, bytes = $4, error = $5 WHERE id = $1`, [
    id,
    end.finishedAt,
    ok ? 'ok' : 'failed',
    ok ? end.bytes : null,
    ok ? null : end.error.slice(0, ERROR_MAX) || 'failed',
  ])
}

/** The newest attempt that ended so, with what that outcome keeps (the file's size, or the error). */
const newest = (outcome: 'ok' | 'failed', kept: 'bytes' | 'error') =>
  `SELECT id, finished_at, file, ${kept} FROM hub_backups WHERE outcome = '${outcome}' ORDER BY finished_at DESC, id DESC LIMIT 1`

/** The newest good backup, or null while there has been none. */
export async function lastGoodBackup(db: Queryable): Promise<GoodBackupRow | null> {
  return (await queryRows(db, GoodBackupRow, newest('ok', 'bytes')))[0] ?? null
}

/** The newest failed attempt, or null. */
export async function lastFailedBackup(db: Queryable): Promise<FailedBackupRow | null> {
  return (await queryRows(db, FailedBackupRow, newest('failed', 'error')))[0] ?? null
}

/** The last good backup and, when it came after that one, the last failure: what the dashboard and the alerts read. */
export async function backupRecord(db: Queryable): Promise<{ lastGood: GoodBackupRow | null; failedSince: FailedBackupRow | null }> {
  const [lastGood, lastFailed] = await Promise.all([lastGoodBackup(db), lastFailedBackup(db)])
  const failedSince = lastFailed && (!lastGood || lastFailed.finished_at > lastGood.finished_at) ? lastFailed : null
  return { lastGood, failedSince }
}
