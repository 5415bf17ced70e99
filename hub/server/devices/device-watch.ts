import { HEARTBEAT_INTERVAL_MS, MISSED_HEARTBEATS_OFFLINE } from '../../protocol'
import type { HubDatabase } from '../../storage/database'
import { devicesGoneQuiet, settleDeviceState } from '../../storage/device-state-table'
import type { DeviceStateRow } from '../../storage/rows'
import type { AlertWebhook } from './alert-webhook'
import { dashboardAlertById } from './device-views'
import { deviceHealth } from './device-state'
import type { LiveUpdates } from '../live/live-updates'

/** How often each hub process looks for devices that went quiet: well inside a heartbeat. */
export const SWEEP_INTERVAL_MS = 5_000

/**
 * Watches each device's state for the manager: after anything a device or a manager does to it
 * (heartbeat, upload, revoke) its state is reckoned again and, when it changed, stored with an
 * alert; and since an offline device sends nothing, a timer sweeps for devices gone quiet.
 */
export class DeviceWatch {
  private timer: NodeJS.Timeout | undefined
  private sweeping: Promise<void> | undefined

  constructor(
    private readonly db: HubDatabase,
    private readonly live: LiveUpdates,
    private readonly now: () => number,
    private readonly webhook?: AlertWebhook,
  ) {}

  /**
   * The device changed: its tile to every dashboard, and an alert when its state changed.
   * @param seen its row as just written, when the caller has it (a heartbeat): not read again.
   */
  async changed(deviceId: string, seen?: DeviceStateRow): Promise<void> {
    const at = this.now()
    const reckon = (row: Parameters<typeof deviceHealth>[0]) => deviceHealth(row, at)
    const change = await settleDeviceState(this.db, deviceId, reckon, new Date(at), seen)
    if (!change) return this.live.changed({ type: 'device', id: deviceId })
    await this.live.changed({ type: 'device', id: deviceId }, { type: 'alert', id: change.alertId })
    if (this.webhook) {
      const alert = await dashboardAlertById(this.db, change.alertId)
      if (alert) this.webhook(alert)
    }
  }

  /** Devices shown as answering whose third heartbeat is overdue: offline, with an alert each. */
  async sweep(): Promise<void> {
    const cutoff = new Date(this.now() - HEARTBEAT_INTERVAL_MS * MISSED_HEARTBEATS_OFFLINE)
    for (const deviceId of await devicesGoneQuiet(this.db, cutoff)) await this.changed(deviceId)
  }

  start(intervalMs = SWEEP_INTERVAL_MS): void {
    this.timer = setInterval(() => {
      // One sweep at a time; a database gone for a moment is swept again at the next tick.
      this.sweeping ??= this.sweep()
        .catch(() => undefined)
        .finally(() => (this.sweeping = undefined))
    }, intervalMs)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.sweeping
  }
}
