import { z } from 'zod'
import type { Queryable } from './database'
import { BigId, queryRows } from './rows'

/**
 * The hub's own alerts about its backups (migration 13): `subject` 'backup', `from_state` 'ok',
 * `to_state` the problem. At most one of each problem is open (not cleared) at a time, whichever hub
 * process raises it; the next good backup clears them all.
 */
export type BackupProblem = 'failed' | 'overdue'

const Id = z.object({ id: BigId })

/** Raises the problem unless it is open already; answers the new alert's id, or null when it was open. */
export async function raiseBackupAlert(db: Queryable, problem: BackupProblem, facts: Record<string, unknown>, now: Date): Promise<string | null> {
  const rows = await queryRows(
    db,
    Id,
    `INSERT INTO alerts (subject, device_id, from_state, to_state, reasons, raised_at) VALUES ('backup', NULL, 'ok', $1, ($2::text)::jsonb, $3)
     ON CONFLICT (to_state) WHERE subject = 'backup' AND cleared_at IS NULL DO NOTHING RETURNING id`,
    [problem, JSON.stringify(facts), now],
  )
  return rows[0]?.id ?? null
}

/** Clears every open backup alert (a good backup was made); answers their ids. */
export async function clearBackupAlerts(db: Queryable, now: Date): Promise<string[]> {
  const rows = await queryRows(db, Id, `UPDATE alerts SET cleared_at = $1 WHERE subject = 'backup' AND cleared_at IS NULL RETURNING id`, [now])
  return rows.map((row) => row.id)
}

/** The backup problems open now. */
export async function openBackupProblems(db: Queryable): Promise<Set<BackupProblem>> {
  const rows = await queryRows(db, z.object({ to_state: z.enum(['failed', 'overdue']) }), `SELECT to_state FROM alerts WHERE subject = 'backup' AND cleared_at IS NULL`)
  return new Set(rows.map((row) => row.to_state))
}
