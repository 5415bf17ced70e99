import { PNG } from 'pngjs'
import type { Page } from 'playwright-core'
import type { Bitmap } from '../printers/raw/bitmap'
import type { PrintDocument } from '../printing/documents'
import { dotsOfShot, PRINTABLE_CSS_PX, rasterHtml, rasterScale, type QrOnPage } from '../printing/raster-page'
import { ChromiumOnDemand } from './chromium'

/**
 * A document's layout as a raw thermal printer's dots, laid out by headless
 * Chromium (the engine that makes the spool printer's PDFs): the same HTML
 * and print styles, at the printer's resolution. The width, the style and
 * the screenshot's turning into dots (each QR code drawn again in whole dots)
 * are ../printing/raster-page.ts's, which Electron's main shares over an
 * offscreen window (../main/offscreen-raster.ts).
 *
 * Its renderBitmap is the RenderBitmap a RawDocumentPrinter takes
 * (../printers/raw/raw-document-printer.ts).
 */

export class ChromiumRaster {
  readonly #chromium: ChromiumOnDemand

  /** The Chromium to lay out with: the spool printer's, where there is one. */
  constructor(chromium: ChromiumOnDemand = new ChromiumOnDemand()) {
    this.#chromium = chromium
  }

  /** The seam's function: (doc, widthDots) => the document's dots. */
  readonly renderBitmap = async (doc: PrintDocument, widthDots: number): Promise<Bitmap> => {
    const browser = await this.#chromium.browser()
    // Scripts off: documents carry none, and none that slipped in could run.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: PRINTABLE_CSS_PX, height: 400 }, deviceScaleFactor: rasterScale(widthDots) })
    try {
      const page = await context.newPage()
      await page.emulateMedia({ media: 'print' })
      await page.setContent(rasterHtml(doc), { waitUntil: 'load' })
      const codes = await qrCodes(page)
      const shot = PNG.sync.read(await page.screenshot({ fullPage: true, type: 'png', animations: 'disabled', caret: 'hide' }))
      return dotsOfShot({ pixels: shot.data, width: shot.width, height: shot.height, order: 'rgba' }, widthDots, codes)
    } finally {
      await context.close()
    }
  }

  close(): Promise<void> {
    return this.#chromium.close()
  }
}

/** Each QR code's box in CSS pixels and the text it holds. */
async function qrCodes(page: Page): Promise<QrOnPage[]> {
  const found: QrOnPage[] = []
  for (const svg of await page.locator('svg.qr[data-code]').all()) {
    const [box, code] = [await svg.boundingBox(), await svg.getAttribute('data-code')]
    if (box && code !== null) found.push({ box, code })
  }
  return found
}
