/**
 * The vendor is in Singapore: every date-time the API shows carries the +08:00
 * offset (yyyy-mm-ddThh:mm:ss+08:00), and "today" is the Singapore date.
 */
const SGT_OFFSET_MS = 8 * 3600_000
const DAY_MS = 24 * 3600_000

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** Formats an instant as ISO 8601 with the +08:00 offset, to the second. */
export function isoSgt(ms: number): string {
  const d = new Date(Math.floor(ms / 1000) * 1000 + SGT_OFFSET_MS)
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}+08:00`
  )
}

/** The instant of midnight, Singapore time, of the day containing `ms`. */
export function sgtMidnight(ms: number): number {
  return Math.floor((ms + SGT_OFFSET_MS) / DAY_MS) * DAY_MS - SGT_OFFSET_MS
}

/** Midnight (SGT) `days` after the day starting at `midnight`, plus an "HH:MM" local time. */
export function sgtAt(midnight: number, days: number, time = '00:00'): number {
  const [h, m] = time.split(':').map(Number)
  return midnight + days * DAY_MS + ((h ?? 0) * 60 + (m ?? 0)) * 60_000
}

/** Parses the API's YYYYMMDD date into that day's midnight (SGT), or null when malformed. */
export function parseYyyymmdd(text: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const utc = Date.UTC(year, month - 1, day)
  const check = new Date(utc)
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null
  return utc - SGT_OFFSET_MS
}

export { DAY_MS }
