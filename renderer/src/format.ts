import { VENUE_TIME_ZONE } from '@contract'
import type { Locale } from './i18n'

/**
 * Dates as the customer reads them: in their language, in the venue's time
 * zone (Singapore), whatever the kiosk's own clock zone is.
 */
const TIME_ZONE = VENUE_TIME_ZONE

export function formatShowDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE }).format(new Date(iso))
}

export function formatShowTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: TIME_ZONE }).format(new Date(iso))
}

/**
 * When an event is on, for its card: one day ("Sat, 22 Nov 2026"), or its
 * first and last day as each language writes a range, short enough for one
 * line of the card ("22 Nov – 5 Dec"; the years are said when they differ);
 * '' when the API gave no dates.
 */
export function formatDateSpan(start: string | null, end: string | null, locale: Locale): string {
  const from = start ? new Date(start) : null
  const to = end ? new Date(end) : null
  const valid = (d: Date | null): d is Date => d !== null && !Number.isNaN(d.getTime())
  if (!valid(from)) return valid(to) ? formatShowDate(end!, locale) : ''
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE })
  if (!valid(to) || day.format(from) === day.format(to)) return formatShowDate(start!, locale)
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: TIME_ZONE }).formatRange(from, to)
}

export function formatDay(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: TIME_ZONE }).format(new Date(iso))
}

/** Whether an event's sale has started (the API lists future events too; the client must not sell them yet). */
export function saleStarted(sellStart: string | null, now = Date.now()): boolean {
  return sellStart === null || Date.parse(sellStart) <= now
}
