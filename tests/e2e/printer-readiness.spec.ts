import { join } from 'node:path'
import { scannedPng } from '../support/qr-scan'
import { startIppEvePrinter, type TestIppPrinter } from '../support/ippeveprinter'
import { pdfText } from '../support/pdf-text'
import { expect, test, type Page } from './fixtures'
import { E2E_ENROLMENT_CODE, startHostProcess, type HostProcess } from './host-process'
import { mapReady } from './screens'

/**
 * A portrait self-service kiosk (1080×1920) whose ticket printer is a real
 * IPP printer (CUPS's ippeveprinter on loopback), chosen for the browser host
 * with FOYER_PRINTER as staff would choose it on the staff screen (#24). Out
 * of paper, the attract screen says the kiosk cannot print and nobody can
 * start; paper loaded, it comes back by itself (main asks the printer while
 * idle and pushes the change). That no card is taken meanwhile is held in
 * main too: tests/unit/checkout/printer-readiness.process.test.ts.
 *
 * Then a sale prints on it: each ticket and the receipt is out only when the
 * printer says its job completed. Paper that runs out after the first ticket
 * leaves the customer with their reference (text and QR) and what to do, and
 * staff with the sale to reprint; the reprint prints the missing documents.
 */
test.use({ viewport: { width: 1080, height: 1920 } })

const PIN = '246813'
let printer: TestIppPrinter
let host: HostProcess

test.beforeAll(async () => {
  printer = await startIppEvePrinter('FoyerKiosk')
  const { host: authority, pathname } = new URL(printer.uri.replace(/^ipp:/, 'http:'))
  host = await startHostProcess({ FOYER_PRINTER: `ipp://${authority}${pathname}` })
  // Staff screens behind the PIN: set the way staff would, over the host's contract endpoint.
  const answer = await fetch(new URL('ipc/staff.setPin', host.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Supervisor', newPin: PIN, enrolmentCode: E2E_ENROLMENT_CODE }),
  })
  expect(((await answer.json()) as { ok: boolean }).ok).toBe(true)
})
test.afterAll(async () => {
  await host?.stop()
  await printer?.stop()
})

test('out of paper: the kiosk says it cannot print and nobody can start; paper loaded: it comes back by itself', async ({ page }) => {
  await printer.setPaper(0)
  await page.goto(host.entry)
  const notice = page.getByTestId('printer-out-of-service')
  const start = page.getByTestId('touch-to-start')
  await expect(notice).toContainText('This kiosk cannot print tickets right now — please use the box office')
  await expect(start).toBeDisabled()
  await start.click({ force: true })
  await expect(page.getByTestId('attract-screen')).toBeVisible()
  await expect(page.getByTestId('events-screen')).toHaveCount(0)
  // In the customer's language too.
  await page.getByTestId('language-zh-HK').click()
  await expect(notice).toContainText('本自助機暫時未能列印門票')

  await printer.setPaper(250)
  // Main asks the printer every 10 s while idle: generous, for a machine three times slower.
  await expect(notice).toHaveCount(0, { timeout: 60_000 })
  await expect(start).toBeEnabled()
  await start.click()
  await expect(page.getByTestId('events-screen')).toBeVisible()
})

/** From the attract screen: two seats at Kannagi, printed here, paid with the approving test card; answers the booking reference. */
async function buyTwo(page: Page): Promise<string> {
  await page.getByTestId('touch-to-start').click()
  await page.getByTestId('event-search').fill('Kannagi')
  await page.getByTestId('event-list').getByRole('button', { name: /Kannagi/ }).click()
  await page.getByTestId('show-list').getByRole('button', { name: 'Choose' }).first().click()
  await mapReady(page)
  await page.getByTestId('section-list').getByRole('button', { name: /Stalls Centre/ }).click()
  await page.getByTestId('find-seats').click()
  await page.getByTestId('keep-set-0').click()
  await page.getByTestId('seats-continue').click()
  await page.getByTestId('tickets-continue').click()
  await page.getByTestId('payment-VISA').click()
  await page.getByTestId('delivery-continue').click()
  await page.getByTestId('review-pay').click()
  await page.getByTestId('test-card-approve').click()
  await expect(page.getByTestId('done-screen')).toBeVisible({ timeout: 60_000 })
  return /FY\d{14}/.exec((await page.getByTestId('done-reference').textContent())!)![0]
}

/** What the printer put out since `before`, by document name (ippeveprinter keeps each job as "<job>-<name>.pdf", lower case). */
async function printedSince(before: string[]): Promise<Map<string, string>> {
  const files = (await printer.spooled()).filter((file) => !before.includes(file))
  return new Map(files.map((file) => [file.replace(/^\d+-/, '').replace(/\.pdf$/, ''), join(printer.spoolDir, file)]))
}

test('paper loaded: two tickets and the receipt come out; paper out after the first ticket: reference on screen, staff reprint the rest', async ({ page }) => {
  await printer.setPaper(250)
  await page.goto(host.entry)
  let before = await printer.spooled()
  const first = await buyTwo(page)
  await expect(page.getByTestId('done-printed')).toBeVisible()
  const printed = await printedSince(before)
  const names = ['ticket-01', 'ticket-02', 'receipt'].map((document) => `${first}-${document}`.toLowerCase())
  expect([...printed.keys()]).toEqual(names)
  for (const name of names) expect((await pdfText(printed.get(name)!)).text).toContain(first)
  await page.getByTestId('done-finish').click()

  // The paper left is good for one more document: the first ticket of the next sale.
  await printer.paperFor(1)
  before = await printer.spooled()
  const second = await buyTwo(page)
  await expect(page.getByTestId('done-not-printed')).toContainText('Show your booking reference at the box office')
  const atBoxOffice = page.getByTestId('done-show-at-box-office')
  await expect(atBoxOffice).toContainText(second)
  await expect(atBoxOffice).toContainText('Show this at the box office')
  const qr = atBoxOffice.getByRole('img', { name: `QR code of booking reference ${second}` })
  expect(scannedPng(await qr.screenshot())).toBe(second)
  expect([...(await printedSince(before)).keys()]).toEqual([`${second}-ticket-01`.toLowerCase()])
  await page.getByTestId('done-finish').click()

  // Staff load paper, and reprint from the sales needing attention.
  await printer.setPaper(250)
  await page.getByTestId('staff-entry').click()
  for (const digit of PIN) await page.getByTestId(`pin-${digit}`).click()
  await page.getByTestId('pin-enter').click()
  const sale = page.getByTestId(`attention-${second}`)
  await expect(sale).toContainText('Reprint the missing ones here')
  before = await printer.spooled()
  await sale.getByTestId(`reprint-${second}`).click()
  await expect(sale).toHaveCount(0, { timeout: 60_000 })
  const reprinted = await printedSince(before)
  expect([...reprinted.keys()]).toEqual(['ticket-02', 'receipt'].map((document) => `${second}-${document}`.toLowerCase()))
  expect((await pdfText(reprinted.get(`${second}-ticket-02`.toLowerCase())!)).text).toContain(`${second}-02`)
})
