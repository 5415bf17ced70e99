import type { Page } from '@playwright/test'
import { harnessPort } from '../../playwright.config'
import { expect, test } from './fixtures'
import { mapReady } from './screens'

/**
 * The seat map (pixi.js) in Chromium, through the harness that hosts the real
 * SeatMap and SeatList components: pan, zoom, tap a section and a seat, the
 * accessible list choosing the same seats, and the canvas renderer fallback.
 */
const harness = (query = '') => `http://127.0.0.1:${harnessPort}/${query}`


/**
 * A point on the map whose tap selects what `want` says: found through the
 * view's own hit index (the harness exposes it), then tapped for real.
 */
async function pointFor(page: Page, want: RegExp): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('seat-map').boundingBox())!
  const found = await page.evaluate(
    ({ width, height, pattern }) => {
      const hit = (window as unknown as { seatMapHitTest: (x: number, y: number) => { kind: string; sectionId?: number; inventoryId?: number } | null }).seatMapHitTest
      const wanted = new RegExp(pattern)
      for (let y = height * 0.05; y < height * 0.95; y += 6) {
        for (let x = width * 0.05; x < width * 0.95; x += 6) {
          const selection = hit(x, y)
          const text = selection ? (selection.kind === 'section' ? `section:${selection.sectionId}` : `seat:${selection.inventoryId}`) : ''
          if (wanted.test(text)) return { x, y }
        }
      }
      return null
    },
    { width: box.width, height: box.height, pattern: want.source },
  )
  if (!found) throw new Error(`no point on the map selects ${want}`)
  const point = { x: box.x + found.x, y: box.y + found.y }
  await page.mouse.click(point.x, point.y)
  await expect(page.getByTestId('selection')).toHaveText(want)
  return point
}

async function ready(page: Page): Promise<void> {
  await mapReady(page)
}

test('taps a section, then a seat, and reads the selection back', async ({ page }, testInfo) => {
  await page.goto(harness())
  await ready(page)
  await page.screenshot({ path: testInfo.outputPath('seatmap-overview.png') })
  await pointFor(page, /^section:\d+$/)
  await ready(page)
  await page.screenshot({ path: testInfo.outputPath('seatmap-section.png') })
  await pointFor(page, /^seat:\d+$/)
})

test('draws and taps venues whose coordinates are far from the origin', async ({ page }) => {
  // pixi-viewport assumes a world starting at (0, 0): real venue sections do not.
  await page.goto(harness('?offset=5800,2300'))
  await ready(page)
  await pointFor(page, /^section:\d+$/)
  await ready(page)
  await pointFor(page, /^seat:\d+$/)
})

test('pans and zooms without losing taps, and renders nothing while idle', async ({ page }) => {
  await page.goto(harness())
  await ready(page)
  const map = (await page.getByTestId('seat-map').boundingBox())!
  const [cx, cy] = [map.x + map.width / 2, map.y + map.height / 2]
  // Drag the map, then zoom in with the wheel.
  await page.mouse.move(cx, cy)
  await page.mouse.down()
  await page.mouse.move(cx + 150, cy + 60, { steps: 10 })
  await page.mouse.up()
  await page.mouse.wheel(0, -400)
  await page.waitForTimeout(1200)
  const renders = async () => Number(await page.getByTestId('seat-map').getAttribute('data-renders'))
  const settled = await renders()
  expect(settled).toBeGreaterThan(1)
  await page.waitForTimeout(1500)
  expect(await renders(), 'no frame is drawn while nothing changes').toBe(settled)
  // Still tappable after moving: some section is under some point.
  await pointFor(page, /^section:\d+$/)
})

