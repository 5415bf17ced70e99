import type { Page, Route } from '@playwright/test'
import { SCALE_EXTRA_EVENTS } from '../../playwright.config'
import { seedEvents } from '../../electron/sandbox/seed/events'
import { extraEventCode, extraEventMaker } from '../../electron/sandbox/seed/extra/extra-events'
import { buildVenues } from '../../electron/sandbox/seed/venues'
import { expect, test } from './fixtures'
import { startHostProcess, type HostProcess } from './host-process'

/**
 * The events screen over a big catalogue: a browser host of this spec's own,
 * whose sandbox carries 5,000 generated events after the training ones
 * (FOYER_SANDBOX_EXTRA_EVENTS). Behaviour only, never time: scrolling loads
 * every page, the DOM keeps a bounded number of rows, search reaches all of
 * them, and a search beats a page still on its way.
 */

const generatedEvent = extraEventMaker(buildVenues())
const lastCode = extraEventCode(SCALE_EXTRA_EVENTS - 1)
/** Every listed event: the training ones whose sale has not ended, and every generated one. */
const listedTotal = seedEvents.filter((e) => e.sellability.endOffsetDays >= 0).length + SCALE_EXTRA_EVENTS

// Started by the spec, once for its tests, rather than as a web server of the whole run: the run's
// tests then start without waiting for it, and it is not kept running for the minutes after this spec.
let scaleHost: HostProcess | undefined
test.beforeAll(async () => {
  scaleHost = await startHostProcess({ FOYER_SANDBOX_EXTRA_EVENTS: String(SCALE_EXTRA_EVENTS) })
})
test.afterAll(async () => {
  await scaleHost?.stop()
  scaleHost = undefined
})

async function openEvents(page: Page): Promise<void> {
  await page.goto(scaleHost!.entry)
  await page.getByTestId('touch-to-start').click()
  await expect(page.getByTestId('event-list').getByRole('button').first()).toBeVisible()
}

const rows = (page: Page) => page.getByTestId('event-list').getByRole('listitem')
const toBottom = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))

test('scrolling to the end loads every page, while the DOM holds only the rows near the window', async ({ page }) => {
  // 100 pages and some 125 scroll steps: minutes on a loaded CI machine; the assertions are about what loads, not how fast.
  test.setTimeout(300_000)
  await openEvents(page)
  await expect(rows(page).first()).toHaveAttribute('aria-setsize', String(listedTotal))

  const last = page.getByTestId(`event-${lastCode}`)
  // Down three windows at a time, a frame or two apart, as a quick flick would, until the last event
  // is drawn. Nothing else tells the kiosk someone is there: a scroll does (presence.ts), as a
  // customer's own does, so its idle reset stays away however long this takes. A frame is waited
  // for a moment at most: headless Chromium on a busy machine can stop drawing frames for a
  // while, and a bare requestAnimationFrame then never came back (the evaluate hung past the
  // test's timeout, and the quiet kiosk went back to its attract screen meanwhile).
  const { found, most, framesMissed } = await page.evaluate(async (code) => {
    let missed = 0
    const frame = () =>
      new Promise<void>((resolve) => {
        const late = setTimeout(() => {
          missed++
          resolve()
        }, 250)
        requestAnimationFrame(() => {
          clearTimeout(late)
          resolve()
        })
      })
    const rowsNow = () => document.querySelectorAll('[data-testid="event-list"] > li').length
    const started = performance.now()
    let largest = 0
    while (!document.querySelector(`[data-testid="event-${code}"]`) && performance.now() - started < 240_000) {
      window.scrollBy(0, window.innerHeight * 3)
      await frame()
      await frame()
      largest = Math.max(largest, rowsNow())
    }
    return { found: document.querySelector(`[data-testid="event-${code}"]`) !== null, most: largest, framesMissed: missed }
  }, lastCode)
  expect(found, `the last event drawn (frames that never came: ${framesMissed})`).toBe(true)
  await expect(last).toBeVisible()

  // The last generated event is the last of the whole list, its title as the sandbox made it.
  await expect(last).toContainText(generatedEvent(SCALE_EXTRA_EVENTS - 1).title.EN_SG)
  await expect(page.getByRole('listitem').filter({ has: last })).toHaveAttribute('aria-posinset', String(listedTotal))
  // 5,000 loaded, yet never more than a window's worth of rows in the DOM.
  expect(most).toBeGreaterThan(0)
  expect(most).toBeLessThan(100)
  expect(await rows(page).count()).toBeLessThan(100)
  await expect(page.getByTestId('events-loading')).toHaveCount(0)

  // Halfway up, other rows are drawn, still only a window's worth.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2))
  await expect(last).toHaveCount(0)
  await expect.poll(() => rows(page).count()).toBeLessThan(100)
  const middle = Number(await rows(page).first().getAttribute('aria-posinset'))
  expect(middle).toBeGreaterThan(1000)
  expect(middle).toBeLessThan(listedTotal - 1000)
})

