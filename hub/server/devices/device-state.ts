import { HEARTBEAT_INTERVAL_MS, MISSED_HEARTBEATS_OFFLINE, StoredHeartbeat, type Heartbeat } from '../../protocol'

/**
 * What the manager sees of a device, reckoned from its last heartbeat and the hub's clock.
 * `needs-attention`: it answers but cannot sell as it should (the card terminal cannot take cards,
 * or a kiosk has none; or the printer is not ready); `offline`: three heartbeats missed (45 s), or none yet.
 */
export type DeviceState = 'online' | 'needs-attention' | 'offline' | 'revoked'

export type AttentionReason =
  | { what: 'terminal'; state: Heartbeat['terminal']['state']; since: string }
  | { what: 'printer'; state: 'paper-low' | 'cannot-print'; problems: string[] }

export interface DeviceHealth {
  state: DeviceState
  reasons: AttentionReason[]
  lastHeartbeatAt: Date | null
}

const OFFLINE_AFTER_MS = HEARTBEAT_INTERVAL_MS * MISSED_HEARTBEATS_OFFLINE

function attentionReasons(heartbeat: StoredHeartbeat): AttentionReason[] {
  const reasons: AttentionReason[] = []
  const { terminal, printer } = heartbeat
  // A counter set up without a card terminal takes cash, as staff chose: it sells as it should. A kiosk without one sells nothing.
  const cashOnlyCounter = heartbeat.mode === 'counter' && terminal.state === 'not-set-up'
  if (terminal.state !== 'ready' && terminal.state !== 'busy' && !cashOnlyCounter) reasons.push({ what: 'terminal', state: terminal.state, since: terminal.since })
  if (printer.state !== 'ready') reasons.push({ what: 'printer', state: printer.state, problems: printer.problems })
  return reasons
}

/** @param heartbeat the row's last heartbeat when the caller has parsed it already. */
export function deviceHealth(
  device: { revoked_at: Date | null; last_heartbeat_at: Date | null; last_heartbeat: unknown },
  now: number,
  heartbeat?: StoredHeartbeat,
): DeviceHealth {
  const lastHeartbeatAt = device.last_heartbeat_at
  if (device.revoked_at) return { state: 'revoked', reasons: [], lastHeartbeatAt }
  if (!lastHeartbeatAt || now - lastHeartbeatAt.getTime() > OFFLINE_AFTER_MS) return { state: 'offline', reasons: [], lastHeartbeatAt }
  // Stored only after the same parse; parsed again because it is read back from the database.
  const reasons = attentionReasons(heartbeat ?? StoredHeartbeat.parse(device.last_heartbeat))
  return { state: reasons.length > 0 ? 'needs-attention' : 'online', reasons, lastHeartbeatAt }
}
