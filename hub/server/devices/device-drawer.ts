import type { DeviceDrawer, StoredHeartbeat } from '../../protocol'

/** A cash drawer open this long is said on the dashboard as left open (issue #34: "a drawer left open for 2 minutes"). */
export const DRAWER_LEFT_OPEN_MS = 2 * 60_000

/**
 * The drawer of a device's last heartbeat, judged by the hub: how long it has been open is the
 * device's `openSince` against the same heartbeat's `sentAt` (one clock, so a device's clock that is
 * off does not count), carried onto the hub's clock from when the hub received that heartbeat, and
 * counted on to `now`. A device that no longer answers (offline, revoked) has no drawer shown: its
 * last word is not the drawer now. Absent from the heartbeat (no drawer set up, an older Foyer): null.
 */
export function tileDrawer(heartbeat: StoredHeartbeat | null, receivedAt: Date | null, answering: boolean, now: number): DeviceDrawer | null {
  const drawer = heartbeat?.drawer
  if (!drawer || !receivedAt || !answering) return null
  if (drawer.state !== 'open' || drawer.openSince === null) return { state: drawer.state, openSince: null, leftOpenMinutes: null }
  // Never opened "after" the heartbeat that says so: a clock that stepped back counts as just opened.
  const openFor = Math.max(0, Date.parse(heartbeat.sentAt) - Date.parse(drawer.openSince))
  const openSince = receivedAt.getTime() - openFor
  const openMs = Math.max(0, now - openSince)
  return { state: 'open', openSince: new Date(openSince).toISOString(), leftOpenMinutes: openMs >= DRAWER_LEFT_OPEN_MS ? Math.floor(openMs / 60_000) : null }
}
