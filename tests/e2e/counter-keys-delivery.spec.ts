import { COUNTER_PIN, COUNTER_SUPERVISOR, expect, openCounter, test } from './fixtures'
import { twoSeatsToDelivery } from './counter-basket'
import { mapReady } from './screens'

/**
 * The counter at the box office window (landscape 1920x1080), on a
 * counter-mode host of the worker's own: what a cashier hands over (printed
 * now, or e-tickets to the customer's e-mail; never "collect at the box
 * office"), and the keys: Escape is Back on every step but never cancels a
 * purchase without asking, and Enter is the screen's main action even after a
 * mouse click left the focus on some other button.
 */
test.use({ viewport: { width: 1920, height: 1080 } })
// A whole sale by keyboard in a test, on a machine that may be three times slower than a quiet one.
test.describe.configure({ timeout: 180_000 })

test('delivery at the counter: printed now to start with, or e-tickets to the e-mail the customer gives; no collecting at the box office', async ({
  page,
  request,
  counterHostUrl,
}) => {
  await openCounter(page, request, counterHostUrl, true)
  await twoSeatsToDelivery(page, 'Hamlet', /Hamlet in the Straits/)

  const deliveries = page.getByTestId('delivery-methods').getByRole('button')
  await expect(page.getByTestId('delivery-PRINT_ON_SITE')).toHaveAttribute('aria-pressed', 'true')
  await expect(deliveries).toHaveCount(2)
  await expect(page.getByTestId('delivery-ETICKET')).toBeVisible()
  await expect(page.getByTestId('delivery-BOX_OFFICE_COLLECTION')).toHaveCount(0)

  // E-tickets: the customer's e-mail, typed twice, before the sale goes on.
  await page.getByTestId('payment-VISA').click()
  await page.getByTestId('delivery-ETICKET').click()
  await expect(page.getByTestId('delivery-continue')).toBeDisabled()
  await page.getByTestId('patron-email').fill('mei.tan@example.com')
  await page.getByTestId('patron-email-again').fill('mei.tan@example.com')
  await page.getByTestId('delivery-continue').click()
  await expect(page.getByTestId('review-email')).toHaveText('mei.tan@example.com')
  await expect(page.getByTestId('review-delivery')).toContainText('E-ticket')
})

test('Enter is the main action even after a click: the PIN pad signs in, "+" then Enter finds seats, a choice then Enter goes on', async ({
  page,
  request,
  counterHostUrl,
}) => {
  await openCounter(page, request, counterHostUrl, false)
  await page.getByTestId('counter-name').fill(COUNTER_SUPERVISOR)
  // The PIN tapped on the pad with the mouse: the last digit keeps the focus, and Enter signs in (it does not type that digit again).
  for (const digit of COUNTER_PIN) await page.getByTestId(`counter-pin-${digit}`).click()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('events-screen')).toBeVisible()

  await page.getByTestId('event-search').fill('Hamlet')
  await page.getByTestId('event-list').getByRole('button', { name: /Hamlet in the Straits/ }).click()
  await page.getByTestId('show-list').getByRole('button', { name: 'Choose' }).first().click()
  await mapReady(page)
  await page.getByTestId('section-list').locator('button:enabled').first().click()
  await page.getByTestId('quantity-more').click()
  await expect(page.getByTestId('quantity')).toHaveText('3')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('offered-sets')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('quantity')).toHaveText('3')

  // The kept set's button goes away with the click (the focus with it); Enter goes on once the seats are kept.
  await page.getByTestId('keep-set-0').click()
  await expect(page.getByTestId('seats-continue')).toBeEnabled()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('tickets-screen')).toBeVisible()
  await expect(page.getByTestId('tickets-continue')).toBeEnabled()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('delivery-screen')).toBeVisible()

  // A payment chosen with the mouse (the focus stays on it): Enter goes on to the review.
  await page.getByTestId('payment-CASH').click()
  await expect(page.getByTestId('delivery-continue')).toBeEnabled()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('review-screen')).toBeVisible()
})

test('Escape is Back on every step; at the payment it asks before cancelling, and Escape in that question keeps the purchase', async ({
  page,
  request,
  counterHostUrl,
}) => {
  await openCounter(page, request, counterHostUrl, true)
  // In the search, Escape clears what was typed (the field's own meaning) and stays on the events.
  await page.getByTestId('event-search').fill('Hamlet')
  await page.getByTestId('event-search').press('Escape')
  await expect(page.getByTestId('event-search')).toHaveValue('')
  await expect(page.getByTestId('events-screen')).toBeVisible()

  await twoSeatsToDelivery(page, 'Hamlet', /Hamlet in the Straits/)
  await page.getByTestId('payment-CASH').click()
  await page.getByTestId('delivery-continue').click()
  await expect(page.getByTestId('review-screen')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('delivery-screen')).toBeVisible()
  await page.getByTestId('delivery-continue').click()
  await page.getByTestId('review-pay').click()

  // Cash without an open shift: the payment screen says so; Escape goes back to the review, the basket kept.
  await expect(page.getByTestId('checkout-open-shift')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('review-screen')).toBeVisible()
  await expect(page.getByTestId('review-lines').locator('article')).toHaveCount(1)

  // By card: the order is placed; Escape asks first, and Escape in the question keeps the purchase.
  await page.getByTestId('review-change-options').click()
  await page.getByTestId('payment-VISA').click()
  await page.getByTestId('delivery-continue').click()
  await page.getByTestId('review-pay').click()
  await expect(page.getByTestId('card-payment')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('cancel-purchase-dialog')).toBeVisible()
  await expect(page.getByTestId('cancel-purchase-keep')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('cancel-purchase-dialog')).toHaveCount(0)
  await expect(page.getByTestId('card-payment')).toBeVisible()
  await expect(page.getByTestId('checkout-amount')).toBeVisible()
})
