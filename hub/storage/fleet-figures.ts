import { z } from 'zod'
import type { Queryable } from './database'
import { queryRows } from './rows'

const StateCountRow = z.object({ state: z.string(), devices: z.coerce.number().int().nonnegative() })
const WaitingRow = z.object({ id: z.string(), uploads_waiting: z.coerce.number().int().nonnegative() })

/** How many devices the hub last told the manager are in each state (the stored `state`, as the dashboard shows it). */
export async function devicesByState(db: Queryable): Promise<Map<string, number>> {
  const rows = await queryRows(db, StateCountRow, 'SELECT state, count(*) AS devices FROM devices GROUP BY state')
  return new Map(rows.map((row) => [row.state, row.devices]))
}

/**
 * Each device in service's journal records not yet answered, as its last heartbeat said: one read
 * of a field of the stored heartbeat, not the heartbeat parsed whole for a thousand devices.
 */
export async function uploadsWaitingByDevice(db: Queryable): Promise<{ id: string; uploadsWaiting: number }[]> {
  const rows = await queryRows(
    db,
    WaitingRow,
    `SELECT id, (last_heartbeat->>'uploadsWaiting')::bigint AS uploads_waiting FROM devices
      WHERE revoked_at IS NULL AND last_heartbeat ? 'uploadsWaiting'`,
  )
  return rows.map((row) => ({ id: row.id, uploadsWaiting: row.uploads_waiting }))
}
