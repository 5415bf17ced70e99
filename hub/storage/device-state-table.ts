import type { HubDatabase, Queryable } from './database'
import { DEVICE_STATE_COLUMNS, DEVICE_STATE_COLUMNS_OF_D } from './device-table'
import { DashboardDeviceRow, DeviceRow, DeviceStateRow, parseRows, queryRows, StoredStateRow } from './rows'

/**
 * The state the hub last told the manager of each device, and the change that raises an alert.
 * The rules (what state a heartbeat means) are the server's: it passes them in as `reckon`.
 */
export type Reckoned = { state: string; reasons: unknown[] }

export interface StateChange {
  deviceId: string
  from: string
  to: string
  alertId: string
}

const ROW = DEVICE_STATE_COLUMNS

/**
 * Reckons the device's state from its row as it is now, under the row's lock, and when it differs
 * from the state stored, stores it with the time and raises one alert in the same transaction: of
 * two hub processes noticing the same change at once, the second finds it stored already.
 * @param seen the device's row as just written (a heartbeat gives it back): not read again.
 */
export async function settleDeviceState(
  db: HubDatabase,
  deviceId: string,
  reckon: (row: DeviceRow) => Reckoned,
  now: Date,
  seen?: DeviceStateRow,
): Promise<StateChange | null> {
  // Nearly every heartbeat leaves the state as it was: a plain read (or the row the heartbeat's
  // statement gave back) says so, without a transaction and a row lock on every report. A change
  // committed after this read comes with its own report, so none is missed.
  const row = seen ?? (await queryRows(db, DeviceStateRow, `SELECT ${ROW} FROM devices WHERE id = $1`, [deviceId]))[0]
  if (row === undefined || reckon(row).state === row.state) return null
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(`SELECT ${ROW} FROM devices WHERE id = $1 FOR UPDATE`, [deviceId])
    if (rows[0] === undefined) return null
    const row = DeviceRow.parse(rows[0])
    const stored = StoredStateRow.parse(rows[0])
    const { state, reasons } = reckon(row)
    if (state === stored.state) return null
    await tx.query('UPDATE devices SET state = $2, state_since = $3 WHERE id = $1', [deviceId, state, now])
    const alert = await tx.query(
      'INSERT INTO alerts (device_id, from_state, to_state, reasons, raised_at) VALUES ($1, $2, $3, ($4::text)::jsonb, $5) RETURNING id',
      [deviceId, stored.state, state, JSON.stringify(reasons), now],
    )
    return { deviceId, from: stored.state, to: state, alertId: String((alert.rows[0] as { id: unknown }).id) }
  })
}

/** Devices told the manager as answering whose last heartbeat came before `cutoff`: they have gone quiet. */
export async function devicesGoneQuiet(db: Queryable, cutoff: Date): Promise<string[]> {
  const { rows } = await db.query(
    `SELECT id FROM devices WHERE state IN ('online', 'needs-attention') AND (last_heartbeat_at IS NULL OR last_heartbeat_at < $1)`,
    [cutoff],
  )
  return parseRows(DeviceRow.pick({ id: true }), rows).map((row) => row.id)
}

/**
 * Every device's tile as stored (or those of `deviceIds`, found by their key: the live updates read
 * the few that changed), with its sale records between `day.start` and `day.end`.
 */
export async function dashboardDeviceRows(db: Queryable, day: { start: Date; end: Date }, deviceIds?: readonly string[]): Promise<DashboardDeviceRow[]> {
  const which = deviceIds ? 'd.id = ANY($3::uuid[])' : '$3::uuid[] IS NULL'
  const { rows } = await db.query(
    `SELECT ${DEVICE_STATE_COLUMNS_OF_D},
            (SELECT count(*) FROM device_records r
              WHERE r.device_id = d.id AND r.kind = 'sale' AND r.occurred_at >= $1 AND r.occurred_at < $2) AS sales_today,
            (SELECT max(r.occurred_at) FROM device_records r WHERE r.device_id = d.id AND r.kind = 'sale') AS last_sale_record_at
       FROM devices d WHERE ${which} ORDER BY d.name, d.id`,
    [day.start, day.end, deviceIds ?? null],
  )
  return parseRows(DashboardDeviceRow, rows)
}
