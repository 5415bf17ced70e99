import { statSync } from 'node:fs'
import { join } from 'node:path'
import { pdfText } from '../support/pdf-text'
import { counterBasket, dollars } from './counter-basket'
import { expect, openCounter, test } from './fixtures'
import { countDrawer } from './cash-drawer'

/**
 * A counter shift in the real renderer on a counter-mode host of the worker's
 * own: open the shift with a float, sell for cash with change due, read the X
 * report, close with the cash counted and get the Z report.
 */


test('a cash sale with change in an open shift, a reprint, then the shift closed with a Z report', async ({ page, request, counterHostUrl, counterPrintSpool }, testInfo) => {
  // The whole counter day in one test (shift, sale, print, reprint, Z report): ~20 s alone, budgeted for a busy machine.
  test.setTimeout(120_000)
  await openCounter(page, request, counterHostUrl, true)

  // Cash needs a shift: the payment screen says so and offers to open one.
  await counterBasket(page, 'Hamlet', /Hamlet in the Straits/, 'CASH')
  await expect(page.getByTestId('error-notice')).toContainText('Open a shift')
  await page.getByTestId('checkout-open-shift').click()
  await expect(page.getByTestId('shift-open-form')).toBeVisible()
  await page.getByTestId('shift-float').fill('200.00')
  await page.getByTestId('shift-open').click()
  await expect(page.getByTestId('shift-report-X')).toBeVisible()
  await page.getByTestId('shift-back').click()

  // The basket is still there: pay it now.
  await page.getByTestId('basket-button').click()
  await page.getByTestId('review-pay').click()
  await expect(page.getByTestId('cash-payment')).toBeVisible()
  const due = dollars(await page.getByTestId('checkout-amount').textContent())
  // Too little: no way on.
  await page.getByTestId('cash-tendered').fill(((due - 100) / 100).toFixed(2))
  await expect(page.getByTestId('take-cash')).toBeDisabled()
  const tendered = Math.ceil(due / 5000) * 5000 + 5000
  await page.getByTestId('cash-tendered').fill((tendered / 100).toFixed(2))
  await expect(page.getByTestId('cash-change')).toContainText(`S$${((tendered - due) / 100).toFixed(2)}`)
  await page.screenshot({ path: testInfo.outputPath('counter-cash-en-SG.png'), fullPage: true })
  await page.getByTestId('take-cash').click()

  await expect(page.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('done-change')).toContainText(`S$${((tendered - due) / 100).toFixed(2)}`)
  await expect(page.getByTestId('done-tickets').locator('li')).toHaveCount(2)
  const reference = /FY\d{14}/.exec((await page.getByTestId('done-reference').textContent())!)![0]
  const receipt = join(counterPrintSpool, `${reference}-receipt.pdf`)
  expect((await pdfText(receipt)).text).toContain(`Change S$${((tendered - due) / 100).toFixed(2)}`)
  await page.getByTestId('done-finish').click()
  // A counter stays signed in: the next customer starts at the events.
  await expect(page.getByTestId('events-screen')).toBeVisible()

  await page.getByTestId('counter-shift').click()
  await expect(page.getByTestId('report-cash')).toContainText(`S$${(due / 100).toFixed(2)}`)
  await expect(page.getByTestId('report-tickets')).toHaveText('2')
  await expect(page.getByTestId('report-expected')).toContainText(`S$${((20_000 + due) / 100).toFixed(2)}`)
  // A jammed roll: the receipt is printed again from the journal.
  const printedAt = statSync(receipt).mtimeMs
  await page.getByTestId(`reprint-receipt-${reference}`).click()
  await expect(page.getByTestId(`reprinted-${reference}`)).toBeVisible()
  expect(statSync(receipt).mtimeMs).toBeGreaterThan(printedAt)
  // Closing needs the drawer counted: with nothing counted, Close is disabled and says why.
  await expect(page.getByTestId('shift-close')).toBeDisabled()
  await expect(page.getByTestId('count-incomplete')).toContainText('Count every note and coin first')
  // Counted note by note: S$2 short, shown before the shift is closed.
  await countDrawer(page, 20_000 + due - 200)
  await expect(page.getByTestId('count-total')).toContainText(`S$${((20_000 + due - 200) / 100).toFixed(2)}`)
  await expect(page.getByTestId('count-difference')).toHaveText('Short by S$2.00')
  await page.getByTestId('shift-close').click()
  await expect(page.getByTestId('shift-report-Z')).toBeVisible()
  await expect(page.getByTestId('report-variance')).toContainText('S$2.00')
  await expect(page.getByTestId('report-variance')).toContainText('−')
  await page.screenshot({ path: testInfo.outputPath('counter-z-report-en-SG.png'), fullPage: true })
  // Closed: the next shift starts from the open form.
  await expect(page.getByTestId('shift-open-form')).toBeVisible()
})
