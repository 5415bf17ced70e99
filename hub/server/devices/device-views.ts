import { z } from 'zod'
import { Alert, AttentionReason, DashboardDevice, HEARTBEAT_INTERVAL_MS, MISSED_HEARTBEATS_OFFLINE, StoredHeartbeat, type DeviceState } from '../../protocol'
import type { Queryable } from '../../storage/database'
import { alertById } from '../../storage/alert-table'
import { dashboardDeviceRows } from '../../storage/device-state-table'
import type { AlertRow, DashboardDeviceRow } from '../../storage/rows'
import { tileDrawer } from './device-drawer'
import { deviceHealth } from './device-state'

/** What the dashboard is shown, made from the stored rows and the hub's clock, in the contract's shapes. */

/** The hub's today, in its own time zone: the day `salesToday` counts. */
export function hubDay(now: number): { start: Date; end: Date } {
  const start = new Date(now)
  start.setHours(0, 0, 0, 0)
  const end = new Date(start)
  end.setDate(end.getDate() + 1)
  return { start, end }
}

const iso = (date: Date | null) => date?.toISOString() ?? null
const later = (a: string | null, b: string | null) => (a && b ? (Date.parse(a) >= Date.parse(b) ? a : b) : (a ?? b))

/**
 * Since when the device is in the state shown. The state is reckoned now, so it can be ahead of the
 * one stored until the sweep stores it: a device gone quiet went offline when its third heartbeat was due.
 */
function stateSince(row: DashboardDeviceRow, state: DeviceState): string | null {
  if (row.state === state) return iso(row.state_since)
  if (state === 'offline' && row.last_heartbeat_at) return new Date(row.last_heartbeat_at.getTime() + HEARTBEAT_INTERVAL_MS * MISSED_HEARTBEATS_OFFLINE).toISOString()
  return iso(row.last_heartbeat_at)
}

export function dashboardDevice(row: DashboardDeviceRow, now: number): DashboardDevice {
  const heartbeat = row.last_heartbeat === null ? null : StoredHeartbeat.parse(row.last_heartbeat)
  const health = deviceHealth(row, now, heartbeat ?? undefined)
  const answering = health.state === 'online' || health.state === 'needs-attention'
  return DashboardDevice.parse({
    id: row.id,
    name: row.name,
    place: row.place,
    state: health.state,
    reasons: health.reasons,
    stateSince: stateSince(row, health.state),
    lastHeartbeatAt: iso(row.last_heartbeat_at),
    appVersion: heartbeat?.appVersion ?? null,
    mode: heartbeat?.mode ?? null,
    backend: heartbeat?.backend ?? null,
    lastSaleAt: later(heartbeat?.lastSaleAt ?? null, iso(row.last_sale_record_at)),
    salesToday: row.sales_today,
    uploadsWaiting: heartbeat?.uploadsWaiting ?? null,
    drawer: tileDrawer(heartbeat, row.last_heartbeat_at, answering, now),
    update: heartbeat?.update ?? null,
  })
}

/** Every device's tile, or those of the devices named (none for an id no device has). */
export async function dashboardDevices(db: Queryable, now: number, deviceIds?: readonly string[]): Promise<DashboardDevice[]> {
  return (await dashboardDeviceRows(db, hubDay(now), deviceIds)).map((row) => dashboardDevice(row, now))
}

/** What a backup alert was raised with (backups/backup-watch.ts writes it). */
const BackupFacts = z.object({ lastGoodAt: z.iso.datetime().nullable(), file: z.string().nullable().default(null), error: z.string().nullable().default(null) })

export function dashboardAlert(row: AlertRow): Alert {
  const raised = {
    id: row.id,
    raisedAt: row.raised_at.toISOString(),
    acknowledged: row.acknowledged_by && row.acknowledged_at ? { by: row.acknowledged_by, at: row.acknowledged_at.toISOString() } : null,
  }
  if (row.subject === 'backup') {
    return Alert.parse({ ...raised, subject: 'backup', problem: row.to_state, ...BackupFacts.parse(row.reasons), clearedAt: iso(row.cleared_at) })
  }
  return Alert.parse({
    ...raised,
    subject: 'device',
    deviceId: row.device_id,
    deviceName: row.device_name,
    from: row.from_state,
    to: row.to_state,
    reasons: AttentionReason.array().parse(row.reasons),
  })
}

export async function dashboardAlertById(db: Queryable, alertId: string): Promise<Alert | undefined> {
  const row = await alertById(db, alertId)
  return row && dashboardAlert(row)
}
