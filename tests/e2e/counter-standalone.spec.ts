import { join } from 'node:path'
import { pdfText } from '../support/pdf-text'
import { counterBasket, openShift } from './counter-basket'
import { expect, openCounter, test } from './fixtures'

/**
 * The standalone card terminal at a counter, in the real renderer on a
 * counter-mode host of the worker's own: the integrated terminal is "down",
 * so staff take the card on the standalone one and key in its approval code.
 * The printed receipt names the tender and carries the code; the X report
 * counts the sale on its own line, not as card or cash.
 */

test('a counter card sale taken on the standalone terminal: approval code keyed in, on the receipt and on its own X report line', async ({
  page,
  request,
  counterHostUrl,
  counterPrintSpool,
}, testInfo) => {
  test.setTimeout(120_000)
  await openCounter(page, request, counterHostUrl, true)

  // The standalone terminal's takings are counted in the shift: open one first.
  await openShift(page, '100.00')

  await counterBasket(page, 'Hamlet', /Hamlet in the Straits/, 'VISA')
  // The integrated terminal is offered, and beside it the standalone one.
  await expect(page.getByTestId('card-payment')).toBeVisible()
  await expect(page.getByTestId('standalone-payment')).toBeVisible()
  const due = await page.getByTestId('checkout-amount').textContent()
  const amount = /S\$[\d,]+\.\d\d/.exec(due ?? '')![0]

  // Not an approval code: said at once, and nothing can be recorded.
  await page.getByTestId('standalone-approval-code').fill('AB-12')
  await expect(page.getByTestId('standalone-approval-code-problem')).toHaveText(
    "An approval code is 2 to 12 letters or digits, as printed on the standalone terminal's slip.",
  )
  await expect(page.getByTestId('standalone-record')).toBeDisabled()

  // As staff type it off the slip: lower case, a space after. Enter records it.
  await page.getByTestId('standalone-approval-code').fill('ab12c9 ')
  await expect(page.getByTestId('standalone-approval-code-problem')).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('counter-standalone-en-SG.png'), fullPage: true })
  await page.getByTestId('standalone-approval-code').press('Enter')

  await expect(page.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('done-tickets').locator('li')).toHaveCount(2)
  const reference = /FY\d{14}/.exec((await page.getByTestId('done-reference').textContent())!)![0]

  // The receipt as printed: the tender, the card's payment method, the approval code and the payment reference made from it.
  const receipt = (await pdfText(join(counterPrintSpool, `${reference}-receipt.pdf`))).text
  expect(receipt).toContain('Card (standalone terminal) VISA')
  expect(receipt).toContain('Approval code AB12C9')
  // The 80 mm roll wraps the long reference wherever it must: read it without the line breaks.
  expect(receipt.replace(/\s+/g, '')).toContain(`STANDALONE-${reference}-1-AB12C9`)
  expect(receipt).toContain(`Total ${amount}`)

  await page.getByTestId('done-finish').click()
  await expect(page.getByTestId('events-screen')).toBeVisible()
  await page.getByTestId('counter-shift').click()
  await expect(page.getByTestId('report-standalone')).toHaveText(amount)
  await expect(page.getByTestId('report-card')).toHaveText('S$0.00')
  await expect(page.getByTestId('report-cash')).toHaveText('S$0.00')
  // Never in the drawer: the cash expected is the float alone.
  await expect(page.getByTestId('report-expected')).toHaveText('S$100.00')
  await expect(page.getByTestId('shift-report-X')).toContainText('Standalone terminal sales (1)')
})
