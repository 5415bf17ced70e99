import AxeBuilder from '@axe-core/playwright'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { pdfText } from '../support/pdf-text'
import { cashSaleInNewShift, sgd, twoSeatsToDelivery } from './counter-basket'
import { countDrawer } from './cash-drawer'
import { expect, openCounter, test } from './fixtures'

/**
 * A keyboard-wedge scanner at the counter (issue #34), in the real renderer on a counter-mode host of the
 * worker's own: a ticket's barcode typed at a scanner's speed and ended with Enter opens its sale from
 * another counter screen; a reprint prints; the same digits typed at a person's pace open nothing; a code
 * no sale has is said; a scan while a customer's sale is in progress is refused and kept, and opens once
 * that sale is over.
 */

/** A scanner's burst: a key every few milliseconds, then Enter (Playwright's own pace on top of the 5 ms). */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 })
  await page.keyboard.press('Enter')
}

test('a scanned ticket barcode opens its sale and reprints; slow typing does not; unknown codes and scans mid-sale are said', async ({ page, request, counterHostUrl, counterPrintSpool }) => {
  // A cash sale, its reprint and refund, a second basket and the drawer counted: budgeted for a busy machine.
  test.setTimeout(180_000)
  await openCounter(page, request, counterHostUrl, true)
  const { reference, dueCents } = await cashSaleInNewShift(page)
  await expect(page.getByTestId('events-screen')).toBeVisible()
  // The barcode as the customer's printed ticket carries it.
  const ticket = join(counterPrintSpool, `${reference}-ticket-01.pdf`)
  const barcode = /\b\d{16}\b/.exec((await pdfText(ticket)).text)![0]

  // Another counter screen, nothing focused: the scan opens the sale.
  await page.getByTestId('counter-shift').click()
  await expect(page.getByTestId('shift-report-X')).toBeVisible()
  await scan(page, barcode)
  await expect(page.getByTestId('sale-screen')).toBeVisible()
  await expect(page.getByRole('heading', { name: `Sale ${reference}` })).toBeVisible()
  await expect(page.getByTestId(`sale-ticket-${barcode}`)).toContainText('Scanned')
  await expect(page.getByTestId('sale-standing')).toContainText('Sold')
  await expect(page.getByTestId('sale-payments')).toContainText(sgd(dueCents))
  const axe = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  // Reprint tickets: the spool printer has them again.
  const printedAt = statSync(ticket).mtimeMs
  await page.getByTestId('sale-reprint-tickets').click()
  await expect(page.getByTestId('sale-reprinted')).toHaveText('Printed again')
  expect(statSync(ticket).mtimeMs).toBeGreaterThan(printedAt)

  // The same digits typed at a person's pace, then Enter: typing, not a scan.
  await page.getByTestId('sale-back').click()
  await expect(page.getByTestId('events-screen')).toBeVisible()
  await page.keyboard.type(barcode, { delay: 150 })
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('scan-not-found')).toHaveCount(0)
  await expect(page.getByTestId('sale-screen')).toHaveCount(0)
  await expect(page.getByTestId('events-screen')).toBeVisible()

  // A code Foyer does not know is said in words; scanned into the event search, nothing of it stays there.
  const search = page.getByTestId('event-search')
  await search.fill('Ham')
  await search.focus()
  await scan(page, '0000000000000000')
  await expect(page.getByRole('status').filter({ hasText: 'No sale found for 0000000000000000' })).toBeVisible()
  await expect(search).toHaveValue('Ham')
  await page.getByTestId('scan-dismiss').click()
  await search.fill('')

  // A customer's sale in progress (two seats held): the scan is refused, said, and kept.
  await twoSeatsToDelivery(page, 'Hamlet', /Hamlet in the Straits/)
  await scan(page, barcode)
  await expect(page.getByRole('alert').filter({ hasText: `Finish or cancel this sale first — scanned: ${barcode}` })).toBeVisible()
  await expect(page.getByTestId('delivery-screen')).toBeVisible()
  await expect(page.getByTestId('scan-open-waiting')).toHaveCount(0)
  // That customer walks off: New sale gives the seats back, and the kept scan opens.
  await page.getByTestId('counter-new-sale').click()
  await page.getByTestId('scan-open-waiting').click()
  await expect(page.getByTestId('sale-screen')).toBeVisible()
  await expect(page.getByTestId(`sale-ticket-${barcode}`)).toBeVisible()

  // A supervisor is signed in: Refund gives the cash back at once, as on the shift screen.
  await page.getByTestId('sale-refund').click()
  await expect(page.getByTestId('sale-refund-done')).toContainText(`Give ${sgd(dueCents)} back in cash from the drawer.`)
  await expect(page.getByTestId('sale-standing')).toContainText('Refunded')
  await expect(page.getByTestId('sale-refund')).toHaveCount(0)

  // The done screen's QR code holds the booking reference: scanned, it opens the same sale, refunded now.
  await page.getByTestId('sale-back').click()
  await expect(page.getByTestId('events-screen')).toBeVisible()
  await scan(page, reference)
  await expect(page.getByRole('heading', { name: `Sale ${reference}` })).toBeVisible()
  await expect(page.getByTestId('sale-standing')).toContainText('Refunded')
  await expect(page.getByTestId(`sale-ticket-${barcode}`)).not.toContainText('Scanned')

  // The worker's host is left as found: the shift closed on the float (the sale's cash went back).
  await page.getByTestId('sale-back').click()
  await page.getByTestId('counter-shift').click()
  await countDrawer(page, 20_000)
  await page.getByTestId('shift-close').click()
  await expect(page.getByTestId('shift-report-Z')).toBeVisible()
})
