import { expect, type Page } from '@playwright/test'
import { countOf } from '../support/cash-count'

/** Counts `cents` into the shift's close form, note by note and coin by coin, as a cashier would. */
export async function countDrawer(page: Page, cents: number): Promise<void> {
  for (const line of countOf(cents)) await page.getByTestId(`count-${line.denominationCents}`).fill(String(line.quantity))
  await expect(page.getByTestId('count-incomplete')).toHaveCount(0)
}
