import type { Locale } from './i18n'

/**
 * Dates as the customer reads them: in their language, in the venue's time
 * zone (Singapore), whatever the kiosk's own clock zone is.
 */
const TIME_ZONE = 'Asia/Singapore'

export function formatShowDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE }).format(new Date(iso))
}

export function formatShowTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: TIME_ZONE }).format(new Date(iso))
}

export function formatDay(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: TIME_ZONE }).format(new Date(iso))
}

/** Whether an event's sale has started (the API lists future events too; the client must not sell them yet). */
export function saleStarted(sellStart: string | null, now = Date.now()): boolean {
  return sellStart === null || Date.parse(sellStart) <= now
}
