import { expect, holdCount, ipc, test, type Page } from './fixtures'
import { mapReady } from './screens'

/**
 * A customer at a portrait self-service kiosk (1080×1920), by what is on the
 * screen (issue #14, "The kiosk customer"): tickets printed here unless they
 * type an e-mail (twice) for e-tickets, and the done screen saying exactly
 * where the tickets are; buttons that cannot be pressed look it and say why;
 * "Paid — printing your tickets" while the tickets print; Cancel purchase and
 * Remove ask first; places with their area and category, event dates, and a
 * done screen that goes back to the start by itself.
 */
test.use({ viewport: { width: 1080, height: 1920 } })

const ACCENT = 'rgb(255, 181, 71)'
const STADIUM = { search: 'Straits Football', code: 'FY26STRAITSCUP' }

async function openEvent(kiosk: Page, search: string, code: string): Promise<void> {
  await kiosk.getByTestId('touch-to-start').click()
  await kiosk.getByTestId('event-search').fill(search)
  await kiosk.getByTestId(`event-${code}`).click()
  await kiosk.getByTestId('show-list').locator('button:enabled').first().click()
  await mapReady(kiosk)
}

/** `area`: a big venue lists its sections by area (and price band) first. */
async function keepBestPair(kiosk: Page, section: RegExp, area?: string): Promise<void> {
  if (area) await kiosk.getByTestId(`area-${area}`).click()
  await kiosk.getByTestId('section-list').getByRole('button', { name: section }).click()
  await kiosk.getByTestId('find-seats').click()
  await expect(kiosk.getByTestId('offered-sets')).toBeVisible()
  // Best Available offers two sets to choose from; a Hot Show (the stadium final) one, already the customer's.
  if ((await kiosk.getByTestId('keep-set-0').count()) > 0) await kiosk.getByTestId('keep-set-0').click()
  await kiosk.getByTestId('seats-continue').click()
  await kiosk.getByTestId('tickets-continue').click()
  await expect(kiosk.getByTestId('delivery-screen')).toBeVisible()
}

/** Two seats in the theatre's stalls, on the delivery step. */
async function theatreToDelivery(kiosk: Page, search: string, title: RegExp): Promise<void> {
  await kiosk.getByTestId('touch-to-start').click()
  await kiosk.getByTestId('event-search').fill(search)
  await kiosk.getByTestId('event-list').getByRole('button', { name: title }).click()
  await kiosk.getByTestId('show-list').getByRole('button', { name: 'Choose' }).first().click()
  await mapReady(kiosk)
  await keepBestPair(kiosk, /Stalls Centre/)
}

const background = (kiosk: Page, testId: string) => kiosk.getByTestId(testId).evaluate((el) => getComputedStyle(el).backgroundColor)

