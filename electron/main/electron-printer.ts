import { BrowserWindow, type WebContents } from 'electron'
import type { PrintDocument } from '../printing/documents'
import { SECURE_WEB_PREFERENCES } from '../security/window-options'
import { CSS_PX_PER_MM, ROLL_WIDTH_MM, type DocumentPrinter, type PrintedDocument } from '../printing/printer-port'

/**
 * The kiosk's or counter's system printer, in Electron: each document is laid out in
 * a hidden window, kept as PDF (printToPDF) and sent to the configured
 * printer silently, without a dialog (a kiosk has no one to click "Print").
 *
 * Documents print one after another, in the order asked: a sale's tickets
 * come out in order and its receipt last, and only one hidden window exists.
 */
export interface ElectronPrinterOptions {
  /** The system's name of the printer (Settings); null prints to the system's default printer. */
  deviceName: string | null
}

/** A world of its own for measuring the page, apart from the document's (which runs no script). */
const MEASURE_WORLD = 1001
const MICRONS_PER_MM = 1000
const MM_PER_INCH = 25.4

export class ElectronPrinter implements DocumentPrinter {
  readonly name: string
  #queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly options: ElectronPrinterOptions) {
    this.name = `electron:${options.deviceName ?? 'default printer'}`
  }

  print(doc: PrintDocument): Promise<Required<PrintedDocument>> {
    const printed = this.#queue.then(() => this.#print(doc))
    this.#queue = printed.catch(() => {})
    return printed
  }

  async #print(doc: PrintDocument): Promise<Required<PrintedDocument>> {
    const { pdf, heightMm, window } = await laidOut(doc)
    try {
      await new Promise<void>((resolve, reject) => {
        window.webContents.print(
          {
            silent: true,
            deviceName: this.options.deviceName ?? undefined,
            printBackground: true,
            margins: { marginType: 'none' },
            pageSize: { width: ROLL_WIDTH_MM * MICRONS_PER_MM, height: Math.ceil(heightMm * MICRONS_PER_MM) },
          },
          (success, failureReason) => (success ? resolve() : reject(new Error(`${this.name} did not print ${doc.name}: ${failureReason}`))),
        )
      })
      return { pdf }
    } finally {
      window.destroy()
    }
  }
}

/**
 * A document laid out in a hidden window and kept as a roll-paper PDF; the
 * caller destroys the window (the system printer prints from it first).
 */
async function laidOut(doc: PrintDocument): Promise<{ pdf: Buffer; heightMm: number; window: BrowserWindow }> {
  const window = new BrowserWindow({
    show: false,
    width: Math.ceil(ROLL_WIDTH_MM * CSS_PX_PER_MM),
    height: 600,
    // The same locked-down preferences as the main window, and no preload: a document has no bridge to main.
    webPreferences: SECURE_WEB_PREFERENCES,
  })
  const contents = window.webContents
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  contents.on('will-navigate', (event) => event.preventDefault())
  try {
    await window.loadURL(`data:text/html;charset=utf-8;base64,${Buffer.from(doc.html, 'utf8').toString('base64')}`)
    // Roll paper has no page length: the page is as long as the document, so it prints (and cuts) as one.
    const heightPx = Number(
      await contents.executeJavaScriptInIsolatedWorld(MEASURE_WORLD, [{ code: 'Math.ceil(document.documentElement.getBoundingClientRect().height)' }]),
    )
    const heightMm = (Number.isFinite(heightPx) && heightPx > 0 ? heightPx + 2 : 600) / CSS_PX_PER_MM
    const pdf = await contents.printToPDF({
      pageSize: { width: ROLL_WIDTH_MM / MM_PER_INCH, height: heightMm / MM_PER_INCH },
      margins: { top: 0, bottom: 0, left: 0, right: 0 },
      printBackground: true,
      preferCSSPageSize: false,
    })
    return { pdf, heightMm, window }
  } catch (error) {
    window.destroy()
    throw error
  }
}

/**
 * A document as the roll-paper PDF Electron lays out, for a printer Foyer
 * sends PDFs itself (an IPP printer chosen in staff settings,
 * ../printing/port-document-printer.ts). One at a time, as the system printer prints.
 */
let rendering: Promise<unknown> = Promise.resolve()
export function renderPdf(doc: PrintDocument): Promise<Uint8Array> {
  const rendered = rendering.then(async () => {
    const { pdf, window } = await laidOut(doc)
    window.destroy()
    return pdf
  })
  rendering = rendered.catch(() => {})
  return rendered
}

/** The printers the system knows, by name, for the printer setting (any window's contents will do). */
export async function availablePrinters(contents: WebContents): Promise<string[]> {
  return (await contents.getPrintersAsync()).map((p) => p.name)
}
