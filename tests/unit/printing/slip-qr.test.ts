import { beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../electron/ipc-core/dispatcher'
import { receiptDocument, refundSlipDocument } from '../../../electron/printing/documents'
import { qrSvg } from '../../../electron/printing/qr'
import { REFERENCE_QR_SIZE_MM } from '../../../electron/printing/slip-head'
import { saleSamplesForFile, type SaleSamples } from '../../support/print-fixtures'

/**
 * The booking reference's QR code on a receipt and a refund slip (issue #34):
 * the bare reference, as on the kiosk's done screen, so a counter's
 * keyboard-wedge scanner types exactly what `sales.find` opens the sale by;
 * labelled in the paper's language and in the slip's head, before anything
 * that can make the paper long (a Boca cuts a long receipt into tickets).
 * That it scans off the paper in whole dots: tests/unit/printing/raw-raster.test.ts.
 */
const samplesOf = saleSamplesForFile()
let samples: SaleSamples
beforeAll(() => {
  samples = samplesOf()
})

/** The QR codes a document carries, as the raster printers find them (svg.qr, its text in data-code). */
const codesOf = (page: string) => [...page.matchAll(/<svg class="qr"[^>]*data-code="([^"]*)"/g)].map((m) => m[1])

describe("a receipt's booking reference QR code", () => {
  it('holds the bare reference, drawn as qr.ts draws it, labelled in the paper’s language, in the head before the first show', () => {
    const { sale } = samples.card
    const reference = sale.order!.reference
    const page = receiptDocument(sale).html
    expect(codesOf(page)).toEqual([reference])
    expect(page).toContain(qrSvg(reference, { sizeMm: REFERENCE_QR_SIZE_MM, label: `Booking reference ${reference}` }).markup)
    expect(page).toContain(`</svg><p class="small">Booking reference</p></div>`)
    expect(page.indexOf('<svg class="qr"')).toBeLessThan(page.indexOf('<section class="item">'))
    const chinese = receiptDocument(sale, { language: 'zh-CN' }).html
    expect(chinese).toContain(`aria-label="订单编号 ${reference}"`)
    expect(chinese).toContain('<p class="small">订单编号</p>')
    expect(codesOf(chinese)).toEqual([reference])
  })

  it('is a code the counter’s scanner opens that very sale by (sales.find)', async () => {
    const { sale } = samples.card
    const [code] = codesOf(receiptDocument(sale).html)
    const found = await call(samples.runtime.services.dispatcher, 'sales.find', { code: code! })
    expect(found.ok).toBe(true)
    if (found.ok) expect(found.value).toMatchObject({ saleId: sale.saleId, reference: code, matched: 'reference' })
  })
})

describe("a refund slip's booking reference QR code", () => {
  it('is there too: the slip names the sale, and scanning it reopens the sale', () => {
    const { sale } = samples.refunded
    expect(codesOf(refundSlipDocument(sale).html)).toEqual([sale.reference])
  })

  it('is left off for a sale the vendor gave no reference (its slip is named by the sale id, which no scanner looks up)', () => {
    const sale = { ...structuredClone(samples.refunded.sale), reference: null, order: null }
    const page = refundSlipDocument(sale).html
    expect(codesOf(page)).toEqual([])
    expect(page).toContain(`<dd class="reference">${sale.saleId}</dd>`)
    expect(page).not.toContain('<div class="code">')
  })
})
