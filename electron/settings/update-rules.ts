/**
 * The rules for where Foyer looks for updates and how often, shared by the
 * staff setting (settings-schema.ts) and the environment override
 * (services/update-feed.ts), so the two can never disagree about what a
 * feed address may be.
 */

/** How often an installed kiosk looks for an update, in minutes: every 4 hours unless staff choose otherwise. */
export const DEFAULT_CHECK_MINUTES = 240
/** Not more often than every 5 minutes (the feed is a shared server), not less than once a day. */
export const MIN_CHECK_MINUTES = 5
export const MAX_CHECK_MINUTES = 1440

export function isCheckMinutes(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= MIN_CHECK_MINUTES && minutes <= MAX_CHECK_MINUTES
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * A feed address Foyer may download an installer from, normalised; null when
 * it may not. https only, because whatever comes from the feed is installed
 * and run; plain http only on this machine (a local feed for testing an
 * installer). No user:password@ part: the address is kept in settings.json and
 * written to the log, neither of which may hold a secret.
 */
export function updateFeedUrl(text: string): string | null {
  if (!URL.canParse(text)) return null
  const url = new URL(text)
  if (url.username || url.password) return null
  if (url.protocol === 'https:' && url.hostname !== '') return url.href
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url.href
  return null
}
