import { DEFAULT_BOCA_STOCK } from '../../electron/printers/raw/fgl-raster'
import { ticketBarcode } from '../../electron/sandbox/model/order-answer'
import { startEscPosLoopback, type EscPosLoopback } from '../support/escpos-loopback'
import { startFglLoopback, type FglLoopback } from '../support/fgl-loopback'
import { escPosCutEnds, escPosPages, fglTicketDots, qrOnPaper } from '../support/raster-decode'
import type { Bitmap } from '../../electron/printers/raw/bitmap'
import { expect, test } from './fixtures'
import type { HostProcess } from './host-process'
import { backByItself, buyTwo, cannotStart, contract, PIN, referenceForTheBoxOffice, staffReprint, startPrinterKiosk } from './printer-kiosk'

/**
 * The kiosk of printer-readiness.spec.ts with a raw network printer staff
 * chose (#24): a loopback ESC/POS printer, then a loopback Boca FGL printer,
 * run here in the Playwright worker where the browser host reaches them over
 * loopback TCP. What each printed is read back from the bytes it kept: the
 * documents as dots (raster bands, FGL graphics), each ticket's QR code
 * scanned (jsQR) against the ticket's barcode, the receipt after them, its QR
 * code against the booking reference.
 */
test.use({ viewport: { width: 1080, height: 1920 } })

let escPos: EscPosLoopback
let fgl: FglLoopback
let host: HostProcess

test.beforeAll(async () => {
  ;[escPos, fgl] = await Promise.all([startEscPosLoopback(), startFglLoopback()])
  host = await startPrinterKiosk()
})
test.afterAll(async () => {
  await host?.stop()
  await Promise.all([escPos?.close(), fgl?.close()])
})

/** Staff choose the kiosk's printer in settings; main asks it at once (the attract screen hears the answer). */
async function choosePrinter(printer: { host: string; port: number }, language: 'escpos' | 'fgl'): Promise<void> {
  await contract(host, 'settings.update', { pin: PIN, patch: { printer: { kind: 'raw', address: `${printer.host}:${printer.port}`, language } } })
  await contract(host, 'printer.status', { check: true })
}

/** The sale's tickets' barcodes, as the vendor makes them (one per place, numbered after the reference). */
const barcodes = (reference: string) => [ticketBarcode(`${reference}-01`), ticketBarcode(`${reference}-02`)]

/**
 * A receipt's paper: the layout's ink and one QR code, the sale's booking reference, bare (as the kiosk's done
 * screen shows it), in whole dots, so a counter's scanner types exactly what opens the sale (`sales.find`).
 */
function isReceipt(paper: Bitmap, reference: string): void {
  expect(paper.data.some((byte) => byte !== 0)).toBe(true)
  const qr = qrOnPaper(paper)
  expect(qr.text).toBe(reference)
  expect(qr.moduleDots).toBeGreaterThanOrEqual(6)
}

test('ESC/POS out of paper: the kiosk cannot print and nobody can start; paper loaded: it comes back by itself', async ({ page }) => {
  escPos.set({ paper: 'out' })
  await choosePrinter(escPos, 'escpos')
  await page.goto(host.entry)
  await cannotStart(page)
  escPos.set({ paper: 'ok' })
  await backByItself(page)
})

test('ESC/POS: two tickets and the receipt printed as dots; paper out in the second ticket: reference on screen, staff reprint the rest', async ({ page }) => {
  // Two purchases and a reprint: about 40 s on a loaded two-core machine, so three times the usual budget for one three times slower.
  test.slow()
  escPos.set({ paper: 'ok' })
  await choosePrinter(escPos, 'escpos')
  await page.goto(host.entry)
  let from = escPos.printed().length
  const first = await buyTwo(page)
  await expect(page.getByTestId('done-printed')).toBeVisible()
  const pages = escPosPages(escPos.printed().subarray(from))
  expect(pages).toHaveLength(3)
  expect(pages.map((paper) => qrOnPaper(paper).text).slice(0, 2)).toEqual(barcodes(first))
  isReceipt(pages[2]!, first)
  const ticketBytes = escPosCutEnds(escPos.printed().subarray(from))[0]!
  await page.getByTestId('done-finish').click()

  // The roll ends a little way into the next sale's second ticket.
  from = escPos.printed().length
  escPos.runOutAfter(ticketBytes + 2000)
  const second = await buyTwo(page)
  await referenceForTheBoxOffice(page, second)
  const cutOff = escPos.printed().subarray(from)
  // The first ticket whole, cut, then the second's start, cut short where the paper ended.
  expect(cutOff.length).toBe(ticketBytes + 2000)
  expect(escPosCutEnds(cutOff.subarray(0, ticketBytes))).toEqual([ticketBytes])
  expect(qrOnPaper(escPosPages(cutOff.subarray(0, ticketBytes))[0]!).text).toBe(barcodes(second)[0])
  await page.getByTestId('done-finish').click()

  // Staff load paper and reprint: the second ticket again, whole, and the receipt.
  escPos.set({ paper: 'ok' })
  from = escPos.printed().length
  await staffReprint(page, second)
  const reprinted = escPosPages(escPos.printed().subarray(from))
  expect(reprinted).toHaveLength(2)
  expect(qrOnPaper(reprinted[0]!).text).toBe(barcodes(second)[1])
  isReceipt(reprinted[1]!, second)
})

test('Boca FGL: two tickets and the receipt printed as graphics, each ticket scanning as its barcode, the receipt as its reference', async ({ page }) => {
  await choosePrinter(fgl, 'fgl')
  await page.goto(host.entry)
  const reference = await buyTwo(page)
  await expect(page.getByTestId('done-printed')).toBeVisible()
  const across = Math.floor(DEFAULT_BOCA_STOCK.acrossInches * DEFAULT_BOCA_STOCK.dpi)
  const tickets = fgl.printed()
  // No text in the printer's own font: every word is in the graphics. The receipt may run on to more than one ticket.
  expect(tickets.every((ticket) => ticket.texts.length === 0 && ticket.graphics.length > 0)).toBe(true)
  const papers = tickets.map((ticket) => fglTicketDots(ticket, across))
  expect(papers.length).toBeGreaterThanOrEqual(3)
  expect(papers.slice(0, 2).map((paper) => qrOnPaper(paper).text)).toEqual(barcodes(reference))
  // The receipt's QR code is in its head: whole on its first ticket, whatever length the receipt runs to.
  isReceipt(papers[2]!, reference)
  for (const paper of papers.slice(3)) expect(paper.data.some((byte) => byte !== 0)).toBe(true)
})
