import { join } from 'node:path'
import { pdfText } from '../support/pdf-text'
import { expect, test, type Page } from './fixtures'
import { toReservedSeatsByTouch } from './screens'

/**
 * Issue #22, on the portrait kiosk by touch: a wheelchair space and its
 * companion seat are named as such, in words and with their symbols, before
 * paying (review), after (done) and on the paper the kiosk prints (tickets,
 * receipt); and one seat is "seat 11", one ticket "1 ticket", never "seats 11".
 */
test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: true })

/** From held seats to the review, by touch: the tickets as offered, card, the delivery offered first (printed here). */
async function toReview(page: Page): Promise<void> {
  await page.getByTestId('seats-continue').tap()
  await expect(page.getByTestId('tickets-continue')).toBeEnabled()
  await page.getByTestId('tickets-continue').tap()
  await page.getByTestId('payment-VISA').tap()
  await page.getByTestId('delivery-continue').tap()
  await expect(page.getByTestId('review-screen')).toBeVisible()
}

/** Pays with the approving test card; the booking reference on the done screen. */
async function pay(page: Page): Promise<string> {
  await page.getByTestId('review-pay').tap()
  await page.getByTestId('test-card-approve').tap()
  await expect(page.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('done-printed')).toBeVisible({ timeout: 30_000 })
  return /FY\d{14}/.exec((await page.getByTestId('done-reference').textContent())!)![0]
}

/** A printed document's words, as read off its PDF in the spool (spaces made single). */
const paper = async (spool: string, name: string) => (await pdfText(join(spool, `${name}.pdf`))).text.replace(/\s+/g, ' ')

test('a wheelchair space and its companion seat are named on the review, the done screen, the tickets and the receipt', async ({ kiosk, printSpool }) => {
  test.setTimeout(150_000)
  await toReservedSeatsByTouch(kiosk)
  await kiosk.getByTestId('accessible-seating').tap()
  await kiosk.getByTestId('find-seats').tap()
  await expect(kiosk.getByTestId('seat-map')).toHaveAttribute('data-seat-states', /"chosen":2/)
  // Already on the seats panel: the customer's seats with their kinds.
  await expect(kiosk.getByTestId('set-0')).toContainText('♿ wheelchair space')

  await toReview(kiosk)
  const line = kiosk.getByTestId('review-lines')
  await expect(line).toContainText(/Row \w+: seat \d+ \(♿ wheelchair space\); seat \d+ \(Ⓒ companion seat\)/)

  const reference = await pay(kiosk)
  const places = kiosk.getByTestId('done-ticket-place')
  await expect(places).toHaveCount(2)
  const said = (await places.allTextContents()).join(' | ')
  expect(said).toMatch(/Row \w+: seat \d+ \(♿ wheelchair space\)/)
  expect(said).toMatch(/Row \w+: seat \d+ \(Ⓒ companion seat\)/)

  const tickets = [await paper(printSpool, `${reference}-ticket-01`), await paper(printSpool, `${reference}-ticket-02`)].join(' | ')
  expect(tickets).toContain('♿ Wheelchair space')
  expect(tickets).toContain('Ⓒ Companion seat')
  const receipt = await paper(printSpool, `${reference}-receipt`)
  expect(receipt).toMatch(/Seats: Row \w+: \d+ \(♿ wheelchair space\); \d+ \(Ⓒ companion seat\)/)
})

test('one seat is said as one: "seat 11" and "1 ticket" on screen, "Seat:" on the receipt', async ({ kiosk, printSpool }) => {
  test.setTimeout(150_000)
  await toReservedSeatsByTouch(kiosk)
  await kiosk.getByTestId('quantity-less').tap()
  await expect(kiosk.getByTestId('quantity')).toHaveText('1')
  await kiosk.getByTestId('section-list').getByRole('button', { name: /Stalls Centre/ }).tap()
  await kiosk.getByTestId('find-seats').tap()
  const set = kiosk.getByTestId('set-0')
  await expect(set.locator('p').first()).toHaveText(/^Row \w+: seat \d+$/)
  await kiosk.getByTestId('keep-set-0').tap()

  await toReview(kiosk)
  await expect(kiosk.getByTestId('review-screen')).toContainText('1 ticket')
  await expect(kiosk.getByTestId('review-screen')).not.toContainText('1 tickets')
  await expect(kiosk.getByTestId('review-lines')).toContainText(/Row \w+: seat \d+/)
  await expect(kiosk.getByTestId('review-lines')).not.toContainText(/seats \d/)

  const reference = await pay(kiosk)
  await expect(kiosk.getByTestId('done-ticket-place')).toContainText(/Row \w+: seat \d+ ·/)
  expect(await paper(printSpool, `${reference}-receipt`)).toMatch(/Seat: Row \w+: \d+ /)
})
