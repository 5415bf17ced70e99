import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

/**
 * The print templates, read from resources/print. Both this source file
 * (electron/printing/) and the bundle electron-vite builds it into
 * (out/main/index.js) sit two folders below the project root, so one relative
 * path finds them in tests, the browser host and Electron alike. A packaged
 * app needs resources/print/** among electron-builder's `files` (inside the
 * asar, which Electron's fs reads).
 */
export interface PrintTemplates {
  /** The page around every document (head, content policy, brand, training mark). */
  page: string
  ticket: string
  receipt: string
  refundSlip: string
  /** The head a receipt and a refund slip share: what the slip is, its reference and date. */
  slipHead: string
  /** A counter shift's X or Z report. */
  shiftReport: string
  /** print.css, placed inside each document (documents load nothing from outside). */
  styles: string
}

export const defaultTemplatesDir = resolve(import.meta.dirname, '../../resources/print')

export function loadPrintTemplates(dir: string = defaultTemplatesDir): PrintTemplates {
  const read = (file: string) => readFileSync(resolve(dir, file), 'utf8')
  return {
    page: read('page.html'),
    ticket: read('ticket.html'),
    receipt: read('receipt.html'),
    refundSlip: read('refund-slip.html'),
    slipHead: read('slip-head.html'),
    shiftReport: read('shift-report.html'),
    styles: read('print.css'),
  }
}

let loaded: PrintTemplates | null = null

/** The templates of the default folder, read once. */
export function printTemplates(): PrintTemplates {
  loaded ??= loadPrintTemplates()
  return loaded
}
