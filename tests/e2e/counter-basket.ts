import { expect, type Page } from '@playwright/test'

/**
 * A cashier's basket: two seats at the first show of an event, priced, paid
 * by `payment` (a payment method code) and collected at the box office; the
 * counter left on the payment screen.
 */
export async function counterBasket(page: Page, search: string, title: RegExp, payment: 'CASH' | 'VISA'): Promise<void> {
  await page.getByTestId('event-search').fill(search)
  await page.getByTestId('event-list').getByRole('button', { name: title }).click()
  await page.getByTestId('show-list').getByRole('button', { name: 'Choose' }).first().click()
  await expect(page.getByTestId('seat-map')).toHaveAttribute('data-seatmap-ready', '1', { timeout: 20_000 })
  await page.getByTestId('section-list').locator('button:enabled').first().click()
  await page.getByTestId('find-seats').click()
  await page.getByTestId('keep-set-0').click()
  await page.getByTestId('seats-continue').click()
  await page.getByTestId('tickets-continue').click()
  await page.getByTestId(`payment-${payment}`).click()
  await page.getByTestId('delivery-BOX_OFFICE_COLLECTION').click()
  await page.getByTestId('delivery-continue').click()
  await page.getByTestId('review-pay').click()
}
