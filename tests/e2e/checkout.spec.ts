import { join } from 'node:path'
import { pdfText } from '../support/pdf-text'
import { expect, holdCount, test, type Page } from './fixtures'
import { mapReady } from './screens'

/**
 * Paying in the real renderer through the browser host, against the sandbox
 * and its payment terminal (training test cards): the order, the card, the
 * confirm, and the tickets — nothing shown as sold before the vendor confirmed.
 */

/** Two seats at a show, priced, printed here (the kiosk's first choice), paid by Visa: the kiosk on the review screen. */
async function basketOnReview(kiosk: Page, search: string, title: RegExp): Promise<void> {
  await kiosk.getByTestId('touch-to-start').click()
  await kiosk.getByTestId('event-search').fill(search)
  await kiosk.getByTestId('event-list').getByRole('button', { name: title }).click()
  await kiosk.getByTestId('show-list').getByRole('button', { name: 'Choose' }).first().click()
  await mapReady(kiosk)
  await kiosk.getByTestId('section-list').getByRole('button', { name: /Stalls Centre/ }).click()
  await kiosk.getByTestId('find-seats').click()
  await kiosk.getByTestId('keep-set-0').click()
  await kiosk.getByTestId('seats-continue').click()
  await kiosk.getByTestId('tickets-continue').click()
  await kiosk.getByTestId('payment-VISA').click()
  await kiosk.getByTestId('delivery-continue').click()
  await expect(kiosk.getByTestId('review-screen')).toBeVisible()
}

test('a card purchase: the order, the test card approved, the confirmed tickets, printed', async ({ kiosk, request, printSpool }, testInfo) => {
  await basketOnReview(kiosk, 'Kannagi', /Kannagi/)
  const total = (await kiosk.getByTestId('review-total').textContent())!.trim()
  await kiosk.getByTestId('review-pay').click()

  await expect(kiosk.getByTestId('checkout-amount')).toContainText(total)
  await expect(kiosk.getByTestId('card-payment')).toBeVisible()
  // The order owns the seats now: no hold is left to lapse or give back.
  expect(await holdCount(request)).toBe(0)
  await kiosk.screenshot({ path: testInfo.outputPath('checkout-en-SG.png'), fullPage: true })
  await kiosk.getByTestId('test-card-approve').click()

  await expect(kiosk.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
  await expect(kiosk.getByTestId('done-reference')).toContainText(/FY\d{14}/)
  const tickets = kiosk.getByTestId('done-tickets').locator('li')
  await expect(tickets).toHaveCount(2)
  await expect(tickets.first()).toContainText('Row ')
  await expect(tickets.first()).toContainText(/Ticket FY\d{14}-01/)
  await expect(kiosk.getByTestId('done-printed')).toBeVisible()
  await kiosk.screenshot({ path: testInfo.outputPath('done-en-SG.png'), fullPage: true })

  // The printer's PDFs, read back: a ticket per seat with its seat and reference, and the receipt.
  const reference = /FY\d{14}/.exec((await kiosk.getByTestId('done-reference').textContent())!)![0]
  const seatLine = (await tickets.first().textContent())!
  const row = /Row (\w+)/.exec(seatLine)![1]!
  const ticket = await pdfText(join(printSpool, `${reference}-ticket-01.pdf`))
  expect(ticket.text).toContain(reference)
  expect(ticket.text).toContain('Kannagi')
  expect(ticket.text).toContain('Standard')
  expect(ticket.text).toMatch(new RegExp(`ROW\\s*${row}\\s`))
  expect((await pdfText(join(printSpool, `${reference}-ticket-02.pdf`))).text).toContain(reference)
  const receipt = await pdfText(join(printSpool, `${reference}-receipt.pdf`))
  expect(receipt.text).toContain(total.replace('S$', ''))
  // The card lines schemes require, as the (simulated Adyen) terminal reported them through the adapter.
  expect(receipt.text).toMatch(/VISA\s*•+\s*1111/)
  expect(receipt.text).toMatch(/Auth code\s*\d{6}/)
  expect(receipt.text).toMatch(/AID\s*A0000000031010/)
  expect(receipt.text).toContain('411111******1111')

  await kiosk.getByTestId('done-finish').click()
  await expect(kiosk.getByTestId('attract-screen')).toBeVisible()
  await expect(kiosk.getByTestId('basket-button')).toHaveCount(0)
})

test('a declined card takes nothing; another card then pays', async ({ kiosk }) => {
  await basketOnReview(kiosk, 'Nava Rasa', /Nava Rasa/)
  await kiosk.getByTestId('review-pay').click()
  await kiosk.getByTestId('test-card-decline').click()
  await expect(kiosk.getByTestId('checkout-declined')).toContainText('No money was taken')
  await kiosk.getByTestId('test-card-unreachable').click()
  await expect(kiosk.getByTestId('checkout-unavailable')).toBeVisible()
  await kiosk.getByTestId('test-card-approve').click()
  await expect(kiosk.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
  await expect(kiosk.getByTestId('done-tickets').locator('li')).toHaveCount(2)
})

test('stopping a card payment at the kiosk while the terminal waits: nothing taken, then paid', async ({ kiosk }) => {
  await basketOnReview(kiosk, 'Nava Rasa', /Nava Rasa/)
  await kiosk.getByTestId('review-pay').click()
  // The training customer walks up to the terminal and never presents a card.
  await kiosk.getByTestId('test-card-no-card').click()
  await expect(kiosk.getByTestId('checkout-progress')).toBeVisible()
  await kiosk.getByTestId('checkout-stop-payment').click()
  await expect(kiosk.getByTestId('checkout-declined')).toContainText('No money was taken', { timeout: 30_000 })
  await kiosk.getByTestId('test-card-approve').click()
  await expect(kiosk.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
})

test('giving up at the payment voids the order and frees the seats', async ({ kiosk, request }) => {
  await basketOnReview(kiosk, 'Bangsawan', /Bangsawan/)
  await kiosk.getByTestId('review-pay').click()
  await expect(kiosk.getByTestId('card-payment')).toBeVisible()
  await kiosk.getByTestId('checkout-cancel').click()
  await kiosk.getByTestId('cancel-purchase-confirm').click()
  await expect(kiosk.getByTestId('events-screen')).toBeVisible()
  expect(await holdCount(request)).toBe(0)
})
