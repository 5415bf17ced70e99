import { describe, expect, it } from 'vitest'
import { addDays, runsWithin, venueToday } from '../../renderer/src/catalogue/date-browse'

/** Browsing events by when they are on (renderer/src/catalogue/date-browse.ts), on the venue's calendar. */
const event = (first: string, last = first) => ({ startDate: `${first}T19:30:00+08:00`, endDate: `${last}T19:30:00+08:00` })

describe('events by when they are on', () => {
  it('counts days on the venue’s calendar, whatever the kiosk clock’s zone', () => {
    // 20:00 UTC on 29 November is already 30 November in Singapore.
    expect(venueToday(new Date('2026-11-29T20:00:00Z'))).toBe('2026-11-30')
    expect(addDays('2026-11-29', 3)).toBe('2026-12-02')
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02')
  })

  it('takes an event with a show in the window, however long it runs', () => {
    const today = '2026-11-29'
    expect(runsWithin(event('2026-12-05'), 'week', today)).toBe(true)
    expect(runsWithin(event('2026-12-06'), 'week', today)).toBe(false)
    // A run that started before today and goes on into the week.
    expect(runsWithin(event('2026-11-20', '2026-12-01'), 'week', today)).toBe(true)
    expect(runsWithin(event('2026-12-28'), 'month', today)).toBe(true)
    expect(runsWithin(event('2026-12-29'), 'month', today)).toBe(false)
    expect(runsWithin(event('2026-12-29'), 'later', today)).toBe(true)
    expect(runsWithin(event('2026-12-01', '2027-02-01'), 'later', today)).toBe(true)
    expect(runsWithin(event('2026-11-01', '2026-11-28'), 'month', today)).toBe(false)
    expect(runsWithin({ startDate: null, endDate: null }, 'week', today)).toBe(false)
  })
})
