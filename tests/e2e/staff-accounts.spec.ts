import { join } from 'node:path'
import { pdfText } from '../support/pdf-text'
import { countDrawer } from './cash-drawer'
import { cashSaleInNewShift, sgd } from './counter-basket'
import { COUNTER_PIN, COUNTER_SUPERVISOR, ensureSupervisor, expect, ipc, signInAs, test, type Page } from './fixtures'

/**
 * Staff are people, at a landscape counter (1920×1080) in the real renderer:
 * a cashier signs in as themselves, sells, refunds with a supervisor's PIN
 * (the screen saying what to do with the money, the X report keeping the
 * sale, the refund and the net, on screen and on paper), and closes a counted shift over the tolerance with a supervisor's approval;
 * the printed Z report names them both. A cashier cannot open the settings;
 * the staff settings say the mode Foyer truly runs in; the counter signs out
 * by itself when left idle. Before, one shared PIN signed in nobody in
 * particular, refunds and a short drawer needed no one, and the settings said
 * "Self-service kiosk" at a counter.
 */
test.use({ viewport: { width: 1920, height: 1080 } })

const CASHIER = 'Aisha Rahman'
const CASHIER_PIN = '739104'

/** The host's first supervisor, and a cashier they added (once per host: a second add is refused as a taken name). */
test.beforeEach(async ({ request, counterHostUrl }) => {
  await ensureSupervisor(request, counterHostUrl)
  const accounts = await ipc<{ name: string; disabled: boolean }[]>(request, 'staff.accounts', { pin: COUNTER_PIN }, counterHostUrl)
  if (!accounts.some((account) => account.name === CASHIER && !account.disabled)) {
    await ipc(request, 'staff.addAccount', { pin: COUNTER_PIN, name: CASHIER, role: 'cashier', newPin: CASHIER_PIN }, counterHostUrl)
  }
})

async function openSignIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}#token=${process.env.FOYER_HOST_TOKEN}`)
  await expect(page.getByTestId('counter-sign-in-screen')).toBeVisible()
}


/**
 * The X report after a cash sale and its refund (issue #22: before, the sale vanished from it): on screen
 * and printed, the sale still sold, the refund its own line with who asked and who approved, the net per
 * tender and in tickets, and the drawer back to its S$200 float.
 */
async function xReportKeepsTheSaleAndTheRefund(page: Page, spool: string, sale: { reference: string; tickets: number; due: number }): Promise<void> {
  const { reference, tickets, due } = sale
  await expect(page.getByTestId('report-cash')).toHaveText(sgd(due))
  await expect(page.getByTestId('report-cash-refunded')).toHaveText(sgd(due))
  await expect(page.getByTestId('report-cash-net')).toHaveText('S$0.00')
  await expect(page.getByTestId('report-tickets')).toHaveText(String(tickets))
  await expect(page.getByTestId('report-tickets-refunded')).toHaveText(String(tickets))
  await expect(page.getByTestId('report-tickets-net')).toHaveText('0')
  await expect(page.getByTestId(`report-refund-${reference}`)).toContainText(`Asked by ${CASHIER}, approved by ${COUNTER_SUPERVISOR}`)
  await expect(page.getByTestId('report-expected')).toHaveText('S$200.00')
  await page.getByTestId('shift-print-x').click()
  await expect(page.getByTestId('shift-report-printed')).toHaveText('The report was printed.')
  const shiftId = (await page.getByTestId('shift-report-X').getAttribute('data-shift-id'))!
  const report = (await pdfText(join(spool, `shift-${shiftId.slice(0, 8)}-x-report.pdf`))).text.replace(/\s+/g, ' ')
  for (const line of [
    'X report',
    `Cash 1 sold ${sgd(due)} 1 refunded ${sgd(due)} Net S$0.00`,
    `Tickets sold ${tickets}`,
    `Tickets refunded ${tickets}`,
    'Tickets net 0',
    `Refund ${reference} (Cash) ${sgd(due)}`,
    `asked by ${CASHIER}, approved by ${COUNTER_SUPERVISOR}`,
    'Expected in drawer S$200.00',
  ]) {
    expect(report).toContain(line)
  }
  expect(report).toMatch(/Card \d+ sold S\$[\d.,]+ \d+ refunded S\$[\d.,]+ Net S\$0\.00/)
}

