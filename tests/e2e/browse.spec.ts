import { expect, test } from './fixtures'

/**
 * The first steps of a walk-up sale through the real renderer, against the
 * sandbox: touch to start, find an event (the 3-character search rule, genre,
 * sort, a language switch), and its shows with every availability shown.
 */
test.beforeEach(async ({ kiosk }) => {
  await kiosk.getByTestId('touch-to-start').click()
  await expect(kiosk.getByTestId('events-screen')).toBeVisible()
  await expect(kiosk.getByTestId('event-list').getByRole('button').first()).toBeVisible()
})

test('searching sends nothing under 3 characters, says why, and finds events from 3 on', async ({ kiosk, page }) => {
  const asked: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/ipc/catalogue.events')) asked.push(request.postData() ?? '')
  })
  await kiosk.getByTestId('event-search').fill('ro')
  await expect(kiosk.getByTestId('search-hint')).toHaveText('Type at least 3 letters to search.')
  await kiosk.waitForTimeout(600)
  expect(asked, 'no question is sent for two letters').toEqual([])

  await kiosk.getByTestId('event-search').fill('rock')
  await expect(kiosk.getByTestId('search-hint')).toHaveCount(0)
  // Escaped API text is shown as text: the title keeps its ampersand and quotes.
  await expect.poll(() => asked.some((body) => body.includes('"search":"rock"'))).toBe(true)
  // Narrowed to the few events that mention rock (title, promoter, genre, venue or synopsis).
  await expect.poll(() => kiosk.getByTestId('event-list').getByRole('button').count()).toBeLessThan(5)
  await expect(kiosk.getByText('Rock & Roll "Live" at the Lawn')).toBeVisible()
})

test('filters by genre, sorts, and asks again in the language the customer picks', async ({ kiosk }) => {
  const list = kiosk.getByTestId('event-list').getByRole('button')
  const all = await list.count()
  await kiosk.getByTestId('genre-sports').click()
  await expect.poll(() => list.count()).toBeLessThan(all)
  await kiosk.getByTestId('genre-sports').click()
  await kiosk.getByTestId('sort-title').click()
  await expect.poll(async () => {
    const titles = await kiosk.locator('.event-title').allTextContents()
    return titles.length > 3 && titles.slice(0, 5).every((t, i, a) => i === 0 || a[i - 1]!.localeCompare(t, 'en') <= 0)
  }).toBe(true)
  await kiosk.getByTestId('language-zh-CN').click()
  await expect(kiosk.getByRole('heading', { level: 1 })).toHaveText('近期演出')
  // The titles come from the API in the new language, not just the screen's own words.
  await expect.poll(async () => (await kiosk.locator('.event-title').first().textContent()) ?? '').toMatch(/[\u4e00-\u9fff]/)
})

test('shows every show with its availability; sold-out and cancelled shows cannot be chosen', async ({ kiosk }, testInfo) => {
  await kiosk.getByTestId('event-search').fill('Kopi')
  await kiosk.getByText('Kopi & Kaya: The Musical').click()
  await expect(kiosk.getByTestId('shows-screen')).toBeVisible()
  await expect(kiosk.getByTestId('event-title')).toHaveText('Kopi & Kaya: The Musical')
  const soldOut = kiosk.getByTestId('show-list').locator('li', { has: kiosk.getByTestId('badge-sold-out') })
  await expect(soldOut).toHaveCount(1)
  await expect(soldOut.getByRole('button')).toBeDisabled()
  await expect(kiosk.getByTestId('show-list').getByRole('button', { name: 'Choose' }).first()).toBeEnabled()
  await kiosk.screenshot({ path: testInfo.outputPath('shows-en-SG.png'), fullPage: true })
  // A language switch here asks again: the event's own texts come back in that language.
  await kiosk.getByTestId('language-zh-HK').click()
  await expect(kiosk.getByTestId('event-title')).toHaveText(/[\u4e00-\u9fff]/)
  await kiosk.getByTestId('language-en-SG').click()
  await expect(kiosk.getByTestId('event-title')).toHaveText('Kopi & Kaya: The Musical')

  await kiosk.getByTestId('back-to-events').click()
  await kiosk.getByTestId('event-search').fill('Siu Ma')
  await kiosk.getByText('Siu Ma: Cantonese Stand-up Live').click()
  const cancelled = kiosk.getByTestId('show-list').locator('li', { has: kiosk.getByTestId('badge-cancelled') })
  await expect(cancelled).toHaveCount(1)
  await expect(cancelled.getByRole('button')).toBeDisabled()
})

test('an event whose sale has not started says from when, and sells nothing yet', async ({ kiosk }) => {
  await kiosk.getByTestId('event-search').fill('Monsoon')
  const event = kiosk.getByRole('button', { name: /Seventh Monsoon 10th Anniversary Concert/ })
  await expect(event.getByTestId('on-sale-from')).toContainText('On sale from')
  await event.click()
  await expect(kiosk.getByTestId('shows-screen').getByTestId('on-sale-from')).toBeVisible()
  const buttons = kiosk.getByTestId('show-list').getByRole('button')
  await expect(buttons.first()).toBeDisabled()
})

test('a tap on an event lands on it, though the search answer comes back while the finger is down', async ({ kiosk, page }) => {
  // The answer to "Monsoon" is held until the finger is down on the event, as on a slow line.
  let answer = () => {}
  const held = new Promise<void>((resolve) => (answer = resolve))
  await page.route('**/ipc/catalogue.events', async (route) => {
    if ((route.request().postDataJSON() as { search?: string }).search === 'Monsoon') await held
    await route.continue()
  })
  const asked = page.waitForRequest((request) => request.url().includes('/ipc/catalogue.events') && (request.postData() ?? '').includes('"search":"Monsoon"'))
  await kiosk.getByTestId('event-search').fill('Monsoon')
  await asked
  // Seen in the list as it was, before the search's answer.
  const event = kiosk.getByRole('button', { name: /Seventh Monsoon 10th Anniversary Concert/ })
  await event.scrollIntoViewIfNeeded()
  const box = (await event.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  const answered = page.waitForResponse((response) => response.url().includes('/ipc/catalogue.events'))
  answer()
  await answered
  // The answer has reached the screen (its "Loading" went) while the finger is still down.
  await expect.poll(() => kiosk.evaluate(() => document.querySelector('[aria-busy="true"]') === null)).toBe(true)
  // Two frames for the list to be laid out again; a moment at most, as headless Chromium on a busy
  // machine can stop drawing frames (a bare requestAnimationFrame then never comes back: catalogue-scale).
  await kiosk.evaluate(() => new Promise((resolve) => {
    setTimeout(resolve, 500)
    requestAnimationFrame(() => requestAnimationFrame(resolve))
  }))
  await page.mouse.up()
  await expect(kiosk.getByTestId('shows-screen')).toBeVisible()
  await expect(kiosk.getByTestId('event-title')).toHaveText('Seventh Monsoon 10th Anniversary Concert')
})
