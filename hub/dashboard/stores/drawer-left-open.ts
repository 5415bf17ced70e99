import type { DashboardDevice } from '../../protocol/dashboard'

/**
 * How long the drawer has been left open when the tile pushed now is the first to say so; null otherwise.
 * Said once in the live region, not at every heartbeat as the minutes go on.
 */
export function drawerNowLeftOpen(before: DashboardDevice | undefined, now: DashboardDevice): number | null {
  const minutes = now.drawer?.leftOpenMinutes ?? null
  return minutes !== null && (before?.drawer?.leftOpenMinutes ?? null) === null ? minutes : null
}