test('a search reaches every one of the 5,000, in English and in Chinese', async ({ page }) => {
  await openEvents(page)
  const target = generatedEvent(4321)
  await page.getByTestId('event-search').fill(target.title.EN_SG)
  const list = page.getByTestId('event-list').getByRole('button')
  await expect(list).toHaveCount(1)
  await expect(list.first()).toHaveAccessibleName(new RegExp(target.title.EN_SG))

  await page.getByTestId('language-zh-CN').click()
  await page.getByTestId('event-search').fill(target.title.ZH_CN)
  await expect(list).toHaveCount(1)
  await expect(list.first()).toContainText(target.title.ZH_CN)
})

test('a search typed while a page is still loading shows only the search results', async ({ page }) => {
  // Pages after the first are held back for a while, so one is still on its way when the customer types.
  const held: Promise<void>[] = []
  await page.route('**/ipc/catalogue.events', async (route: Route) => {
    const asked = route.request().postDataJSON() as { page?: number; search?: string }
    if ((asked.page ?? 0) > 0 && !asked.search) {
      const late = new Promise<void>((resolve) => setTimeout(resolve, 1500)).then(() => route.continue())
      held.push(late)
      return late
    }
    return route.continue()
  })
  await openEvents(page)
  const asked = page.waitForRequest((request) => request.url().includes('/ipc/catalogue.events') && (request.postDataJSON() as { page?: number }).page === 1)
  await toBottom(page)
  await asked
  await expect(page.getByTestId('events-loading')).toBeVisible()

  const theme = 'Durian Days'
  await page.getByTestId('event-search').fill(theme)
  const titles = page.getByTestId('event-list').locator('.event-title')
  await expect.poll(async () => (await titles.allTextContents()).every((t) => t.includes(theme))).toBe(true)
  // The held page arrives after the search's answer: it must not join the list.
  await Promise.all(held)
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)))
  const shown = await titles.allTextContents()
  expect(shown.length).toBeGreaterThan(3)
  for (const title of shown) expect(title).toContain(theme)
  // …and scrolling on pages through the search's own results only.
  await toBottom(page)
  await expect.poll(async () => (await titles.allTextContents()).every((t) => t.includes(theme))).toBe(true)
})

test('the next row is drawn as soon as focus reaches the last one drawn, before any frame: Tabs faster than frames stay in the list', async ({ page }) => {
  await openEvents(page)
  // In the page: the last drawn row's button focused, then one task yielded (a message, not a frame, so no
  // scroll event is dispatched between), then is the row after it drawn? Going down the list from the first
  // window (some 28 rows) within the first page loaded (the catalogue's PAGE_SIZE, 50): a row not loaded yet
  // cannot be drawn. Each row drawn in time lets the next step start further down.
  const missing = await page.evaluate(async () => {
    const list = document.querySelector('[data-testid="event-list"]')!
    const task = () => new Promise<void>((resolve) => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => resolve()
      channel.port2.postMessage(null)
    })
    const notDrawn: number[] = []
    let focused = 0
    for (let step = 0; step < 15; step++) {
      const last = [...list.querySelectorAll<HTMLLIElement>(':scope > li')].at(-1)!
      const position = Number(last.getAttribute('aria-posinset'))
      if (position >= 50) break
      last.querySelector('button')!.focus()
      focused++
      await task()
      if (!list.querySelector(`:scope > li[aria-posinset="${position + 1}"]`)) notDrawn.push(position + 1)
    }
    return { notDrawn, focused }
  })
  expect(missing.focused).toBeGreaterThan(0)
  expect(missing.notDrawn, 'rows not drawn when focus reached the row before them').toEqual([])
})

test('the keyboard reaches rows beyond the first window: tabbing on draws the next ones', async ({ page }) => {
  await openEvents(page)
  const drawn = await rows(page).count()
  await rows(page).first().getByRole('button').focus()
  for (let i = 0; i < drawn + 10; i++) await page.keyboard.press('Tab')
  const focused = page.locator('[data-testid="event-list"] > li:has(button:focus)')
  await expect(focused).toHaveAttribute('aria-posinset', String(drawn + 11))
  await expect(focused.getByRole('button')).toBeInViewport()
})
