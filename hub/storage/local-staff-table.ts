import { z } from 'zod'
import type { HubDatabase, Queryable } from './database'
import { parseRows } from './rows'

/**
 * A device's own accounts (made on it before it joined the hub), as it reports them at each pull, and
 * the manager's decision about each: merged into a hub account (that person now signs in with the
 * hub's) or dropped. Until decided, the device keeps signing them in.
 */
const LocalStaffRow = z.object({
  device_id: z.string(),
  device_name: z.string(),
  local_staff_id: z.string(),
  name: z.string(),
  role: z.string(),
  decision: z.enum(['merged', 'dropped']).nullable(),
  merged_into: z.string().nullable(),
})
export type LocalStaffRow = z.infer<typeof LocalStaffRow>

/** Keeps what the device says it has (a name or role changed on the device shows as it is now). */
export async function recordLocalStaff(
  db: Queryable,
  deviceId: string,
  accounts: readonly { staffId: string; name: string; role: string }[],
  now: Date,
): Promise<void> {
  for (const account of accounts) {
    await db.query(
      `INSERT INTO device_local_staff (device_id, local_staff_id, name, role, reported_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (device_id, local_staff_id) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, reported_at = EXCLUDED.reported_at`,
      [deviceId, account.staffId, account.name, account.role, now],
    )
  }
}

/** Every device's local accounts, for the dashboard (revoked devices' too: their decisions still stand). */
export async function allLocalStaff(db: Queryable): Promise<LocalStaffRow[]> {
  const { rows } = await db.query(
    `SELECT l.device_id, d.name AS device_name, l.local_staff_id, l.name, l.role, l.decision, l.merged_into
     FROM device_local_staff l JOIN devices d ON d.id = l.device_id ORDER BY d.name, lower(l.name)`,
  )
  return parseRows(LocalStaffRow, rows)
}

/** The device's local accounts the manager has decided about: they no longer sign in there. */
export async function settledLocalStaff(db: Queryable, deviceId: string): Promise<string[]> {
  const { rows } = await db.query('SELECT local_staff_id FROM device_local_staff WHERE device_id = $1 AND decision IS NOT NULL', [deviceId])
  return (rows as { local_staff_id: string }[]).map((row) => row.local_staff_id)
}

/** Merge into a hub account, or drop; the devices learn of it by the staff version, as of any change. */
export async function decideLocalStaff(
  db: HubDatabase,
  decision: { deviceId: string; localStaffId: string; decision: 'merged' | 'dropped'; mergedInto: string | null; by: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(
      'UPDATE device_local_staff SET decision = $3, merged_into = $4, decided_by = $5, decided_at = $6 WHERE device_id = $1 AND local_staff_id = $2 RETURNING 1',
      [decision.deviceId, decision.localStaffId, decision.decision, decision.mergedInto, decision.by, decision.now],
    )
    if (rows.length === 0) return false
    await tx.query('UPDATE staff_version SET version = version + 1 WHERE id = 1')
    return true
  })
}