test('a cashier signs in as themselves, sells, refunds with a supervisor and closes a counted shift whose printed Z report names them', async ({ page, counterHostUrl, counterPrintSpool }) => {
  // The whole shift in one test (sign-in, sale, refund, close, print): budgeted for a busy machine.
  test.setTimeout(180_000)
  await openSignIn(page, counterHostUrl)
  await signInAs(page, CASHIER, CASHIER_PIN)
  await expect(page.getByTestId('events-screen')).toBeVisible()
  await expect(page.getByTestId('counter-who')).toHaveText(`Signed in: ${CASHIER} (Cashier)`)

  // Open the shift and sell for cash.
  const { reference, tickets, dueCents: due } = await cashSaleInNewShift(page)
  expect(tickets).toBeGreaterThan(0)

  // The shift's sales say who sold; a refund asks for a supervisor's PIN, and a cashier's is not one.
  await page.getByTestId('counter-shift').click()
  await expect(page.getByTestId(`sold-by-${reference}`)).toHaveText(`Sold by ${CASHIER}`)
  await expect(page.getByTestId('report-cashier')).toHaveText(`${CASHIER} (Cashier)`)
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
  // The refund slip printed, saying who asked for the refund and who approved it, and why in the paper's words
  // (the journal's note is message keys, not a sentence journalled in English).
  const slip = (await pdfText(join(counterPrintSpool, `${reference}-refund.pdf`))).text.replace(/\s+/g, ' ')
  expect(slip).toContain(`Asked by ${CASHIER}`)
  expect(slip).toContain(`Approved by ${COUNTER_SUPERVISOR}`)
  expect(slip).toContain(`${sgd(due)} given back in cash from the drawer for ${reference}. Asked by ${CASHIER}, approved by ${COUNTER_SUPERVISOR}.`)
  await xReportKeepsTheSaleAndTheRefund(page, counterPrintSpool, { reference, tickets, due })

  // Counted S$20 short, over the S$5 tolerance: closing asks for a supervisor, then the Z report names both.
  await countDrawer(page, 18_000)
  await page.getByTestId('shift-close').click()
  await expect(page.getByTestId('supervisor-approval')).toContainText('more than the tolerance of S$5.00')
  await expect(page.getByTestId('shift-report-X')).toBeVisible()
  await page.getByTestId('approval-pin').fill(COUNTER_PIN)
  await page.getByTestId('approval-approve').click()
  await expect(page.getByTestId('shift-report-Z')).toBeVisible()
  await expect(page.getByTestId('report-approved-by')).toHaveText(`${COUNTER_SUPERVISOR} (Supervisor)`)
  await expect(page.getByTestId('report-cashier')).toHaveText(`${CASHIER} (Cashier)`)

  // The Z report was printed as the shift closed; its PDF names the venue, terminal, cashier, tenders, refunds and difference.
  const shiftId = (await page.getByTestId('shift-report-Z').getAttribute('data-shift-id'))!
  const text = (await pdfText(join(counterPrintSpool, `shift-${shiftId.slice(0, 8)}-z-report.pdf`))).text.replace(/\s+/g, ' ')
  expect(text).toContain('Z report')
  expect(text).toContain(`Cashier ${CASHIER} (cashier)`)
  expect(text).toContain(`Difference approved by supervisor: ${COUNTER_SUPERVISOR} (supervisor)`)
  expect(text).toMatch(/Venue (?!—)\S+/)
  expect(text).toMatch(/Terminal (?!—)\S+/)
  expect(text).toMatch(/Cash \d+ sold S\$[\d.,]+ 1 refunded/)
  expect(text).toMatch(/Difference [−-]S\$20\.00/)
})

test('a cashier cannot open the staff settings, and the settings say the counter is a counter', async ({ page, counterHostUrl }) => {
  test.setTimeout(90_000)
  await openSignIn(page, counterHostUrl)
  await page.getByTestId('counter-staff-settings').click()
  await expect(page.getByTestId('staff-pin-screen')).toBeVisible()
  for (const digit of CASHIER_PIN) await page.getByTestId(`pin-${digit}`).click()
  await page.getByTestId('pin-enter').click()
  await expect(page.getByTestId('pin-notice')).toHaveText("That is a cashier's PIN. Staff settings need a supervisor.")
  await expect(page.getByTestId('admin-screen')).toHaveCount(0)

  for (const digit of COUNTER_PIN) await page.getByTestId(`pin-${digit}`).click()
  await page.getByTestId('pin-enter').click()
  await expect(page.getByTestId('admin-screen')).toBeVisible()
  // The host runs as a counter (FOYER_MODE=counter) while its saved mode is the default: the screen says counter.
  await expect(page.getByTestId('admin-running-mode')).toHaveText('Running now as: Box-office counter')
  await expect(page.getByTestId('mode-counter')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId(`staff-account-${CASHIER}`)).toContainText('Cashier')
})

test('signing out and an idle counter both end the cashier’s session', async ({ page, counterHostUrl, request }) => {
  test.setTimeout(90_000)
  await page.clock.install()
  await openSignIn(page, counterHostUrl)
  await signInAs(page, CASHIER, CASHIER_PIN)
  await expect(page.getByTestId('events-screen')).toBeVisible()
  await page.getByTestId('counter-sign-out').click()
  // The sale screens go at once; main ends the session once the sale in hand is given back (counter store signOut).
  await expect(page.getByTestId('counter-sign-in-screen')).toBeVisible()
  await expect.poll(() => ipc(request, 'counter.whoIsIn', {}, counterHostUrl)).toBeNull()

  await signInAs(page, CASHIER, CASHIER_PIN)
  await expect(page.getByTestId('events-screen')).toBeVisible()
  // Left alone past the counter's idle minutes (5 by default): signed out, and told why.
  await page.clock.fastForward('05:30')
  await expect(page.getByTestId('counter-auto-locked')).toHaveText('Signed out after 5 minutes without use. Sign in again to go on.')
  await expect(page.getByTestId('counter-bar')).toHaveCount(0)
  await expect.poll(() => ipc(request, 'counter.whoIsIn', {}, counterHostUrl)).toBeNull()
})
