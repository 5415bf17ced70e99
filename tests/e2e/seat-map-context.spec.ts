import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from './fixtures'
import type {} from '../support/webgl-probe'
import { mapReady, mapSettled, RESERVED_EVENT } from './screens'

/**
 * Issue #35: a kiosk shows a seat map to every customer, twice (the overview,
 * then the seats offered), and made a pixi application, so a WebGL context,
 * for each: a day of them grew the renderer's memory without end. The seat map
 * now keeps one for the page's life (renderer/src/seatmap/map-surface.ts).
 * Counted from inside the page (tests/support/webgl-probe.js, installed before
 * the app) over several seat screens, and the map lent again still draws and
 * takes taps on its new host.
 */
test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: true })

/** The show's seat map, a section's seats offered on it, and back to the shows (the seats given back). */
async function seatScreenVisit(page: Page): Promise<void> {
  await page.getByTestId('show-list').locator('button:enabled').first().tap()
  await mapReady(page)
  await page.getByTestId('section-list').getByRole('button', { name: /Stalls Centre/ }).tap()
  await page.getByTestId('find-seats').tap()
  await expect(page.getByTestId('keep-set-0')).toBeVisible()
  await expect(page.getByTestId('seat-map')).toHaveAttribute('data-seat-states', /offered-a/)
  await mapReady(page)
  await page.getByTestId('back-to-shows').tap()
  await expect(page.getByTestId('shows-screen')).toBeVisible()
}

test('one WebGL context for every seat map the kiosk shows, and the map lent again draws and takes taps', async ({ page }) => {
  await page.addInitScript({ path: fileURLToPath(new URL('../support/webgl-probe.js', import.meta.url)) })
  await page.goto(`/#token=${process.env.FOYER_HOST_TOKEN}`)
  await page.getByTestId('touch-to-start').tap()
  await page.getByTestId('event-search').fill(RESERVED_EVENT.promoter)
  await page.getByTestId(`event-${RESERVED_EVENT.code}`).tap()

  await seatScreenVisit(page)
  // The map's own context, and pixi's two asked once a page what WebGL can do (both given back since).
  const first = await page.evaluate(() => window.__webgl.count())
  expect(first.created).toBeLessThanOrEqual(3)
  expect(first.live).toBe(1)
  await seatScreenVisit(page)
  await seatScreenVisit(page)
  // Four maps more (an overview and a section's seats, twice): not one context more, and one alive.
  expect(await page.evaluate(() => window.__webgl.count())).toEqual(first)

  // The fourth overview on the same application: its section names are laid out on this host, and a tap
  // on one (read against this host) chooses that section.
  await page.getByTestId('show-list').locator('button:enabled').first().tap()
  await mapReady(page)
  await mapSettled(page)
  const map = page.getByTestId('seat-map')
  const labels = JSON.parse((await map.getAttribute('data-labels'))!) as { text: string; left: number; top: number; right: number; bottom: number }[]
  const stalls = labels.find((l) => /Stalls Centre/i.test(l.text))
  expect(stalls, 'the overview names Stalls Centre').toBeDefined()
  const box = (await map.boundingBox())!
  await page.touchscreen.tap(box.x + (stalls!.left + stalls!.right) / 2, box.y + (stalls!.top + stalls!.bottom) / 2)
  await expect(page.getByTestId('section-list').getByRole('button', { name: /Stalls Centre/ })).toHaveAttribute('aria-pressed', 'true')
  expect(await page.evaluate(() => window.__webgl.count())).toEqual(first)
})

test('a seat screen left behind is not kept alive by the map application kept for the next customer', async ({ page }) => {
  await page.goto(`/#token=${process.env.FOYER_HOST_TOKEN}`)
  await page.getByTestId('touch-to-start').tap()
  await page.getByTestId('event-search').fill(RESERVED_EVENT.promoter)
  await page.getByTestId(`event-${RESERVED_EVENT.code}`).tap()
  await page.getByTestId('show-list').locator('button:enabled').first().tap()
  await mapReady(page)
  // A weak hold on the map's place on the screen: only what the page itself keeps can keep it.
  await page.evaluate(() => {
    ;(window as unknown as { leftMap: WeakRef<Element> }).leftMap = new WeakRef(document.querySelector('[data-testid="seat-map"]')!)
  })
  await page.getByTestId('back-to-shows').tap()
  await expect(page.getByTestId('shows-screen')).toBeVisible()
  const devtools = await page.context().newCDPSession(page)
  await expect
    .poll(async () => {
      await devtools.send('HeapProfiler.collectGarbage')
      return page.evaluate(() => (window as unknown as { leftMap: WeakRef<Element> }).leftMap.deref() === undefined)
    }, { message: 'the seat screen left is collected' })
    .toBe(true)
})
