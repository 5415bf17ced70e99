import { expect, type Page } from '@playwright/test'
import { mapReady } from './screens'

/**
 * A cashier's two seats at the first show of an event, kept and priced: the
 * counter left on the delivery and payment screen.
 */
export async function counterToDelivery(page: Page, search: string, title: RegExp): Promise<void> {
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
 * A cashier's basket (counterToDelivery), paid by `payment` (a payment method
 * code) and printed now (the counter's delivery to start with); the counter
 * left on the payment screen.
 */
export async function counterBasket(page: Page, search: string, title: RegExp, payment: 'CASH' | 'VISA'): Promise<void> {
  await counterToDelivery(page, search, title)
  await page.getByTestId(`payment-${payment}`).click()
  await expect(page.getByTestId('delivery-PRINT_ON_SITE')).toHaveAttribute('aria-pressed', 'true')
  await page.getByTestId('delivery-continue').click()
  await page.getByTestId('review-pay').click()
}
