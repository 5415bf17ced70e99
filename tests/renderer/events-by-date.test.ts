import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { VENUE_TIME_ZONE } from '../../electron/contract'
import { call } from '../../electron/ipc-core/dispatcher'
import { kioskOverSandbox } from '../support/kiosk-over-sandbox'
import { mountApp } from '../support/mount-app'
import { allShows } from '../support/sandbox-fixtures'

/**
 * Events browsed by when they are on, without typing (issue #33): the next 7 days, the next 30, later.
 * The real renderer over main and the sandbox; what should be listed is worked out from the sandbox's own
 * shows (a show on a venue day in the window), not from the screen's code.
 */
const kiosk = kioskOverSandbox()

const venueDay = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: VENUE_TIME_ZONE }).format(at)

describe('events by when they are on', () => {
  it('lists only the events with a show in the chosen window, and all again when the chip is let go', async () => {
    const services = kiosk.runtime.services
    const { root, router, click } = await mountApp(services)
    await router.push({ name: 'events' })
    // The list draws a window of rows: the drawn ones, and the size of the whole list (aria-setsize).
    const drawn = () => [...root.querySelectorAll('[data-testid="event-list"] button')].map((b) => b.getAttribute('data-testid')!.replace('event-', '')).sort()
    const size = () => Number(root.querySelector('[data-testid="event-list"] > li')?.getAttribute('aria-setsize') ?? 0)
    await expect.poll(async () => (await flushPromises(), drawn().length)).toBeGreaterThan(20)
    const listedAtApi = await call(services.dispatcher, 'catalogue.events', { lang: 'EN_SG', page: 0, size: 100 })
    if (!listedAtApi.ok) throw new Error(listedAtApi.error.code)
    const all = listedAtApi.value.events.map((e) => e.code)
    expect(size()).toBe(all.length)

    const shows = await allShows(kiosk.rig.direct)
    const today = venueDay(Date.now())
    const dayIn = (n: number) => venueDay(Date.parse(`${today}T12:00:00+08:00`) + n * 86_400_000)
    const withShowBetween = (from: string, to: string) =>
      [...new Set(shows.filter((s) => venueDay(Date.parse(s.showDate)) >= from && venueDay(Date.parse(s.showDate)) <= to).map((s) => s.eventCode))].filter((code) => all.includes(code)).sort()

    await click('when-week')
    await flushPromises()
    const week = withShowBetween(today, dayIn(6))
    expect(week.length).toBeLessThan(24)
    expect(drawn()).toEqual(week)
    await click('when-month')
    await flushPromises()
    const month = withShowBetween(today, dayIn(29))
    expect(size()).toBe(month.length)
    expect(drawn().every((code) => month.includes(code))).toBe(true)
    expect(month.length).toBeGreaterThan(week.length)
    expect(month.length).toBeLessThan(all.length)
    // Pressed again: every event again.
    await click('when-month')
    await flushPromises()
    expect(size()).toBe(all.length)
  })
})
