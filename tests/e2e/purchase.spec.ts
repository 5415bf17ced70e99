import { join } from 'node:path'
import { pdfText } from '../support/pdf-text'
import { expect, holdCount, test, type Page } from './fixtures'
import { mapReady } from './screens'

/**
 * The walk-up sale through the real renderer against the sandbox, from the
 * attract screen to the review before payment: seats, tickets priced on them,
 * delivery and payment common to the basket, every line and the total. Each
 * spec sells a different show, so they can run beside the seats specs.
 */

async function openFirstShow(kiosk: Page, search: string, title: RegExp): Promise<void> {
  await kiosk.getByTestId('event-search').fill(search)
  await kiosk.getByTestId('event-list').getByRole('button', { name: title }).click()
  await kiosk.getByTestId('show-list').getByRole('button', { name: 'Choose' }).first().click()
  await expect(kiosk.getByTestId('seats-screen')).toBeVisible()
}

async function keepBestPair(kiosk: Page, section: RegExp, setIndex: number): Promise<void> {
  await mapReady(kiosk)
  await kiosk.getByTestId('section-list').getByRole('button', { name: section }).click()
  await kiosk.getByTestId('find-seats').click()
  await kiosk.getByTestId(`keep-set-${setIndex}`).click()
  await expect(kiosk.getByTestId(`set-${setIndex}`)).toHaveClass(/chosen/)
}

test('a reserved-seat purchase up to checkout: seats, mixed tickets, delivery, payment, review', async ({ kiosk, request }, testInfo) => {
  await kiosk.getByTestId('touch-to-start').click()
  await openFirstShow(kiosk, 'Hamlet', /Hamlet in the Straits/)
  await keepBestPair(kiosk, /Stalls Centre/, 0)
  expect(await holdCount(request)).toBe(2)

  await kiosk.getByTestId('seats-continue').click()
  await expect(kiosk.getByTestId('tickets-screen')).toBeVisible()
  // The first class that can take both seats is chosen to start with: already sellable.
  await expect(kiosk.getByTestId('count-A')).toHaveText('2')
  await expect(kiosk.getByTestId('tickets-continue')).toBeEnabled()
  await kiosk.screenshot({ path: testInfo.outputPath('tickets-en-SG.png'), fullPage: true })

  // One adult and one senior: one fewer Standard leaves a seat without a ticket.
  await kiosk.getByTestId('fewer-A').click()
  await expect(kiosk.getByTestId('tickets-guidance')).toContainText('Chosen so far: 1')
  await expect(kiosk.getByTestId('tickets-continue')).toBeDisabled()
  await kiosk.getByTestId('more-SEN').click()
  await expect(kiosk.getByTestId('tickets-guidance')).toContainText('2 tickets chosen')
  // A third ticket for two seats is not allowed.
  await kiosk.getByTestId('more-A').click()
  await expect(kiosk.getByTestId('tickets-continue')).toBeDisabled()
  await kiosk.getByTestId('fewer-A').click()
  await kiosk.getByTestId('tickets-continue').click()

  await expect(kiosk.getByTestId('delivery-screen')).toBeVisible()
  // Printed here to start with: a walk-up customer leaves with the tickets (e-tickets: kiosk-customer.spec.ts).
  await expect(kiosk.getByTestId('delivery-PRINT_ON_SITE')).toHaveAttribute('aria-pressed', 'true')
  await expect(kiosk.getByTestId('delivery-continue')).toBeDisabled()
  // A self-service kiosk takes no cash.
  await expect(kiosk.getByTestId('payment-VISA')).toBeVisible()
  await expect(kiosk.getByTestId('payment-CASH')).toHaveCount(0)
  await kiosk.getByTestId('payment-VISA').click()
  await kiosk.screenshot({ path: testInfo.outputPath('delivery-en-SG.png'), fullPage: true })
  await kiosk.getByTestId('delivery-continue').click()

  await expect(kiosk.getByTestId('review-screen')).toBeVisible()
  const lines = kiosk.getByTestId('review-lines').locator('article')
  await expect(lines).toHaveCount(1)
  await expect(lines.first()).toContainText('Hamlet in the Straits')
  await expect(lines.first()).toContainText('Row ')
  await expect(lines.first()).toContainText('1 × Standard')
  await expect(lines.first()).toContainText('1 × Senior')
  await expect(kiosk.getByTestId('review-delivery')).toContainText('Printed here, now')
  await expect(kiosk.getByTestId('review-payment')).toHaveText('Visa')
  await expect(kiosk.getByTestId('review-total')).toHaveText(/^S\$\d+\.\d\d$/)
  await kiosk.screenshot({ path: testInfo.outputPath('review-en-SG.png'), fullPage: true })
  // Still held for the customer until checkout.
  expect(await holdCount(request)).toBe(2)

  // Taking the line out gives its seats back at once and returns to the events.
  await kiosk.getByTestId('review-lines').getByRole('button', { name: 'Remove' }).click()
  await kiosk.getByTestId('remove-line-confirm').click()
  await expect(kiosk.getByTestId('events-screen')).toBeVisible()
  await expect.poll(() => holdCount(request)).toBe(0)
})

