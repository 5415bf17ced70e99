import { join } from 'node:path'
import { pdfText } from '../support/pdf-text'
import { expect, test, type Page } from './fixtures'
import { chooseLanguage, kioskLocales, type KioskLocale } from './screens'

/**
 * The portrait kiosk (1080x1920) in each of its four languages: the events
 * heading keeps its words on one line, a general-admission lawn speaks of
 * tickets and people, never seats, a two-character Chinese search finds
 * events in the list rather than being refused, and the printed tickets and
 * receipt are in the language the customer bought in.
 */
test.use({ viewport: { width: 1080, height: 1920 } })
// Four languages in a test, on a machine that may be three times slower than a quiet one.
test.describe.configure({ timeout: 180_000 })

/** The riverside lawn's rock night: general admission, standing on the grass. */
const LAWN = { code: 'FY26ROCKLAWN', promoter: 'Smith & Sons' }

/** Words that speak of seats, in each language (座 in 座位, 有座, 入座). */
const seatWords: Record<KioskLocale, RegExp> = { 'en-SG': /\bseat/i, 'zh-CN': /座/, 'zh-HK': /座/, 'ms-MY': /tempat duduk/i }

/** From the events to the lawn's first show on sale: its seats step, which takes a number of places. */
async function toLawnSeats(page: Page): Promise<void> {
  await page.getByTestId('event-search').fill(LAWN.promoter)
  await page.getByTestId(`event-${LAWN.code}`).click()
  await page.getByTestId('show-list').locator('button:enabled').first().click()
  await expect(page.getByTestId('ga-note')).toBeVisible()
}

/** Everything a screen says: its text, and the names of its regions and controls. */
async function wordsOf(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((screen) => {
    const labels = [...screen.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label'))
    return [(screen as HTMLElement).innerText, ...labels].join('\n')
  })
}

test('the events heading keeps its words on one line in every language (no one-character column)', async ({ kiosk }) => {
  await kiosk.getByTestId('touch-to-start').click()
  const heading = kiosk.getByTestId('events-screen').getByRole('heading', { level: 1 })
  for (const locale of kioskLocales) {
    await chooseLanguage(kiosk, locale)
    await expect(heading).toBeVisible()
    const { height, fontSize } = await heading.evaluate((h1) => ({ height: h1.getBoundingClientRect().height, fontSize: parseFloat(getComputedStyle(h1).fontSize) }))
    // One line is about 1.2 to 1.5 times the font size; "近期演出" one character a line was four.
    expect(height, `${locale}: the heading is ${height}px tall at ${fontSize}px`).toBeLessThan(2 * fontSize)
  }
})

test('a general-admission lawn says no seat words in any language, on the seats and the tickets step', async ({ kiosk }) => {
  await kiosk.getByTestId('touch-to-start').click()
  for (const locale of kioskLocales) {
    await chooseLanguage(kiosk, locale)
    await toLawnSeats(kiosk)
    await expect(kiosk.getByTestId('section-list').getByRole('button')).toHaveCount(1)
    expect(await wordsOf(kiosk, 'seats-screen'), `${locale}: the lawn's seats step`).not.toMatch(seatWords[locale])

    await kiosk.getByTestId('seats-continue').click()
    await expect(kiosk.getByTestId('tickets-guidance')).toBeVisible()
    expect(await wordsOf(kiosk, 'tickets-screen'), `${locale}: the lawn's tickets step`).not.toMatch(seatWords[locale])

    await kiosk.getByTestId('tickets-back').click()
    await kiosk.getByTestId('back-to-shows').click()
    await kiosk.getByTestId('back-to-events').click()
    await expect(kiosk.getByTestId('events-screen')).toBeVisible()
  }
})

test('a two-character Chinese search looks through the listed events and says so, rather than refusing', async ({ kiosk }) => {
  await kiosk.getByTestId('touch-to-start').click()
  await chooseLanguage(kiosk, 'zh-CN')
  await expect(kiosk.getByTestId('event-list').getByRole('button').first()).toBeVisible()
  const listed = await kiosk.getByTestId('event-list').getByRole('button').count()

  await kiosk.getByTestId('event-search').fill('摇滚')
  await expect(kiosk.getByTestId('search-here')).toContainText('摇滚')
  await expect(kiosk.getByTestId('search-hint')).toHaveCount(0)
  await expect(kiosk.getByTestId(`event-${LAWN.code}`)).toBeVisible()
  // Only the events that mention it: fewer than the whole list.
  await expect.poll(() => kiosk.getByTestId('event-list').getByRole('button').count()).toBeLessThan(listed)

  // In traditional characters too, and a word no event mentions says so and points to the genres.
  await chooseLanguage(kiosk, 'zh-HK')
  await kiosk.getByTestId('event-search').fill('搖滾')
  await expect(kiosk.getByTestId(`event-${LAWN.code}`)).toBeVisible()
  await kiosk.getByTestId('event-search').fill('滑雪')
  await expect(kiosk.getByTestId('search-here')).toContainText('沒有')
  await expect(kiosk.getByTestId('event-list').getByRole('button')).toHaveCount(0)
  await expect(kiosk.getByTestId('genre-concert')).toBeVisible()
})

test('the tickets and the receipt are printed in the language the customer chose', async ({ kiosk, printSpool }) => {
  await kiosk.getByTestId('touch-to-start').click()
  await chooseLanguage(kiosk, 'zh-CN')
  await toLawnSeats(kiosk)
  await kiosk.getByTestId('seats-continue').click()
  await kiosk.getByTestId('tickets-continue').click()
  await kiosk.getByTestId('payment-VISA').click()
  await kiosk.getByTestId('delivery-continue').click()
  await kiosk.getByTestId('review-pay').click()
  await kiosk.getByTestId('test-card-approve').click()
  await expect(kiosk.getByTestId('done-screen')).toBeVisible({ timeout: 60_000 })
  const reference = /FY\d{14}/.exec((await kiosk.getByTestId('done-reference').textContent())!)![0]

  // Read back as written: the PDF's fonts name some characters by their compatibility forms (⾃ for 自), which NFKC folds.
  const paper = async (name: string) => (await pdfText(join(printSpool, `${reference}-${name}.pdf`))).text.normalize('NFKC').replace(/\s+/g, '')
  const ticket = await paper('ticket-01')
  for (const words of ['自由入场', '票种', '订单编号', '入场时请出示此码', '培训用']) expect(ticket).toContain(words)
  const receipt = await paper('receipt')
  for (const words of ['收据', '订单编号', '取票方式:现场打印', '总计', '谢谢惠顾']) expect(receipt).toContain(words)
  for (const page of [ticket, receipt]) expect(page).not.toMatch(/Bookingreference|Receipt|Tickettype|Showthiscode/)
  // A lawn has no seats, on paper either.
  for (const page of [ticket, receipt]) expect(page).not.toContain('座')
})
