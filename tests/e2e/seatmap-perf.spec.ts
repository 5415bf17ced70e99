import type { Page } from '@playwright/test'
import { harnessPort } from '../../playwright.config'
import type { HarnessApi } from '../seatmap-harness/bench-page'
import { COUNT_FRAME_CALLBACKS, rafCalls } from '../seatmap-harness/frame-counter'
import { expect, test } from './fixtures'

/**
 * What the seat map costs (issue #15), pinned by what it does rather than by
 * how long it takes: an idle map runs no animation-frame callback at all; a
 * state change never rebuilds the hit index; zoomed out, the seats are one
 * cached picture that a wheel step does not redraw; a 10,000-seat section
 * adds no more than 3 MB to the JS heap. Through the harness's benchmark page
 * (the real view, driven directly) and its component page.
 */
const benchPage = (seats: number) => `http://127.0.0.1:${harnessPort}/?bench=1&impl=foyer&scene=seats&n=${seats}`

async function startView(page: Page, seats: number): Promise<void> {
  await page.goto(benchPage(seats))
  await page.waitForFunction(() => window.harness?.phase === 'data', undefined, { timeout: 60_000 })
  await page.evaluate(() => window.harness!.start())
}

const stats = (page: Page) => page.evaluate(() => window.harness!.stats()!)

/** Waits until the map has drawn a frame since `renders`, and then nothing more for a moment. */
async function settled(page: Page, after: number): Promise<number> {
  await expect.poll(async () => (await stats(page)).renders, { timeout: 20_000 }).toBeGreaterThan(after)
  let last = -1
  await expect
    .poll(async () => {
      const now = (await stats(page)).renders
      const still = now === last
      last = now
      return still
    }, { timeout: 20_000, intervals: [300] })
    .toBe(true)
  return last
}

test('an idle map runs no animation-frame callback, overview and seats alike', async ({ page }) => {
  await page.addInitScript({ content: COUNT_FRAME_CALLBACKS })
  await page.goto(`http://127.0.0.1:${harnessPort}/`)
  const map = page.getByTestId('seat-map')
  await expect(map).toHaveAttribute('data-seatmap-ready', '1', { timeout: 20_000 })
  // Give the first frames (and a resize) time to land, then watch for three seconds.
  await expect.poll(async () => {
    const before = await rafCalls(page)
    await page.waitForTimeout(500)
    return (await rafCalls(page)) - before
  }, { timeout: 20_000 }).toBe(0)
  const idleFrom = await rafCalls(page)
  await page.waitForTimeout(3000)
  expect(await rafCalls(page), 'requestAnimationFrame callbacks while idle on the overview').toBe(idleFrom)

  // A wheel step draws, then the map goes quiet again.
  const box = (await map.boundingBox())!
  const rendered = Number(await map.getAttribute('data-renders'))
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.wheel(0, -240)
  await expect.poll(async () => Number(await map.getAttribute('data-renders')), { timeout: 10_000 }).toBeGreaterThan(rendered)
  await expect.poll(async () => {
    const before = await rafCalls(page)
    await page.waitForTimeout(500)
    return (await rafCalls(page)) - before
  }, { timeout: 20_000 }).toBe(0)
})

test('an idle section of 10,000 seats runs no animation-frame callback', async ({ page }) => {
  await page.addInitScript({ content: COUNT_FRAME_CALLBACKS })
  await startView(page, 10_000)
  await settled(page, 0)
  const idleFrom = await rafCalls(page)
  await page.waitForTimeout(3000)
  expect(await rafCalls(page), 'requestAnimationFrame callbacks while idle').toBe(idleFrom)
})

test('selling and giving back seats changes what a tap picks without rebuilding the hit index', async ({ page }) => {
  await startView(page, 10_000)
  const builds = (await stats(page)).indexBuilds
  expect(builds).toBe(1)
  // Points where a tap picks a seat, and the seats they pick.
  const picked = await page.evaluate(() => {
    const h = window.harness as HarnessApi
    return h.seatPoints(12).map((p) => ({ ...p, seat: h.hitTest(p.x, p.y) as { index: number } }))
  })
  expect(picked.length).toBeGreaterThan(5)
  const indices = picked.map((p) => p.seat.index)
  const sell = (state: 'unavailable' | 'available') =>
    page.evaluate(({ indices, state }) => window.harness!.setStates(indices.map((index) => ({ index, state }))), { indices, state })
  const pickedNow = () => page.evaluate((points) => points.map((p) => (window.harness!.hitTest(p.x, p.y) as { index: number } | null)?.index ?? null), picked)

  await sell('unavailable')
  const afterSale = await pickedNow()
  afterSale.forEach((index, k) => expect(index, `the sold seat ${indices[k]} is not picked`).not.toBe(indices[k]))
  await sell('available')
  expect(await pickedNow(), 'given back, each seat is picked again').toEqual(indices)
  // 1,000 more changes, sold and given back: still the one index built for the scene.
  await page.evaluate(() => [0, 1].forEach((round) => window.harness!.sellThenHit(1000, round)))
  expect((await stats(page)).indexBuilds).toBe(builds)
})

test('zoomed out, seats are one cached picture that wheel steps do not redraw; zoomed in, the seats themselves', async ({ page }) => {
  await startView(page, 10_000)
  let renders = await settled(page, 0)
  const fitted = await stats(page)
  expect(fitted.seatDetail).toBe('picture')
  const box = (await page.locator('#app').boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  // Small wheel steps in and out again: each one draws a frame, none draws the seats again,
  // except at most once each way where the zoom crosses a resolution level of the picture.
  for (const dy of [-40, -40, -40, 40, 40, 40]) {
    await page.mouse.wheel(0, dy)
    renders = await settled(page, renders)
  }
  const stepped = await stats(page)
  expect(stepped.renders - fitted.renders).toBeGreaterThanOrEqual(6)
  expect(stepped.seatPasses - fitted.seatPasses, 'seat passes over six wheel steps').toBeLessThanOrEqual(2)
  expect(stepped.seatDetail).toBe('picture')
  // Zoomed in until a seat is big enough to tap: drawn as seats.
  for (let i = 0; i < 12 && (await stats(page)).seatDetail !== 'seats'; i++) {
    await page.mouse.wheel(0, -400)
    renders = await settled(page, renders)
  }
  expect((await stats(page)).seatDetail).toBe('seats')
  // Still tappable there.
  const point = await page.evaluate(() => window.harness!.seatPoints(1)[0])
  expect(point).toBeTruthy()
})

test('a 10,000-seat section adds at most 3 MB to the JS heap', async ({ page }) => {
  await page.goto(benchPage(10_000))
  await page.waitForFunction(() => window.harness?.phase === 'data', undefined, { timeout: 60_000 })
  const cdp = await page.context().newCDPSession(page)
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('HeapProfiler.collectGarbage')
    return (await cdp.send('Runtime.getHeapUsage')).usedSize / 1048576
  }
  const before = await heap()
  await page.evaluate(() => window.harness!.start())
  expect(await heap(), 'MB after the first frame').toBeLessThanOrEqual(before + 3)
})
