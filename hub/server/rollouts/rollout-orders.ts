import type { MaintenanceWindow, RolloutState, UpdateOrder } from '../../protocol'

/** What a device's heartbeat answer needs of the open rollout of its profile. */
export interface RolloutForDevice {
  state: RolloutState
  version: string
  lastGood: string
  window: MaintenanceWindow
  /** Whether this device is one of the rollout's pilots. */
  pilot: boolean
}

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))

/**
 * Whether `now` falls inside the window, on the hub's local clock (the venue's: the hub runs at the
 * venue). `from` after `to` runs past midnight (22:00–04:00); `to` itself is outside.
 */
export function insideWindow(window: MaintenanceWindow, now: Date): boolean {
  const at = now.getHours() * 60 + now.getMinutes()
  const from = minutes(window.from)
  const to = minutes(window.to)
  return from < to ? at >= from && at < to : at >= from || at < to
}

const NONE: UpdateOrder = { version: null, allowDowngrade: false }

/**
 * The version a device may take now. A new version only inside the window; "back" at once (the window
 * is for trying a new version, back is for leaving a bad one; the device still never restarts mid-sale).
 */
export function orderFor(rollout: RolloutForDevice, now: Date): UpdateOrder | undefined {
  switch (rollout.state) {
    case 'back':
      return { version: rollout.lastGood, allowDowngrade: true }
    case 'held':
      return NONE
    case 'pilot':
      return rollout.pilot && insideWindow(rollout.window, now) ? { version: rollout.version, allowDowngrade: false } : NONE
    case 'rest':
      return insideWindow(rollout.window, now) ? { version: rollout.version, allowDowngrade: false } : NONE
    case 'replaced':
      return undefined
  }
}