test('a turning wheel is previewed without drawing the map; the map is drawn once the wheel rests, and taps meanwhile hit what is shown', async ({ page }) => {
  // The wheel rests 1.5 s after its last notch here, not 120 ms: notches 40 ms apart stay one turn on a busy machine.
  await page.goto(harness('?wheelRest=1500'))
  await ready(page)
  const map = page.getByTestId('seat-map')
  const canvas = map.locator('canvas')
  const box = (await map.boundingBox())!
  const renders = async () => Number(await map.getAttribute('data-renders'))
  const transform = () => canvas.evaluate((c) => c.style.transform)
  const turnWheel = async () => {
    // Notches closer together than the wheel's rest.
    for (let notch = 0; notch < 4; notch++) {
      await page.mouse.wheel(0, -60)
      await page.waitForTimeout(40)
    }
  }
  await page.waitForTimeout(500)
  const before = await renders()
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await turnWheel()
  // None of the notches drew a frame: the picture is scaled by the compositor instead.
  expect(await renders(), 'no frame drawn while the wheel turns').toBe(before)
  const preview = await transform()
  expect(Number(/scale\(([\d.]+)\)/.exec(preview)?.[1]), `zoomed in by the preview: ${preview}`).toBeGreaterThan(1)
  // At rest the map is drawn for real, once, and the preview's transform is gone.
  await expect.poll(renders).toBe(before + 1)
  expect(await transform()).toBe('')

  // A tap while the preview shows is resolved against what it shows: in one task, while the canvas is
  // still transformed, find a section under a point and tap there as a finger would.
  await turnWheel()
  const tapped = await page.evaluate(
    ({ left, top, width, height }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="seat-map"] canvas')!
      const hit = (window as unknown as { seatMapHitTest: (x: number, y: number) => { kind: string; sectionId?: number } | null }).seatMapHitTest
      for (let y = height * 0.2; y < height * 0.8; y += 5) {
        for (let x = width * 0.2; x < width * 0.8; x += 5) {
          const selection = hit(x, y)
          if (selection?.kind !== 'section') continue
          const previewing = canvas.style.transform !== ''
          const at = { clientX: left + x, clientY: top + y, pointerId: 7, pointerType: 'touch', isPrimary: true, button: 0, bubbles: true }
          canvas.dispatchEvent(new PointerEvent('pointerdown', at))
          canvas.dispatchEvent(new PointerEvent('pointerup', at))
          return { sectionId: selection.sectionId, previewing }
        }
      }
      return null
    },
    { left: box.x, top: box.y, width: box.width, height: box.height },
  )
  expect(tapped?.previewing, 'the tap came while the preview showed').toBe(true)
  await expect(page.getByTestId('selection')).toHaveText(`section:${tapped!.sectionId}`)
})

test('zooms to a section: it fills the middle of the view', async ({ page }) => {
  await page.goto(harness())
  await ready(page)
  // Section 1001 is at the pitch's edge in the lower ring; after zooming it is under the centre.
  await page.evaluate(() => (window as unknown as { seatMapZoomTo: (id: number) => void }).seatMapZoomTo(1001))
  await page.waitForTimeout(1200)
  const box = (await page.getByTestId('seat-map').boundingBox())!
  const centre = await page.evaluate(
    ({ x, y }) => (window as unknown as { seatMapHitTest: (x: number, y: number) => unknown }).seatMapHitTest(x, y),
    { x: box.width / 2, y: box.height / 2 },
  )
  expect(centre).toEqual({ kind: 'section', sectionId: 1001 })
})

test('the accessible list offers the same choices as the map and selects the same seats', async ({ page }) => {
  await page.goto(harness())
  await ready(page)
  await pointFor(page, /^section:\d+$/)
  const section = (await page.getByTestId('selection').textContent())!.split(':')[1]
  await ready(page)
  // The offered seats are in the list, described in words, and choosing one there selects it.
  const offered = page.getByTestId('seat-list').getByRole('button', { name: /offered/ })
  await expect(offered).toHaveCount(4)
  await offered.first().click()
  const fromList = await page.getByTestId('selection').textContent()
  expect(fromList).toMatch(/^seat:\d+$/)
  // The map gives the same seat when that seat is tapped.
  await pointFor(page, new RegExp(`^${fromList}$`))
  // And the list reaches the same section as the map did.
  await page.getByTestId('back-to-overview').click()
  await page.getByTestId(`seat-list-section-${section}`).click()
  await expect(page.getByTestId('selection')).toHaveText(`section:${section}`)
})

test('renders with the canvas renderer when WebGL is not used', async ({ page }, testInfo) => {
  await page.goto(harness('?renderer=canvas'))
  await ready(page)
  await expect(page.getByTestId('seat-map')).toHaveAttribute('data-renderer', 'canvas')
  const shot = await page.getByTestId('seat-map').screenshot({ path: testInfo.outputPath('seatmap-canvas.png') })
  expect(shot.length).toBeGreaterThan(5_000)
  await pointFor(page, /^section:\d+$/)
})
