import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChromiumRaster } from '../../../electron/browser-host/chromium-raster'
import { venuesFromSteps } from '../../../electron/journal/sale-steps'
import { blankBitmap, rowsOf, setDot, type Bitmap } from '../../../electron/printers/raw/bitmap'
import { ESCPOS_WIDTH_DOTS } from '../../../electron/printers/raw/escpos-raster'
import { FglPrinter } from '../../../electron/printers/raw/fgl-printer'
import { bocaLayoutDots, DEFAULT_BOCA_STOCK, fglRaster } from '../../../electron/printers/raw/fgl-raster'
import { RawDocumentPrinter } from '../../../electron/printers/raw/raw-document-printer'
import { receiptDocument, ticketDocuments, type PrintDocument } from '../../../electron/printing/documents'
import { decodeEscPos } from '../../support/escpos-decode'
import { startEscPosLoopback } from '../../support/escpos-loopback'
import { startFglLoopback } from '../../support/fgl-loopback'
import { saleSamplesForFile, type SaleSamples } from '../../support/print-fixtures'
import { printFailure } from '../../support/print-failure'
import { columnsOf, dotsDiffering, escPosPages, fglTicketDots, inkOutside, joined, qrOnPaper } from '../../support/raster-decode'

/**
 * A real sale's tickets and receipt (made against the sandbox), in Chinese,
 * printed on the loopback ESC/POS and Boca printers as images of Foyer's own
 * layouts, and read back from the bytes those printers kept: the dots are the
 * layout's, the QR code scans as the ticket's barcode in whole dots per
 * module, and the Chinese words are glyphs, not the "?" a printer's own font
 * printed them as.
 */
const samplesOf = saleSamplesForFile()
let samples: SaleSamples
let raster: ChromiumRaster
/** Each layout is rendered once: the printers and the comparisons share it. */
const rendered = new Map<string, Promise<Bitmap>>()
const render = (doc: PrintDocument, widthDots: number): Promise<Bitmap> => {
  const key = `${widthDots}:${doc.html}`
  if (!rendered.has(key)) rendered.set(key, raster.renderBitmap(doc, widthDots))
  return rendered.get(key)!
}

beforeAll(() => {
  samples = samplesOf()
  raster = new ChromiumRaster()
})
afterAll(() => raster?.close())

/**
 * The card sale's tickets and receipt, in the language it would be printed in for a Chinese-speaking customer;
 * `codes`: what each one's QR code holds, in order (each ticket's barcode, then the receipt's booking reference).
 */
function saleDocuments(): { tickets: PrintDocument[]; receipt: PrintDocument; barcodes: string[]; codes: string[] } {
  const { sale, steps } = samples.card
  const options = { language: 'zh-CN' as const, venues: venuesFromSteps(steps) }
  const barcodes = sale.order!.tickets.map((t) => t.barcode)
  return { tickets: ticketDocuments(sale, options), receipt: receiptDocument(sale, options), barcodes, codes: [...barcodes, sale.order!.reference] }
}

describe('a sale on a raw ESC/POS printer, as images of its layouts', () => {
  it('prints each ticket and the receipt as the layout dot for dot (raster bands, one cut each), each QR code scanning in whole dots, Chinese as glyphs', async () => {
    const printer = await startEscPosLoopback()
    try {
      const port = new RawDocumentPrinter<PrintDocument>({ host: printer.host, port: printer.port, label: 'Receipt printer', language: 'escpos', pollMs: 50 }, render)
      const { tickets, receipt, codes } = saleDocuments()
      for (const doc of [...tickets, receipt]) expect((await port.print(doc)).readiness).toEqual({ state: 'ready' })

      const decoded = decodeEscPos(printer.printed())
      expect(decoded.cuts).toBe(tickets.length + 1)
      // No text in the printer's font: every word is dots.
      expect(decoded.lines).toEqual([])
      expect(decoded.rasters.every((band) => band.widthDots === ESCPOS_WIDTH_DOTS && band.heightDots <= 255)).toBe(true)
      // Before the image, the drawer pulse (DLE DC4) is turned off: image bytes that spell it must not open the cash drawer.
      const bytes = Buffer.from(printer.printed())
      const dc4Off = bytes.indexOf(Buffer.from([0x1d, 0x28, 0x44, 0x05, 0x00, 0x14, 0x01, 0x00, 0x02, 0x00]))
      expect(dc4Off).toBeGreaterThan(-1)
      expect(dc4Off).toBeLessThan(bytes.indexOf(Buffer.from([0x1d, 0x76, 0x30])))
      const pages = escPosPages(printer.printed())
      for (const [i, doc] of [...tickets, receipt].entries()) expect(dotsDiffering(pages[i]!, await render(doc, ESCPOS_WIDTH_DOTS))).toBe(0)
      // Whole dots per module, and big: at 6 dots (0.75 mm) and more a door scanner reads it from arm's length; the receipt's reference too.
      for (const [i, code] of codes.entries()) expect(qrOnPaper(pages[i]!)).toMatchObject({ text: code, moduleDots: expect.toSatisfy((dots: number) => dots >= 6) })
      // What a printer's own fonts made of the Chinese words ("?" each) is not what is on the paper.
      const first = tickets[0]!
      const questionMarks = await render({ ...first, html: first.html.replace(/\p{Script=Han}/gu, '?') }, ESCPOS_WIDTH_DOTS)
      const rows = Math.min(pages[0]!.height, questionMarks.height)
      expect(dotsDiffering(rowsOf(pages[0]!, 0, rows), rowsOf(questionMarks, 0, rows))).toBeGreaterThan(2000)
    } finally {
      await printer.close()
    }
  }, 60_000)

  it('paper out in the middle of the second ticket: not printed, no paper; the receipt after it is refused, and only the first ticket is on paper', async () => {
    const printer = await startEscPosLoopback()
    try {
      const port = new RawDocumentPrinter<PrintDocument>({ host: printer.host, port: printer.port, label: 'Kiosk printer', language: 'escpos', pollMs: 50 }, render)
      const { tickets, receipt, barcodes } = saleDocuments()
      await port.print(tickets[0]!)
      const firstTicket = printer.printed().length
      printer.runOutAfter(20_000)
      expect(await printFailure(port.print(tickets[1]!))).toMatchObject({ stage: 'not-printed', problems: ['no-paper'] })
      expect(await printFailure(port.print(receipt))).toMatchObject({ stage: 'refused', problems: ['no-paper'] })
      const pages = escPosPages(printer.printed().subarray(0, firstTicket))
      expect(pages).toHaveLength(1)
      expect(qrOnPaper(pages[0]!).text).toBe(barcodes[0])
      expect(printer.printed().length).toBe(firstTicket + 20_000)
    } finally {
      await printer.close()
    }
  }, 60_000)
})

