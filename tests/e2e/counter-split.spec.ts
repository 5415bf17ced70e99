import { join } from 'node:path'
import { pdfText } from '../support/pdf-text'
import { counterBasket, dollars, openShift, sgd } from './counter-basket'
import { expect, openCounter, test } from './fixtures'

/**
 * Split tender at a landscape counter in the real renderer (#23): S$50 in
 * cash (S$60 handed over, S$10 change), the rest on the card at the training
 * terminal. The printed receipt lists each tender, the printed X report counts
 * the cash part under cash (in the drawer) and the rest under card, and a
 * refund gives each back: the screen says both, and the drawer is back to the float.
 */
test.use({ viewport: { width: 1920, height: 1080 } })

const PART = 5_000

test('a counter sale paid S$50 in cash and the rest by card: receipt and X report per tender, then refunded tender by tender', async ({ page, request, counterHostUrl, counterPrintSpool }) => {
  // A sale, two printed documents, a printed report and a refund in one test: budgeted for a busy machine.
  test.setTimeout(180_000)
  await openCounter(page, request, counterHostUrl, true)
  await openShift(page, '200.00')

  await counterBasket(page, 'Hamlet', /Hamlet in the Straits/, 'VISA')
  await expect(page.getByTestId('card-payment')).toBeVisible()
  const due = dollars(await page.getByTestId('checkout-amount').textContent())
  const rest = due - PART

  // Split: the cash part typed, what was handed over, the change shown as staff type.
  await page.getByTestId('split-open').click()
  await page.getByTestId('split-part').fill((due / 100).toFixed(2))
  await expect(page.getByTestId('split-part-problem')).toBeVisible()
  await expect(page.getByTestId('split-take')).toBeDisabled()
  await page.getByTestId('split-part').fill('50.00')
  await page.getByTestId('split-tendered').fill('60.00')
  await expect(page.getByTestId('split-change')).toContainText('S$10.00')
  await page.getByTestId('split-take').click()
  await expect(page.getByTestId('split-part-taken')).toHaveText(`Cash part taken: ${sgd(PART)}. Still to pay: ${sgd(rest)}.`)

  // The rest on the card: the card is asked for the rest only.
  await page.getByTestId('test-card-approve').click()
  await expect(page.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
  // The change was given with the cash part: the done screen does not ask for it again.
  await expect(page.getByTestId('done-change')).toHaveCount(0)
  const reference = /FY\d{14}/.exec((await page.getByTestId('done-reference').textContent())!)![0]
  const receipt = (await pdfText(join(counterPrintSpool, `${reference}-receipt.pdf`))).text.replace(/\s+/g, ' ')
  expect(receipt).toContain(`Cash ${sgd(PART)} Tendered S$60.00 Change S$10.00`)
  expect(receipt).toContain(`Card ${sgd(rest)}`)
  expect(receipt).toMatch(/VISA\s*•+\s*1111/)
  // The payment reference the vendor was given, made of the sale's two payments (the roll may break it after the dash).
  expect(receipt).toMatch(new RegExp(`SPLIT-${reference}- ?1\\.2`))
  await page.getByTestId('done-finish').click()

  // The X report: each tender its own line; the drawer expects the float and the cash part only.
  await page.getByTestId('counter-shift').click()
  await expect(page.getByTestId('report-cash')).toHaveText(sgd(PART))
  await expect(page.getByTestId('report-expected')).toHaveText(sgd(20_000 + PART))
  await page.getByTestId('shift-print-x').click()
  await expect(page.getByTestId('shift-report-printed')).toHaveText('The report was printed.')
  const shiftId = (await page.getByTestId('shift-report-X').getAttribute('data-shift-id'))!
  const xPdf = join(counterPrintSpool, `shift-${shiftId.slice(0, 8)}-x-report.pdf`)
  const report = (await pdfText(xPdf)).text.replace(/\s+/g, ' ')
  expect(report).toContain(`Cash 1 sold ${sgd(PART)}`)
  expect(report).toContain(`Card 1 sold ${sgd(rest)}`)
  expect(report).toContain(`Expected in drawer ${sgd(20_000 + PART)}`)

  // Refunded: each tender back its own way, said on screen, on the slip and in the report.
  // The supervisor signed in approves it as they ask it.
  await page.getByTestId(`refund-${reference}`).click()
  await expect(page.getByTestId('refund-instruction')).toHaveText(`Give ${sgd(PART)} back in cash from the drawer. ${sgd(rest)} refunded to the card ending 1111.`)
  await expect(page.getByTestId('report-cash-refunded')).toHaveText(sgd(PART))
  await expect(page.getByTestId('report-expected')).toHaveText('S$200.00')
  const slip = (await pdfText(join(counterPrintSpool, `${reference}-refund.pdf`))).text.replace(/\s+/g, ' ')
  expect(slip).toContain(`Given back in cash ${sgd(PART)}`)
  expect(slip).toMatch(new RegExp(`Refunded to card .*${sgd(rest).replace('$', '\\$')}`))
  await page.getByTestId('shift-print-x').click()
  await expect(page.getByTestId('shift-report-printed')).toHaveText('The report was printed.')
  const after = (await pdfText(xPdf)).text.replace(/\s+/g, ' ')
  expect(after).toContain(`Refund ${reference} (Cash) ${sgd(PART)}`)
  expect(after).toContain(`Refund ${reference} (Card) ${sgd(rest)}`)
  expect(after).toContain('Expected in drawer S$200.00')
})
