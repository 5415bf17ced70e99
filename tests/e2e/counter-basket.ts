import { expect, type Page } from '@playwright/test'
import { mapReady } from './screens'

/**
 * Two seats at the first show of an event, kept and priced, from the event
 * search: a cashier's (the counter starts there), or a kiosk customer's once
 * past the attract screen. Left on the delivery and payment screen.
 */
export async function twoSeatsToDelivery(page: Page, search: string, title: RegExp): Promise<void> {
  await page.getByTestId('event-search').fill(search)
  await page.getByTestId('event-list').getByRole('button', { name: title }).click()
  await page.getByTestId('show-list').getByRole('button', { name: 'Choose' }).first().click()
  await mapReady(page)
  await page.getByTestId('section-list').locator('button:enabled').first().click()
  await page.getByTestId('find-seats').click()
  await page.getByTestId('keep-set-0').click()
  await page.getByTestId('seats-continue').click()
  await page.getByTestId('tickets-continue').click()
  await expect(page.getByTestId('delivery-screen')).toBeVisible()
}

/**
 * A cashier's basket (twoSeatsToDelivery), paid by `payment` (a payment method
 * code) and printed now (the counter's delivery to start with); the counter
 * left on the payment screen.
 */
export async function counterBasket(page: Page, search: string, title: RegExp, payment: 'CASH' | 'VISA'): Promise<void> {
  await twoSeatsToDelivery(page, search, title)
  await page.getByTestId(`payment-${payment}`).click()
  await expect(page.getByTestId('delivery-PRINT_ON_SITE')).toHaveAttribute('aria-pressed', 'true')
  await page.getByTestId('delivery-continue').click()
  await page.getByTestId('review-pay').click()
}

/** Cents of an amount as the screen shows it ("S$264.00"). */
export const dollars = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.-]/g, '')) * 100)

/** An amount in cents as the screen, receipts and reports show it in en-SG (26400 → "S$264.00"; no thousands separator under S$1,000). */
export const sgd = (cents: number) => `S$${(cents / 100).toFixed(2)}`

/** A signed-in cashier opens a shift from the counter's bar on a float of `float` ("200.00"), and is back on the events screen. */
export async function openShift(page: Page, float: string): Promise<void> {
  await page.getByTestId('counter-shift').click()
  await page.getByTestId('shift-float').fill(float)
  await page.getByTestId('shift-open').click()
  await expect(page.getByTestId('shift-report-X')).toBeVisible()
  await page.getByTestId('shift-back').click()
}

/**
 * A signed-in cashier opens a shift on a S$200 float and sells two Hamlet
 * seats for the exact cash due; answers the booking reference, the tickets
 * printed and the amount due, on the events screen again.
 */
export async function cashSaleInNewShift(page: Page): Promise<{ reference: string; tickets: number; dueCents: number }> {
  await openShift(page, '200.00')
  await counterBasket(page, 'Hamlet', /Hamlet in the Straits/, 'CASH')
  await expect(page.getByTestId('cash-payment')).toBeVisible()
  const due = dollars(await page.getByTestId('checkout-amount').textContent())
  await page.getByTestId('cash-tendered').fill((due / 100).toFixed(2))
  await page.getByTestId('take-cash').click()
  await expect(page.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
  const reference = /FY\d{14}/.exec((await page.getByTestId('done-reference').textContent())!)![0]
  const tickets = await page.getByTestId('done-tickets').locator('li').count()
  await page.getByTestId('done-finish').click()
  return { reference, tickets, dueCents: due }
}
