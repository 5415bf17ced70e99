import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { receiptDocument, refundSlipDocument, ticketDocuments } from '../../../electron/printing/documents'
import { cardFromSteps } from '../../../electron/printing/format'
import { venuesFromSteps } from '../../../electron/journal/sale-steps'
import { SpoolPrinter } from '../../../electron/browser-host/spool-printer'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { pdfText } from '../../support/pdf-text'
import { scannedPng } from '../../support/qr-scan'
import { saleSamples, type SaleSamples } from '../../support/print-fixtures'
import { chromiumPath } from '../../../scripts/chromium.mjs'

/**
 * The spool printer renders real sales' documents to PDF with Chromium, and
 * the PDFs are read back as text, as a person would read the paper; a ticket's
 * QR code, photographed from the rendered page, scans as its barcode.
 */
let rig: ApiRig
let samples: SaleSamples
let spoolDir: string
let printer: SpoolPrinter

beforeAll(async () => {
  rig = await apiRig()
  samples = await saleSamples(rig)
  spoolDir = await mkdtemp(join(tmpdir(), 'foyer-spool-'))
  printer = new SpoolPrinter({ spoolDir })
}, 60_000)
afterAll(async () => {
  await printer?.close()
  await samples?.runtime.close()
  await rig?.close()
  if (spoolDir) await rm(spoolDir, { recursive: true, force: true })
})

/** Whitespace in extracted text follows the layout: compare on single spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ')

describe('the spool printer', () => {
  it('prints general admission in whole words, and marks training paper as not valid', async () => {
    const sale = structuredClone(samples.card.sale)
    for (const ticket of sale.order!.tickets) Object.assign(ticket, { row: null, seat: null, inventoryId: null })
    const [ga] = ticketDocuments(sale, { venues: venuesFromSteps(samples.card.steps) })
    const printed = await printer.print({ ...ga!, name: `${ga!.name}-ga` })
    const words = flat((await pdfText(printed.path)).text)
    // Out of the spool again: the tests below count what is in it.
    await rm(printed.path)
    // Before: "Genera l admiss ion", broken inside words by the narrow cell.
    expect(words).toContain('General admission')
    expect(words).toContain('Grand Theatre')
    // The sandbox is the training backend: its paper says so, in words nobody can miss.
    expect(words).toContain('TRAINING — NOT VALID FOR ENTRY OR PAYMENT')
  })

  it('prints a ticket to one PDF page in the spool folder, and its text says the reference, the seat and the price class', async () => {
    const { sale } = samples.card
    const order = sale.order!
    const [first] = ticketDocuments(sale)
    const printed = await printer.print(first!)
    expect(printed.path).toBe(join(spoolDir, `${order.reference}-ticket-01.pdf`))
    expect((await readFile(printed.path)).equals(printed.pdf)).toBe(true)
    expect(printed.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')

    const { pages, text } = await pdfText(printed.path)
    expect(pages).toBe(1)
    const ticket = order.tickets[0]!
    const line = order.items[0]!.lines[0]!
    const words = flat(text)
    expect(words).toContain(order.reference)
    expect(words).toContain(`ROW ${ticket.row}`)
    expect(words).toContain(`SEAT ${ticket.seat}`)
    expect(words).toContain(`Ticket type ${line.priceClassAlias}`)
    expect(words).toContain(ticket.barcode)
    expect(words).toContain(flat(order.items[0]!.showTitle!))
  }, 30_000)

  it('prints a cash receipt with the total and the change, and a refund slip with the amount', async () => {
    const cash = samples.cash.sale
    const receipt = flat((await pdfText((await printer.print(receiptDocument(cash))).pdf)).text)
    expect(receipt).toContain(cash.reference!)
    expect(receipt).toContain(`Total ${cash.order!.amountToBePaid.formatted}`)
    expect(receipt).toContain('Change S$12.50')

    const refunded = samples.refunded
    const slip = flat((await pdfText((await printer.print(refundSlipDocument(refunded.sale, { card: cardFromSteps(refunded.steps) }))).pdf)).text)
    expect(slip).toContain(refunded.sale.reference!)
    expect(slip).toContain(`Amount refunded S$${(refunded.sale.amountCents / 100).toFixed(2)}`)
    expect((await readdir(spoolDir)).sort()).toEqual(
      [`${cash.reference}-receipt.pdf`, `${refunded.sale.reference}-refund.pdf`, `${samples.card.sale.reference}-ticket-01.pdf`].sort(),
    )
  }, 30_000)

  it('prints hostile show titles as the text they are', async () => {
    const sale = structuredClone(samples.card.sale)
    sale.order!.items[0]!.showTitle = '<script>alert(1)</script> & "Fun"'
    const [ticket] = ticketDocuments(sale)
    const text = flat((await pdfText((await printer.print(ticket!)).pdf)).text)
    expect(text).toContain('<script>alert(1)</script> & "Fun"')
  }, 30_000)

  it('starts Chromium again for a print after close', async () => {
    await printer.close()
    const again = await printer.print(receiptDocument(samples.card.sale))
    expect((await pdfText(again.pdf)).text).toContain(samples.card.sale.reference!)
  }, 30_000)
})

describe('the ticket QR code', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] })
  }, 30_000)
  afterAll(async () => {
    await browser?.close()
  })

  it('scans as the ticket barcode', async () => {
    const order = samples.card.sale.order!
    const docs = ticketDocuments(samples.card.sale)
    const page = await browser.newPage({ deviceScaleFactor: 2 })
    for (const [i, doc] of docs.entries()) {
      await page.setContent(doc.html)
      const photo = await page.locator('svg.qr').screenshot()
      expect(scannedPng(photo)).toBe(order.tickets[i]!.barcode)
    }
  }, 30_000)
})
