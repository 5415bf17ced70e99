import { VENUE_TIME_ZONE, type EventSummary } from '@contract'

/**
 * Browsing events by when they are on, without typing a word (issue #33: a
 * customer at the keypad, or anyone who knows when but not what): the next 7
 * days, the next 30, or later. The API has no date question, so the list as
 * loaded is narrowed here; the events screen loads further pages as the
 * narrowed list runs short, as it does while scrolling. Days are the venue's
 * calendar days, whatever the kiosk's clock zone.
 */
export type When = 'week' | 'month' | 'later'
export const WHEN_CHOICES: readonly When[] = ['week', 'month', 'later']

const DAY_MS = 86_400_000
const venueDay = new Intl.DateTimeFormat('en-CA', { timeZone: VENUE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** The venue's date now, "2026-11-29". */
export function venueToday(now: Date = new Date()): string {
  return venueDay.format(now)
}

/** A venue date `days` after `day` (both "yyyy-mm-dd"). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** The venue days an event runs on, from its first show's date to its last's (the API writes them in the venue's offset). */
function span(event: Pick<EventSummary, 'startDate' | 'endDate'>): { first: string; last: string } | null {
  const first = event.startDate?.slice(0, 10) ?? event.endDate?.slice(0, 10)
  if (!first) return null
  return { first, last: event.endDate?.slice(0, 10) ?? first }
}

/** Whether an event has a show in the window: the next 7 days (today counted), the next 30, or after those 30. An event without dates is in none. */
export function runsWithin(event: Pick<EventSummary, 'startDate' | 'endDate'>, when: When, today: string): boolean {
  const days = span(event)
  if (!days) return false
  if (when === 'later') return days.last >= addDays(today, 30)
  const end = addDays(today, when === 'week' ? 6 : 29)
  return days.first <= end && days.last >= today
}
