import { readdirSync } from 'node:fs'
import { expect, holdCount, test, type Page } from './fixtures'
import { mapReady, mapSettled, RESERVED_EVENT, toReservedSeatsByTouch } from './screens'

/**
 * Issue #15: customers choose their own seats. After an offer the section's
 * seats are drawn with their state; a tap on a free seat takes it instead of
 * one of the customer's (never more held than asked for), and "Accessible
 * seating" goes straight to a wheelchair space with its companion seat, by
 * touch and by keyboard alone. The seats are sold as picked (mode SP).
 */
test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: true })

/** The seat map's colour of a free seat (seat-map-style.ts COLOURS.available). */
const FREE_SEAT = [0xe4, 0xea, 0xf2] as const

/**
 * Where the map shows free seats, as the customer sees it: the map is
 * photographed and the photo searched for the free seats' colour, keeping
 * points whose whole neighbourhood has it (the middle of a seat, not an edge).
 * Page coordinates, far enough apart to be different seats.
 */
async function freeSeatPoints(page: Page): Promise<{ x: number; y: number }[]> {
  const map = page.getByTestId('seat-map')
  const box = (await map.boundingBox())!
  const photo = (await map.screenshot()).toString('base64')
  const points = await page.evaluate(
    async ({ photo, colour }) => {
      // Decoded here rather than fetched: the page's content policy allows it no connections.
      const bytes = Uint8Array.from(atob(photo), (c) => c.charCodeAt(0))
      const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
      const canvas = new OffscreenCanvas(image.width, image.height)
      const context = canvas.getContext('2d')!
      context.drawImage(image, 0, 0)
      const { data, width, height } = context.getImageData(0, 0, image.width, image.height)
      const matches = (x: number, y: number) => {
        const i = (y * width + x) * 4
        return Math.abs(data[i]! - colour[0]) < 8 && Math.abs(data[i + 1]! - colour[1]) < 8 && Math.abs(data[i + 2]! - colour[2]) < 8
      }
      const found: { x: number; y: number }[] = []
      for (let y = 3; y < height - 3; y += 2) {
        for (let x = 3; x < width - 3; x += 2) {
          if (!matches(x, y) || !matches(x - 3, y) || !matches(x + 3, y) || !matches(x, y - 3) || !matches(x, y + 3)) continue
          if (found.some((p) => Math.hypot(p.x - x, p.y - y) < 40)) continue
          found.push({ x, y })
        }
      }
      return found
    },
    { photo, colour: FREE_SEAT },
  )
  return points.map((p) => ({ x: box.x + p.x, y: box.y + p.y }))
}

/**
 * The order the renderer hands main at "Pay" (the browser host's contract call
 * checkout.submit), as sent: its items' modes and seats.
 */
function submittedOrder(page: Page): Promise<{ mode: string; inventoryIds?: number[] }[]> {
  return page
    .waitForRequest((r) => r.url().endsWith('/ipc/checkout.submit'))
    .then((r) => (JSON.parse(r.postData() ?? '{}') as { order: { items: { mode: string; inventoryIds?: number[] }[] } }).order.items)
}