describe('a sale on a raw Boca FGL printer, as images of its layouts', () => {
  const stock = DEFAULT_BOCA_STOCK
  const across = Math.floor(stock.acrossInches * stock.dpi)
  const layoutDots = bocaLayoutDots(stock)
  /** Where the layout sits across the stock: centred, its rows of whole bytes turned a quarter. */
  const rowDots = Math.ceil(layoutDots / 8) * 8
  const left = across - Math.floor((across - rowDots) / 2) - rowDots

  it('prints each ticket and the receipt as FGL graphics of the layout, turned across the stock; each QR code scans in whole dots', async () => {
    const printer = await startFglLoopback()
    try {
      const port = new RawDocumentPrinter<PrintDocument>({ host: printer.host, port: printer.port, label: 'Ticket printer', language: 'fgl', pollMs: 50 }, render)
      const { tickets, receipt, codes } = saleDocuments()
      for (const doc of [...tickets, receipt]) expect((await port.print(doc)).readiness).toEqual({ state: 'ready' })
      const printed = printer.printed()
      expect(printed).toHaveLength(tickets.length + 1)
      for (const [i, doc] of [...tickets, receipt].entries()) {
        expect(printed[i]!.texts).toEqual([])
        const dots = fglTicketDots(printed[i]!, across)
        expect(inkOutside(dots, left, layoutDots)).toBe(0)
        const layout = await render(doc, layoutDots)
        expect(dotsDiffering(rowsOf(columnsOf(dots, left, layoutDots), 0, layout.height), layout)).toBe(0)
        expect(qrOnPaper(dots)).toMatchObject({ text: codes[i], moduleDots: expect.toSatisfy((n: number) => n >= 6) })
      }
    } finally {
      await printer.close()
    }
  }, 60_000)

  it('out of paper after the first ticket: the second is not printed, no paper, and the receipt is refused', async () => {
    const printer = await startFglLoopback()
    try {
      const port = new RawDocumentPrinter<PrintDocument>({ host: printer.host, port: printer.port, label: 'Kiosk ticket printer', language: 'fgl', pollMs: 50, answerTimeoutMs: 1000 }, render)
      const { tickets, receipt, barcodes } = saleDocuments()
      printer.runOutAfter(1)
      await port.print(tickets[0]!)
      expect(await printFailure(port.print(tickets[1]!))).toMatchObject({ stage: 'not-printed', problems: ['no-paper'] })
      expect(await printFailure(port.print(receipt))).toMatchObject({ stage: 'refused', problems: ['no-paper'] })
      expect(printer.printed()).toHaveLength(1)
      expect(qrOnPaper(fglTicketDots(printer.printed()[0]!, across)).text).toBe(barcodes[0])
    } finally {
      await printer.close()
    }
  }, 60_000)

  it('a document longer than the stock goes on as many tickets, each acknowledged, and they join up as the layout', async () => {
    const printer = await startFglLoopback()
    try {
      const small = { dpi: 200, acrossInches: 0.4, lengthInches: 0.5 }
      const image = blankBitmap(64, 250)
      for (let y = 0; y < image.height; y++) setDot(image, (y * 7) % image.width, y, true)
      const document = fglRaster('long', image, small)
      expect(document.tickets).toBe(3)
      await new FglPrinter({ host: printer.host, port: printer.port, label: 'Boca', pollMs: 50 }).print(document)
      const pages = printer.printed().map((ticket) => fglTicketDots(ticket, 80))
      expect(pages).toHaveLength(3)
      const whole = columnsOf(joined(pages.map((page, i) => rowsOf(page, 0, i < 2 ? 100 : 50))), 8, 64)
      expect(dotsDiffering(whole, image)).toBe(0)
    } finally {
      await printer.close()
    }
  })
})
