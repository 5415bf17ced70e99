import type { Queryable } from './database'
import { AlertRow, parseRows } from './rows'

/** Alerts as stored; they are raised with the state change that causes them (device-state-table.ts, backup-alert-table.ts). */

const SELECT = `
  SELECT a.id, a.subject, a.device_id, d.name AS device_name, a.from_state, a.to_state, a.reasons, a.raised_at, a.acknowledged_by, a.acknowledged_at,
         a.cleared_at
    FROM alerts a LEFT JOIN devices d ON d.id = a.device_id`

/** The newest alerts first (the list is what needs someone now: older ones are history). */
export async function newestAlerts(db: Queryable, limit = 200): Promise<AlertRow[]> {
  const { rows } = await db.query(`${SELECT} ORDER BY a.raised_at DESC, a.id DESC LIMIT $1`, [limit])
  return parseRows(AlertRow, rows)
}

export async function alertById(db: Queryable, alertId: string): Promise<AlertRow | undefined> {
  const { rows } = await db.query(`${SELECT} WHERE a.id = $1`, [alertId])
  return parseRows(AlertRow, rows)[0]
}

/** Acknowledged by a named manager; acknowledging again keeps the first name and time. */
export async function acknowledgeAlert(db: Queryable, alertId: string, by: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE alerts SET acknowledged_by = COALESCE(acknowledged_by, $2), acknowledged_at = COALESCE(acknowledged_at, $3)
      WHERE id = $1 RETURNING id`,
    [alertId, by, now],
  )
  return rows.length === 1
}
