import { PNG } from 'pngjs'
import type { Page } from 'playwright-core'
import { bitmapOfPixels, widthOf, type Bitmap } from '../printers/raw/bitmap'
import { drawQrDots, type DotBox } from '../printers/raw/qr-dots'
import type { PrintDocument } from '../printing/documents'
import { ChromiumOnDemand } from './chromium'

/** 72 mm in CSS pixels, whole: the viewport and body width a raster is laid out at. */
const PRINTABLE_CSS_PX = 272

/** The roll's side margins go to the printer; the layout keeps its own top and bottom. */
const RASTER_STYLE = `<style>html, body { width: ${PRINTABLE_CSS_PX}px !important; padding-left: 0 !important; padding-right: 0 !important; }</style>`

/**
 * A document's layout as a raw thermal printer's dots, laid out by headless
 * Chromium (the engine that makes the spool printer's PDFs and Electron's
 * prints): the same HTML and print styles, at the printer's resolution. The
 * paper's printable width (72 mm of the 80 mm roll the styles are made for;
 * the styles' side margins are the printer's own) is scaled to `widthDots`:
 * 576 dots is 203 dpi. Each QR code is then drawn again from its matrix in
 * whole dots per module (../printers/raw/qr-dots.ts), over the scaled SVG.
 *
 * Its renderBitmap is the RenderBitmap a RawDocumentPrinter takes
 * (../printers/raw/raw-document-printer.ts); Electron's main is to give the
 * same function over an offscreen window, as only main may use Electron.
 */

export class ChromiumRaster {
  readonly #chromium: ChromiumOnDemand

  /** The Chromium to lay out with: the spool printer's, where there is one. */
  constructor(chromium: ChromiumOnDemand = new ChromiumOnDemand()) {
    this.#chromium = chromium
  }

  /** The seam's function: (doc, widthDots) => the document's dots. */
  readonly renderBitmap = async (doc: PrintDocument, widthDots: number): Promise<Bitmap> => {
    const scale = widthDots / PRINTABLE_CSS_PX
    const browser = await this.#chromium.browser()
    // Scripts off: documents carry none, and none that slipped in could run.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: PRINTABLE_CSS_PX, height: 400 }, deviceScaleFactor: scale })
    try {
      const page = await context.newPage()
      await page.emulateMedia({ media: 'print' })
      await page.setContent(doc.html.replace('</head>', `${RASTER_STYLE}</head>`), { waitUntil: 'load' })
      const codes = await qrBoxes(page, scale)
      const shot = PNG.sync.read(await page.screenshot({ fullPage: true, type: 'png', animations: 'disabled', caret: 'hide' }))
      // A fractional scale can round the shot a dot wider or narrower than asked: the printer gets its width exactly.
      const bitmap = widthOf(bitmapOfPixels(shot.data, shot.width, shot.height), widthDots)
      for (const { box, code } of codes) drawQrDots(bitmap, box, code)
      return bitmap
    } finally {
      await context.close()
    }
  }

  close(): Promise<void> {
    return this.#chromium.close()
  }
}

/** Each QR code's box in dots and the text it holds (qr.ts puts it in data-code). */
async function qrBoxes(page: Page, scale: number): Promise<{ box: DotBox; code: string }[]> {
  const found: { box: DotBox; code: string }[] = []
  for (const svg of await page.locator('svg.qr[data-code]').all()) {
    const [box, code] = [await svg.boundingBox(), await svg.getAttribute('data-code')]
    if (!box || code === null) continue
    const x = Math.round(box.x * scale)
    const y = Math.round(box.y * scale)
    found.push({ box: { x, y, width: Math.round((box.x + box.width) * scale) - x, height: Math.round((box.y + box.height) * scale) - y }, code })
  }
  return found
}
