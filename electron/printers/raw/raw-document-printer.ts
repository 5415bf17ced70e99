import type { PrintConfirmed, PrinterPort, PrinterReadiness } from '../printer-port'
import type { Bitmap, RenderBitmap } from './bitmap'
import { EscPosPrinter } from './escpos-printer'
import { ESCPOS_WIDTH_DOTS, escPosRaster } from './escpos-raster'
import { FglPrinter } from './fgl-printer'
import { bocaLayoutDots, DEFAULT_BOCA_STOCK, fglRaster, type BocaStock } from './fgl-raster'
import type { RawPrinterOptions } from './raw-link'
import type { RawDocument } from './ticket-text'

/**
 * Foyer's own documents (tickets, receipts, slips: the HTML layouts the PDF
 * printers print) on a raw network thermal printer, as images: laid out at
 * the printer's resolution by `render` (Chromium's layout, so Chinese and the
 * brand's look print as on screen, where the printer's own fonts print "?"),
 * then sent as ESC/POS raster or Boca FGL graphics through the language's
 * port, which reads the printer's status before (nothing is sent to a printer
 * that cannot print) and after: print() resolves only when the printer has
 * said the document is out, and rejects with PrintFailed otherwise (paper out
 * mid-document: not-printed, no-paper). A layout that cannot be rendered
 * rejects with its own error, and nothing is sent.
 */
export interface RawDocumentPrinterOptions extends RawPrinterOptions {
  language: 'escpos' | 'fgl'
  /** A Boca's ticket stock and head; default 3.25 x 8 in at 200 dpi. */
  stock?: BocaStock
}

interface RasterLanguage {
  port: PrinterPort<RawDocument>
  /** How wide the layout is laid out, in the printer's dots. */
  widthDots: number
  encode(name: string, bitmap: Bitmap): RawDocument
}

function rasterLanguage(options: RawDocumentPrinterOptions): RasterLanguage {
  if (options.language === 'escpos') return { port: new EscPosPrinter(options), widthDots: ESCPOS_WIDTH_DOTS, encode: escPosRaster }
  const stock = options.stock ?? DEFAULT_BOCA_STOCK
  return { port: new FglPrinter(options), widthDots: bocaLayoutDots(stock), encode: (name, bitmap) => fglRaster(name, bitmap, stock) }
}

export class RawDocumentPrinter<Doc extends { name: string }> implements PrinterPort<Doc> {
  readonly name: string
  readonly #language: RasterLanguage
  readonly #render: RenderBitmap<Doc>

  constructor(options: RawDocumentPrinterOptions, render: RenderBitmap<Doc>) {
    this.#language = rasterLanguage(options)
    this.#render = render
    this.name = this.#language.port.name
  }

  status(): Promise<PrinterReadiness> {
    return this.#language.port.status()
  }

  async print(doc: Doc): Promise<PrintConfirmed> {
    const bitmap = await this.#render(doc, this.#language.widthDots)
    return this.#language.port.print(this.#language.encode(doc.name, bitmap))
  }
}
