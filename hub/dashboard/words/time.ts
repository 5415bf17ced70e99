/**
 * A time as the manager's language writes it: the time of day alone when it is today (the grid is read
 * in the evening: "since 19:42"), with the date otherwise. Today is the browser's, as are the hours.
 */
export function timeWords(iso: string, locale: string, now: Date = new Date()): string {
  const at = new Date(iso)
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate()
  const format = sameDay ? new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }) : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  return format.format(at)
}
