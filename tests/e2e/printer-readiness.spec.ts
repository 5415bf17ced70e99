import { join } from 'node:path'
import { startIppEvePrinter, type TestIppPrinter } from '../support/ippeveprinter'
import { pdfText } from '../support/pdf-text'
import { expect, test } from './fixtures'
import type { HostProcess } from './host-process'
import { backByItself, buyTwo, buyTwoEtickets, cannotStart, contract, PIN, referenceForTheBoxOffice, staffReprint, startPrinterKiosk } from './printer-kiosk'

/**
 * A portrait self-service kiosk (1080×1920) whose ticket printer is a real
 * IPP printer (CUPS's ippeveprinter on loopback), chosen for the browser host
 * with FOYER_PRINTER as staff would choose it on the staff screen (#24). Out
 * of paper, the attract screen says the kiosk cannot print and nobody can
 * start; paper loaded, it comes back by itself (main asks the printer while
 * idle and pushes the change). That no card is taken meanwhile is held in
 * main too: tests/unit/checkout/printer-readiness.process.test.ts. Where staff
 * let the kiosk sell e-tickets only when it cannot print, a customer buys
 * e-tickets while the printer is out of paper, and nothing is printed (main's
 * refusal of printed tickets meanwhile: tests/unit/checkout/etickets-only.test.ts).
 *
 * Then a sale prints on it: each ticket and the receipt is out only when the
 * printer says its job completed. Paper that runs out after the first ticket
 * leaves the customer with their reference (text and QR) and what to do, and
 * staff with the sale to reprint; the reprint prints the missing documents.
 * The same walk on raw printers: raw-printers.spec.ts.
 */
test.use({ viewport: { width: 1080, height: 1920 } })

let printer: TestIppPrinter
let host: HostProcess

test.beforeAll(async () => {
  printer = await startIppEvePrinter('FoyerKiosk')
  const { host: authority, pathname } = new URL(printer.uri.replace(/^ipp:/, 'http:'))
  host = await startPrinterKiosk({ FOYER_PRINTER: `ipp://${authority}${pathname}` })
})
test.afterAll(async () => {
  await host?.stop()
  await printer?.stop()
})

test('out of paper: the kiosk says it cannot print and nobody can start (or, where staff allow it, sells e-tickets only); paper loaded: it comes back by itself', async ({ page }) => {
  // A purchase in the middle: three times the usual budget, for a machine three times slower.
  test.slow()
  await printer.setPaper(0)
  await page.goto(host.entry)
  await cannotStart(page)
  // In the customer's language too.
  await page.getByTestId('language-zh-HK').click()
  await expect(page.getByTestId('printer-out-of-service')).toContainText('本自助機暫時未能列印門票')
  await page.getByTestId('language-en-SG').click()

  // Staff allow e-tickets when the printer cannot print: the kiosk says so and a customer buys e-tickets, nothing printed.
  const etickets = (on: boolean) => contract(host, 'settings.update', { pin: PIN, patch: { eticketsWhenCannotPrint: on } })
  await etickets(true)
  try {
    await expect(page.getByTestId('printer-etickets-only')).toContainText('This kiosk cannot print right now — it sells e-tickets only')
    await expect(page.getByTestId('printer-out-of-service')).toHaveCount(0)
    const before = await printer.spooled()
    const reference = await buyTwoEtickets(page, 'mei.tan@example.com')
    await expect(page.getByTestId('done-etickets-only')).toContainText('this screen is your receipt, and your e-tickets and booking are e-mailed to mei.tan@example.com')
    await expect(page.getByTestId('done-reference')).toContainText(reference)
    await expect(page.getByTestId('done-not-printed')).toHaveCount(0)
    expect(await printer.spooled()).toEqual(before)
    await page.getByTestId('done-finish').click()
  } finally {
    await etickets(false)
  }
  await cannotStart(page)

  await printer.setPaper(250)
  await backByItself(page)
  await page.getByTestId('touch-to-start').click()
  await expect(page.getByTestId('events-screen')).toBeVisible()
})

/** What the printer put out since `before`, by document name (ippeveprinter keeps each job as "<job>-<name>.pdf", lower case). */
async function printedSince(before: string[]): Promise<Map<string, string>> {
  const files = (await printer.spooled()).filter((file) => !before.includes(file))
  return new Map(files.map((file) => [file.replace(/^\d+-/, '').replace(/\.pdf$/, ''), join(printer.spoolDir, file)]))
}

test('paper loaded: two tickets and the receipt come out; paper out after the first ticket: reference on screen, staff reprint the rest', async ({ page }) => {
  // Two purchases and a reprint: about 40 s on a loaded two-core machine, so three times the usual budget for one three times slower.
  test.slow()
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
  await referenceForTheBoxOffice(page, second)
  expect([...(await printedSince(before)).keys()]).toEqual([`${second}-ticket-01`.toLowerCase()])
  await page.getByTestId('done-finish').click()

  // Staff load paper, and reprint from the sales needing attention.
  await printer.setPaper(250)
  before = await printer.spooled()
  await staffReprint(page, second)
  const reprinted = await printedSince(before)
  expect([...reprinted.keys()]).toEqual(['ticket-02', 'receipt'].map((document) => `${second}-${document}`.toLowerCase()))
  expect((await pdfText(reprinted.get(`${second}-ticket-02`.toLowerCase())!)).text).toContain(`${second}-02`)
})