/** From the seats screen to the done screen by touch, card approved; the order main is handed is checked to be these seats, picked (SP). */
async function buyByTouchAsPicked(page: Page, seats: readonly number[]): Promise<void> {
  await page.getByTestId('seats-continue').tap()
  await expect(page.getByTestId('tickets-continue')).toBeEnabled()
  await page.getByTestId('tickets-continue').tap()
  await page.getByTestId('payment-VISA').tap()
  await page.getByTestId('delivery-continue').tap()
  const order = submittedOrder(page)
  await page.getByTestId('review-pay').tap()
  const [item] = await order
  expect(item!.mode).toBe('SP')
  expect([...item!.inventoryIds!].sort()).toEqual([...seats].sort())
  await page.getByTestId('test-card-approve').tap()
  await expect(page.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
}

/** The inventory ids the customer holds now, as the seats panel lists them. */
async function mySeats(page: Page): Promise<string[]> {
  return (await page.getByTestId('set-0').getAttribute('data-inventory-ids'))!.split(',')
}

test('a customer taps two free seats on the map and buys them: each takes the place of an offered one, never more held than asked', async ({ kiosk, request, printSpool }, testInfo) => {
  test.setTimeout(120_000)
  await toReservedSeatsByTouch(kiosk)
  await kiosk.getByTestId('section-list').getByRole('button', { name: /Stalls Centre/ }).tap()
  await kiosk.getByTestId('find-seats').tap()
  await expect(kiosk.getByTestId('set-1')).toBeVisible()
  const offered = [...(await mySeats(kiosk)), ...(await kiosk.getByTestId('set-1').getAttribute('data-inventory-ids'))!.split(',')]
  await expect(kiosk.getByTestId('pick-hint')).toBeVisible()
  // Up close the stage is out of view: the map says which way it lies (above the stalls), and its key still names the stage and the price band.
  const pointer = kiosk.getByTestId('stage-pointer')
  await expect(pointer).toContainText('Stage')
  const bearing = Number(await pointer.getAttribute('data-bearing'))
  expect(bearing).toBeGreaterThan(-135)
  expect(bearing).toBeLessThan(-45)
  const legend = kiosk.getByTestId('seat-map-legend')
  await expect(legend.getByTestId('legend-stage')).toBeVisible()
  await expect(legend.locator('[data-testid^="legend-band-"]')).toHaveCount(1)
  await expect(legend.getByTestId('legend-wheelchair')).toBeVisible()
  await mapSettled(kiosk)

  const points = await freeSeatPoints(kiosk)
  expect(points.length, 'free seats are drawn on the map').toBeGreaterThan(4)
  await kiosk.touchscreen.tap(points[0]!.x, points[0]!.y)
  // Set 2 went back and the first pick took one of set 1's seats: still two held.
  await expect(kiosk.getByTestId('set-1')).toHaveCount(0)
  await expect.poll(() => holdCount(request)).toBe(2)
  const afterFirst = await mySeats(kiosk)
  const firstPick = afterFirst.find((id) => !offered.includes(id))
  expect(firstPick, 'the tapped seat is now the customer’s').toBeDefined()

  await mapSettled(kiosk)
  const next = (await freeSeatPoints(kiosk))[3]!
  await kiosk.touchscreen.tap(next.x, next.y)
  // The second pick is judged against what the customer held after the first, not against every seat
  // offered: set 1's seats went back to free when the first pick was made, so the second tap may land
  // on one of them (which seats are free depends on what earlier tests in this worker sold) — it is
  // then a pick all the same, and it takes the place of the offered seat still held, not the first pick.
  await expect.poll(async () => (await mySeats(kiosk)).filter((id) => !afterFirst.includes(id)).length).toBe(1)
  await expect.poll(() => holdCount(request)).toBe(2)
  const picked = await mySeats(kiosk)
  expect(picked).toContain(firstPick)
  expect(picked).toHaveLength(2)
  // The list says them as the customer's, by row and seat.
  await expect(kiosk.getByTestId('seat-list').locator('button[aria-pressed="true"]')).toHaveCount(2)
  await mapSettled(kiosk)
  await kiosk.screenshot({ path: testInfo.outputPath('seats-picked.png') })

  // Sold as picked (mode SP), the seats the customer tapped.
  await buyByTouchAsPicked(kiosk, picked.map(Number))
  await expect.poll(() => holdCount(request)).toBe(0)
  // Two tickets printed for this sale (the worker's spool also holds earlier sales' papers).
  const reference = /FY\d{14}/.exec((await kiosk.getByTestId('done-reference').textContent())!)![0]
  await expect.poll(() => readdirSync(printSpool).filter((f) => f.startsWith(`${reference}-ticket-`)).length).toBe(2)
})

test('accessible seating by keyboard alone: a wheelchair space with its companion seat, bought', async ({ kiosk, request }) => {
  test.setTimeout(120_000)
  await kiosk.getByTestId('touch-to-start').focus()
  await kiosk.keyboard.press('Enter')
  await kiosk.getByTestId('event-search').focus()
  await kiosk.keyboard.type(RESERVED_EVENT.promoter)
  await kiosk.getByTestId(`event-${RESERVED_EVENT.code}`).focus()
  await kiosk.keyboard.press('Enter')
  await kiosk.getByTestId('show-list').locator('button:enabled').first().focus()
  await kiosk.keyboard.press('Enter')
  await mapReady(kiosk)

  // Said once: no section to choose, the next step looks for wheelchair spaces.
  const accessible = kiosk.getByTestId('accessible-seating')
  await accessible.focus()
  await kiosk.keyboard.press('Space')
  await expect(accessible).toHaveAttribute('aria-pressed', 'true')
  await expect(kiosk.getByTestId('find-seats')).toBeEnabled()
  await expect(kiosk.getByTestId('find-seats')).toHaveText('Find a wheelchair space')
  await kiosk.getByTestId('find-seats').focus()
  await kiosk.keyboard.press('Enter')

  const list = kiosk.getByTestId('seat-list')
  const mine = list.locator('button[aria-pressed="true"]')
  await expect(mine).toHaveCount(2)
  await expect(mine.nth(0)).toHaveAttribute('aria-label', /wheelchair space|companion seat/)
  const labels = [await mine.nth(0).getAttribute('aria-label'), await mine.nth(1).getAttribute('aria-label')].join(' | ')
  expect(labels).toContain('wheelchair space')
  expect(labels).toContain('companion seat')
  await expect.poll(() => holdCount(request)).toBe(2)
  // The list goes straight to the accessible places: no plain seat is listed.
  for (const label of await list.locator('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))) {
    expect(label).toMatch(/wheelchair space|companion seat/)
  }

  // Another free wheelchair space, chosen from the list by keyboard: its companion seat comes with it.
  const otherSpace = list.locator('button:enabled:not([aria-pressed="true"])[aria-label*="wheelchair space"]').first()
  if ((await otherSpace.count()) > 0) {
    const before = await mySeats(kiosk)
    await otherSpace.focus()
    await kiosk.keyboard.press('Enter')
    await expect.poll(async () => (await mySeats(kiosk)).some((id) => before.includes(id))).toBe(false)
    await expect(mine).toHaveCount(2)
    await expect.poll(() => holdCount(request)).toBe(2)
  }

  await kiosk.getByTestId('seats-continue').focus()
  await kiosk.keyboard.press('Enter')
  await expect(kiosk.getByTestId('tickets-continue')).toBeEnabled()
  await kiosk.getByTestId('tickets-continue').focus()
  await kiosk.keyboard.press('Enter')
  await kiosk.getByTestId('payment-VISA').focus()
  await kiosk.keyboard.press('Enter')
  await kiosk.getByTestId('delivery-continue').focus()
  await kiosk.keyboard.press('Enter')
  const order = submittedOrder(kiosk)
  await kiosk.getByTestId('review-pay').focus()
  await kiosk.keyboard.press('Enter')
  expect((await order)[0]!.mode).toBe('SP')
  await kiosk.getByTestId('test-card-approve').focus()
  await kiosk.keyboard.press('Enter')
  await expect(kiosk.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => holdCount(request)).toBe(0)
})

test('accessible seating by touch: a wheelchair space with its companion seat, drawn as the customer’s, bought as picked', async ({ kiosk, request }) => {
  test.setTimeout(120_000)
  await toReservedSeatsByTouch(kiosk)
  const accessible = kiosk.getByTestId('accessible-seating')
  await accessible.tap()
  await expect(accessible).toHaveAttribute('aria-pressed', 'true')
  await expect(kiosk.getByTestId('accessible-note')).toBeVisible()
  await expect(kiosk.getByTestId('find-seats')).toHaveText('Find a wheelchair space')
  await kiosk.getByTestId('find-seats').tap()

  // The space and its companion seat are the customer's, on the map and in the list, and nothing more is held.
  await expect(kiosk.getByTestId('seat-map')).toHaveAttribute('data-seat-states', /"chosen":2/)
  const mine = kiosk.getByTestId('seat-list').locator('button[aria-pressed="true"]')
  await expect(mine).toHaveCount(2)
  const labels = (await mine.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))).join(' | ')
  expect(labels).toContain('wheelchair space')
  expect(labels).toContain('companion seat')
  await expect.poll(() => holdCount(request)).toBe(2)
  const held = (await mySeats(kiosk)).map(Number)
  await expect(kiosk.getByTestId('seat-map-legend').getByTestId('legend-wheelchair')).toBeVisible()

  await buyByTouchAsPicked(kiosk, held)
  await expect(kiosk.getByTestId('done-tickets').locator('li')).toHaveCount(2)
  await expect.poll(() => holdCount(request)).toBe(0)
})
