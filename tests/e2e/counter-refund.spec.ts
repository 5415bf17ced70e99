import { join } from 'node:path'
import { pdfText } from '../support/pdf-text'
import { countDrawer } from './cash-drawer'
import { cashSaleInNewShift, sgd } from './counter-basket'
import { COUNTER_PIN, COUNTER_SUPERVISOR, ensureSupervisor, expect, ipc, signInAs, test } from './fixtures'

/**
 * A cash refund at a landscape counter (1920×1080) in the real renderer
 * (issue #22, points 5 to 7): a cashier sells for cash, asks for a refund,
 * types their own PIN where a supervisor's is asked and is told it is a
 * cashier's, then a supervisor's PIN approves it; the screen says what to do
 * with the money, and the printed X report keeps the sale as sold, the refund
 * on its own line, the net per tender and in tickets, and who asked and who
 * approved. Before: the sale vanished from the report ("Cash sales (0)",
 * "Tickets sold 0"), the refund named only the supervisor, the confirmation
 * said "Refunded, approved by …", and the cashier's PIN got the generic
 * "This needs a supervisor".
 */
test.use({ viewport: { width: 1920, height: 1080 } })

const CASHIER = 'Nur Aziz'
const CASHIER_PIN = '615283'

test.beforeEach(async ({ request, counterHostUrl }) => {
  await ensureSupervisor(request, counterHostUrl)
  const accounts = await ipc<{ name: string; disabled: boolean }[]>(request, 'staff.accounts', { pin: COUNTER_PIN }, counterHostUrl)
  if (!accounts.some((account) => account.name === CASHIER && !account.disabled)) {
    await ipc(request, 'staff.addAccount', { pin: COUNTER_PIN, name: CASHIER, role: 'cashier', newPin: CASHIER_PIN }, counterHostUrl)
  }
})

test('a cashier refunds a cash sale with a supervisor; the screen says to give the cash back and the printed X report keeps sold, refunded and net', async ({
  page,
  counterHostUrl,
  counterPrintSpool,
}, testInfo) => {
  // A whole sale, refund and printed report in one test: budgeted for a busy machine.
  test.setTimeout(180_000)
  await page.goto(`${counterHostUrl}#token=${process.env.FOYER_HOST_TOKEN}`)
  await expect(page.getByTestId('counter-sign-in-screen')).toBeVisible()
  await signInAs(page, CASHIER, CASHIER_PIN)
  await expect(page.getByTestId('events-screen')).toBeVisible()

  // Open the shift on a S$200 float and sell for cash.
  const { reference, tickets, dueCents: due } = await cashSaleInNewShift(page)
  expect(tickets).toBeGreaterThan(0)

  // The cashier asks for the refund; their own PIN is named as a cashier's, and the approval is still asked.
  await page.getByTestId('counter-shift').click()
  await page.getByTestId(`refund-${reference}`).click()
  await expect(page.getByTestId('supervisor-approval')).toContainText('A refund needs a supervisor.')
  await page.getByTestId('approval-pin').fill(CASHIER_PIN)
  await page.getByTestId('approval-approve').click()
  await expect(page.getByTestId('error-notice')).toContainText("That PIN is a cashier's.")
  await expect(page.getByTestId('supervisor-approval')).toBeVisible()
  await page.getByTestId('approval-pin').fill(COUNTER_PIN)
  await page.getByTestId('approval-approve').click()

  // What to do with the money, with the amount; who asked and who approved.
  await expect(page.getByTestId('refund-instruction')).toHaveText(`Give ${sgd(due)} back in cash from the drawer.`)
  await expect(page.getByTestId(`refund-done-${reference}`)).toContainText(`Asked by ${CASHIER}, approved by ${COUNTER_SUPERVISOR}.`)
  await expect(page.getByTestId(`refunded-by-${reference}`)).toHaveText(`Refund asked by ${CASHIER}, approved by ${COUNTER_SUPERVISOR}`)
  await expect(page.getByTestId('supervisor-approval')).toHaveCount(0)

  // The X report on screen: the sale still sold, the refund its own line, the net; the drawer holds the float.
  await expect(page.getByTestId('report-cash')).toHaveText(sgd(due))
  await expect(page.getByTestId('report-cash-refunded')).toHaveText(sgd(due))
  await expect(page.getByTestId('report-cash-net')).toHaveText('S$0.00')
  await expect(page.getByTestId('report-tickets')).toHaveText(String(tickets))
  await expect(page.getByTestId('report-tickets-refunded')).toHaveText(String(tickets))
  await expect(page.getByTestId('report-tickets-net')).toHaveText('0')
  await expect(page.getByTestId(`report-refund-${reference}`)).toContainText(`Asked by ${CASHIER}, approved by ${COUNTER_SUPERVISOR}`)
  await expect(page.getByTestId('report-expected')).toHaveText('S$200.00')
  await page.screenshot({ path: testInfo.outputPath('counter-refund-en-SG.png'), fullPage: true })

  // The X report printed and read back from its PDF.
  await page.getByTestId('shift-print-x').click()
  await expect(page.getByTestId('shift-report-printed')).toHaveText('The report was printed.')
  const shiftId = (await page.getByTestId('shift-report-X').getAttribute('data-shift-id'))!
  const report = (await pdfText(join(counterPrintSpool, `shift-${shiftId.slice(0, 8)}-x-report.pdf`))).text.replace(/\s+/g, ' ')
  expect(report).toContain('X report')
  expect(report).toContain(`Cash: 1 sold ${sgd(due)}`)
  expect(report).toContain(`Cash: 1 refunded ${sgd(due)}`)
  expect(report).toContain('Cash: net S$0.00')
  expect(report).toContain('Card: net S$0.00')
  expect(report).toContain(`Tickets sold ${tickets}`)
  expect(report).toContain(`Tickets refunded ${tickets}`)
  expect(report).toContain('Tickets net 0')
  expect(report).toContain(`Refund ${reference} (Cash) ${sgd(due)}`)
  expect(report).toContain(`asked by ${CASHIER}, approved by ${COUNTER_SUPERVISOR}`)
  expect(report).toContain('Expected in drawer S$200.00')

  // The refund slip names both too.
  const slip = (await pdfText(join(counterPrintSpool, `${reference}-refund.pdf`))).text.replace(/\s+/g, ' ')
  expect(slip).toContain(`Asked by ${CASHIER}`)
  expect(slip).toContain(`Approved by ${COUNTER_SUPERVISOR}`)
  // Why: the journal's note (message keys) in the paper's words, not a sentence journalled in English.
  expect(slip).toContain(`${sgd(due)} given back in cash from the drawer for ${reference}. Asked by ${CASHIER}, approved by ${COUNTER_SUPERVISOR}.`)

  // The drawer holds the float: the shift closes on it, within the tolerance, by the cashier alone.
  await countDrawer(page, 20_000)
  await page.getByTestId('shift-close').click()
  await expect(page.getByTestId('shift-report-Z')).toBeVisible()
  await expect(page.getByTestId('report-variance')).toHaveText('S$0.00')
})