test('e-tickets go only to the e-mail the customer typed twice; the stadium section is said with its area and category', async ({ kiosk, request }) => {
  // The stadium's 55,000-seat map, a sale and its printing.
  test.setTimeout(120_000)
  await kiosk.getByTestId('touch-to-start').click()
  await kiosk.getByTestId('event-search').fill(STADIUM.search)
  // Event cards say when the event is on.
  await expect(kiosk.getByTestId(`event-${STADIUM.code}`).getByTestId('event-dates')).toHaveText(/\d{1,2} \w{3} \d{4}/)
  await kiosk.getByTestId('back-to-attract').click()
  await openEvent(kiosk, STADIUM.search, STADIUM.code)
  await keepBestPair(kiosk, /^101\b/, 'Level 1')

  // Printed here is chosen to start with, and asks for no e-mail.
  await expect(kiosk.getByTestId('delivery-PRINT_ON_SITE')).toHaveAttribute('aria-pressed', 'true')
  await expect(kiosk.getByTestId('patron-email')).toHaveCount(0)
  await kiosk.getByTestId('payment-VISA').click()
  await expect(kiosk.getByTestId('delivery-continue')).toBeEnabled()

  // An e-ticket: no going on without an e-mail, typed twice, the same both times.
  await kiosk.getByTestId('delivery-ETICKET').click()
  await expect(kiosk.getByTestId('delivery-continue')).toBeDisabled()
  await expect(kiosk.getByTestId('delivery-guidance')).toHaveText('Type your e-mail for the e-tickets, or choose tickets printed here.')
  await kiosk.getByTestId('patron-email').fill('mei.tan@example.com')
  await kiosk.getByTestId('patron-email-again').fill('mei.tan@exmaple.com')
  await expect(kiosk.getByTestId('delivery-guidance')).toHaveText('The two e-mail addresses are not the same. Please check them.')
  await expect(kiosk.getByTestId('delivery-continue')).toBeDisabled()
  await kiosk.getByTestId('patron-email-again').fill('mei.tan@example.com')
  await expect(kiosk.getByTestId('delivery-continue')).toBeEnabled()
  await kiosk.getByTestId('delivery-continue').click()

  await expect(kiosk.getByTestId('review-email')).toHaveText('mei.tan@example.com')
  // Not a bare "101": the area, the section and the price category, as the receipt has them.
  await expect(kiosk.getByTestId('cart-line-place')).toHaveText(/^Level \d · Section 101 · CAT \d$/)
  await kiosk.getByTestId('review-pay').click()
  await kiosk.getByTestId('test-card-approve').click()

  await expect(kiosk.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
  await expect(kiosk.getByTestId('done-delivery')).toHaveText('Your e-tickets are e-mailed to mei.tan@example.com.')
  await expect(kiosk.getByTestId('done-ticket-place').first()).toContainText(/Level \d · Section 101 · CAT \d · Row \w+/)

  // Main refuses an e-ticket order sent to the box office's own address, whatever a renderer asks.
  const productId = (await ipc<{ shows: { productId: number }[] }>(request, 'catalogue.shows', { code: STADIUM.code, lang: 'EN_SG' })).shows[0]!.productId
  const overview = await ipc<{ sections: { sectionId: number; priceCategoryId: number }[] }>(request, 'seatmap.overview', { productId })
  const { sectionId, priceCategoryId } = overview.sections[0]!
  const order = {
    patron: { email: 'boxoffice@foyer-training.invalid' },
    items: [{ productId, sectionId, priceCategoryId, mode: '', quantity: 1, lines: [{ priceClassCode: 'A', quantity: 1 }] }],
    deliveryMethodCode: 'ETICKET',
    paymentMethodCode: 'VISA',
    totalAmount: 71,
  }
  await expect(ipc(request, 'checkout.submit', { order })).rejects.toThrow('checkout.eticket-needs-email')
})

test('paid by card: "Paid — printing your tickets" while they print, then the done screen says where they are and goes back to the start', async ({ kiosk }) => {
  // The sale and the printing.
  test.setTimeout(120_000)
  await theatreToDelivery(kiosk, 'Hamlet', /Hamlet in the Straits/)
  await kiosk.getByTestId('payment-VISA').click()
  await kiosk.getByTestId('delivery-continue').click()
  await kiosk.getByTestId('review-pay').click()
  await kiosk.getByTestId('test-card-approve').click()

  // No longer the card terminal's instructions once the card is approved: paid, and the tickets coming.
  await expect(kiosk.getByTestId('checkout-paid-headline')).toHaveText('Paid — printing your tickets', { timeout: 20_000 })
  await expect(kiosk.getByTestId('checkout-paid-step')).toHaveText(/^[0-3] of 3 printed$|^All printed$/)
  await expect(kiosk.getByTestId('checkout-stop-payment')).toHaveCount(0)
  await expect(kiosk.getByTestId('checkout-progress')).not.toContainText('Follow the instructions on the card terminal')

  await expect(kiosk.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
  // Printed here: nothing is said about an e-mail.
  await expect(kiosk.getByTestId('done-printed')).toHaveText('Please take your tickets and receipt from the printer.')
  await expect(kiosk.getByTestId('done-delivery')).toHaveCount(0)
  await expect(kiosk.getByTestId('done-screen')).not.toContainText(/e-mail/i)
  await expect(kiosk.getByTestId('done-finish')).toHaveText('Done')
  // Back to the start by itself after about 15 s, counting down where the customer can see it (the going
  // back itself is pinned by tests/renderer/done-screen.test.ts on a fake clock); Done goes at once.
  await expect(kiosk.getByTestId('done-countdown')).toHaveText(/^Back to the start in 1[0-5] s$/)
  await kiosk.getByTestId('done-finish').click()
  await expect(kiosk.getByTestId('attract-screen')).toBeVisible()
})

test('a button that cannot be pressed yet looks it, and says why beside it: seats, tickets, delivery', async ({ kiosk }) => {
  await kiosk.getByTestId('touch-to-start').click()
  await kiosk.getByTestId('event-search').fill('Swan')
  await kiosk.getByTestId('event-list').getByRole('button', { name: /Swan Lake/ }).click()
  await kiosk.getByTestId('show-list').getByRole('button', { name: 'Choose' }).first().click()
  await mapReady(kiosk)

  const findSeats = kiosk.getByTestId('find-seats')
  await expect(findSeats).toBeDisabled()
  expect(await background(kiosk, 'find-seats')).not.toBe(ACCENT)
  await expect(findSeats).toHaveCSS('border-top-style', 'dashed')
  await expect(kiosk.getByTestId('seats-why')).toHaveText('Choose a section first, on the map or in the list.')
  await expect(findSeats).toHaveAttribute('aria-describedby', 'seats-why')
  await kiosk.getByTestId('section-list').getByRole('button', { name: /Stalls Centre/ }).click()
  await expect(findSeats).toBeEnabled()
  expect(await background(kiosk, 'find-seats')).toBe(ACCENT)
  await expect(kiosk.getByTestId('seats-why')).toHaveCount(0)
  await findSeats.click()
  await kiosk.getByTestId('keep-set-0').click()
  await kiosk.getByTestId('seats-continue').click()

  // One ticket for two seats: the main button is grey, and the reason stands beside it.
  await kiosk.getByTestId('fewer-A').click()
  const toDelivery = kiosk.getByTestId('tickets-continue')
  await expect(toDelivery).toBeDisabled()
  expect(await background(kiosk, 'tickets-continue')).not.toBe(ACCENT)
  await expect(kiosk.getByTestId('tickets-guidance')).toContainText('Chosen so far: 1')
  await expect(toDelivery).toHaveAttribute('aria-describedby', 'tickets-guidance')
  await kiosk.getByTestId('more-A').click()
  expect(await background(kiosk, 'tickets-continue')).toBe(ACCENT)
  await toDelivery.click()

  // No payment chosen yet.
  const toReview = kiosk.getByTestId('delivery-continue')
  await expect(toReview).toBeDisabled()
  expect(await background(kiosk, 'delivery-continue')).not.toBe(ACCENT)
  await expect(kiosk.getByTestId('delivery-guidance')).toHaveText('Please choose how you get your tickets and how you pay.')
  await expect(toReview).toHaveAttribute('aria-describedby', 'delivery-guidance')
  await kiosk.getByTestId('payment-MASTERCARD').click()
  expect(await background(kiosk, 'delivery-continue')).toBe(ACCENT)
  await expect(kiosk.getByTestId('delivery-guidance')).toHaveCount(0)
})

test('Remove and Cancel purchase ask first: Escape or Enter keeps, and only "yes" gives the seats back', async ({ kiosk, request }) => {
  await theatreToDelivery(kiosk, 'Kannagi', /Kannagi/)
  await kiosk.getByTestId('payment-VISA').click()
  await kiosk.getByTestId('delivery-continue').click()
  await expect(kiosk.getByTestId('review-screen')).toBeVisible()
  expect(await holdCount(request)).toBe(2)

  // Remove: asked, with the safe choice focused; Escape keeps the show.
  await kiosk.getByTestId('review-lines').getByRole('button', { name: 'Remove' }).click()
  const removeDialog = kiosk.getByTestId('remove-line-dialog')
  await expect(removeDialog).toBeVisible()
  await expect(removeDialog).toHaveAttribute('role', 'alertdialog')
  await expect(removeDialog).toHaveAttribute('aria-modal', 'true')
  await expect(removeDialog.getByRole('heading')).toHaveText(/^Take Kannagi.* out of your basket\?$/)
  await expect(kiosk.getByTestId('remove-line-keep')).toBeFocused()
  await kiosk.keyboard.press('Escape')
  await expect(removeDialog).toHaveCount(0)
  await expect(kiosk.getByTestId('review-lines').locator('article')).toHaveCount(1)
  // Enter on the focused safe choice keeps it too; focus goes back to Remove.
  await kiosk.getByTestId('review-lines').getByRole('button', { name: 'Remove' }).click()
  await kiosk.keyboard.press('Enter')
  await expect(removeDialog).toHaveCount(0)
  await expect(kiosk.getByTestId('review-lines').getByRole('button', { name: 'Remove' })).toBeFocused()
  expect(await holdCount(request)).toBe(2)

  // Cancel purchase: asked; focus stays inside the dialog; "Keep my purchase" keeps the order.
  await kiosk.getByTestId('review-pay').click()
  await expect(kiosk.getByTestId('card-payment')).toBeVisible()
  await kiosk.getByTestId('checkout-cancel').click()
  const cancelDialog = kiosk.getByTestId('cancel-purchase-dialog')
  await expect(cancelDialog).toContainText('Nothing has been charged')
  for (let i = 0; i < 3; i++) {
    await kiosk.keyboard.press('Tab')
    expect(await cancelDialog.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
  }
  await kiosk.getByTestId('cancel-purchase-keep').click()
  await expect(cancelDialog).toHaveCount(0)
  await expect(kiosk.getByTestId('card-payment')).toBeVisible()
  // Yes, cancel: the order is voided and the seats go back.
  await kiosk.getByTestId('checkout-cancel').click()
  const box = await kiosk.getByTestId('cancel-purchase-confirm').boundingBox()
  expect(box!.height).toBeGreaterThanOrEqual(44)
  await kiosk.getByTestId('cancel-purchase-confirm').click()
  await expect(kiosk.getByTestId('events-screen')).toBeVisible()
  expect(await holdCount(request)).toBe(0)
})

test('Remove, answered yes, takes the show out, gives its seats back and says so', async ({ kiosk, request }) => {
  await theatreToDelivery(kiosk, 'Hamlet', /Hamlet in the Straits/)
  await kiosk.getByTestId('payment-VISA').click()
  await kiosk.getByTestId('delivery-continue').click()
  // A second show, so the review stays up after the first is taken out.
  await kiosk.getByTestId('review-add-show').click()
  await kiosk.getByTestId('event-search').fill('Satay')
  await kiosk.getByTestId('event-list').getByRole('button', { name: /Satay by the River/ }).click()
  await kiosk.getByTestId('show-list').getByRole('button', { name: 'Choose' }).first().click()
  await kiosk.getByTestId('seats-continue').click()
  await kiosk.getByTestId('tickets-continue').click()
  await kiosk.getByTestId('payment-MASTERCARD').click()
  await kiosk.getByTestId('delivery-continue').click()
  await expect(kiosk.getByTestId('review-lines').locator('article')).toHaveCount(2)
  expect(await holdCount(request)).toBe(2)

  await kiosk.getByTestId('review-lines').locator('article').first().getByRole('button', { name: 'Remove' }).click()
  await kiosk.getByTestId('remove-line-confirm').click()
  await expect(kiosk.getByTestId('review-lines').locator('article')).toHaveCount(1)
  await expect(kiosk.getByTestId('review-removed')).toHaveText(/^Hamlet in the Straits.* was taken out of your basket, and its seats given back\.$/)
  await expect.poll(() => holdCount(request)).toBe(0)
})