test('a general-admission purchase takes a number of places, no seats, and prints them in whole words, marked as training', async ({ kiosk, request, printSpool }) => {
  await kiosk.getByTestId('touch-to-start').click()
  await openFirstShow(kiosk, 'Satay', /Satay by the River/)
  await expect(kiosk.getByTestId('ga-note')).toBeVisible()
  await kiosk.getByTestId('quantity-more').click()
  await expect(kiosk.getByTestId('quantity')).toHaveText('3')
  await kiosk.getByTestId('seats-continue').click()

  await expect(kiosk.getByTestId('tickets-seats')).toContainText('3 places')
  await expect(kiosk.getByTestId('count-A')).toHaveText('3')
  await kiosk.getByTestId('tickets-continue').click()
  await kiosk.getByTestId('payment-NETS').click()
  await kiosk.getByTestId('delivery-continue').click()
  await expect(kiosk.getByTestId('review-lines')).toContainText('3 places')
  await expect(kiosk.getByTestId('review-lines')).toContainText('3 × Standard')
  // General admission holds nothing until the order allocates places.
  expect(await holdCount(request)).toBe(0)

  await kiosk.getByTestId('review-pay').click()
  await kiosk.getByTestId('test-card-approve').click()
  await expect(kiosk.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
  const reference = /FY\d{14}/.exec((await kiosk.getByTestId('done-reference').textContent())!)![0]
  const ticket = (await pdfText(join(printSpool, `${reference}-ticket-01.pdf`))).text.replace(/\s+/g, ' ')
  // Whole words on the paper (it printed "Genera l admiss ion"), and training paper says it is not valid.
  expect(ticket).toContain('General admission')
  expect(ticket).toContain('TRAINING — NOT VALID FOR ENTRY OR PAYMENT')
})

test('the basket holds several shows; the language can change mid-flow', async ({ kiosk, request }) => {
  await kiosk.getByTestId('touch-to-start').click()
  await openFirstShow(kiosk, 'Swan', /Swan Lake/)
  await keepBestPair(kiosk, /Stalls Centre/, 1)
  await kiosk.getByTestId('seats-continue').click()

  // Mid-flow, the customer switches to Simplified Chinese: the step and the show are in Chinese.
  await kiosk.getByTestId('language-zh-CN').click()
  await expect(kiosk.getByTestId('tickets-screen').locator('h1')).toHaveText('选择门票')
  await expect(kiosk.getByTestId('tickets-screen')).toContainText('天鹅湖')
  await kiosk.getByTestId('add-another-show').click()

  // A second show, general admission, into the same basket.
  await expect(kiosk.getByTestId('events-screen')).toBeVisible()
  await expect(kiosk.getByTestId('basket-button')).toContainText('2')
  await kiosk.getByTestId('language-en-SG').click()
  await openFirstShow(kiosk, 'Satay', /Satay by the River/)
  await kiosk.getByTestId('seats-continue').click()
  await kiosk.getByTestId('tickets-continue').click()
  await kiosk.getByTestId('payment-MASTERCARD').click()
  await kiosk.getByTestId('delivery-continue').click()

  const lines = kiosk.getByTestId('review-lines').locator('article')
  await expect(lines).toHaveCount(2)
  await expect(lines.nth(0)).toContainText('Swan Lake')
  await expect(lines.nth(1)).toContainText('Satay by the River')
  await expect(kiosk.getByTestId('review-screen')).toContainText('4 tickets')
  expect(await holdCount(request)).toBe(2)

  // Switching language on the review re-asks the shows: the lines follow.
  await kiosk.getByTestId('language-zh-HK').click()
  await expect(lines.nth(0)).toContainText('天鵝湖')
  await expect(lines.nth(1)).toContainText('河畔沙嗲節')
})
