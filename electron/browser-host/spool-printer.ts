import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { PrintDocument } from '../printing/documents'
import { ChromiumOnDemand } from './chromium'
import { CSS_PX_PER_MM, pdfFileName, ROLL_WIDTH_MM, type DocumentPrinter, type PrintedDocument } from '../printing/printer-port'

/**
 * A printer that prints to a folder: each document rendered to PDF by
 * headless Chromium (page.pdf, the same engine as Electron's printToPDF) and
 * written to the spool folder as <name>.pdf. For the browser host, dev runs
 * and tests, where there is no Electron and no paper.
 *
 * It drives Chromium through playwright-core, a development package, so it
 * lives with the browser host: only that folder and tests may import it, and
 * lint holds that no other folder of electron/ names playwright (the package
 * is not in the installed app). The
 * import is also deferred to the first print, so merely loading this module
 * costs nothing.
 */
export interface SpoolPrinterOptions {
  /** Where the PDFs go, e.g. <dataDir>/print-spool; made when missing. */
  spoolDir: string
  /** Chromium to launch; default $FOYER_CHROMIUM, else /usr/bin/chromium. */
  executablePath?: string
  /** A Chromium to share (with the raw printers' raster, ./chromium-raster.ts) instead of one of its own. */
  chromium?: ChromiumOnDemand
  /**
   * How many PDFs the folder keeps: after each print the oldest beyond this
   * are deleted. A sale spools about three (~110 kB), so a browser host left
   * selling would otherwise fill its disk; nobody reads a spooled ticket after
   * the next few hundred sales. Default 300.
   */
  keep?: number
}

export const DEFAULT_SPOOL_KEEP = 300

export interface SpooledDocument extends PrintedDocument {
  pdf: Buffer
  /** The PDF's path in the spool folder. */
  path: string
}

export class SpoolPrinter implements DocumentPrinter {
  readonly name: string
  readonly spoolDir: string
  readonly #chromium: ChromiumOnDemand
  readonly #keep: number

  constructor(options: SpoolPrinterOptions) {
    this.spoolDir = options.spoolDir
    this.name = `spool:${options.spoolDir}`
    this.#chromium = options.chromium ?? new ChromiumOnDemand(options.executablePath)
    this.#keep = Math.max(1, options.keep ?? DEFAULT_SPOOL_KEEP)
  }

  async print(doc: PrintDocument): Promise<SpooledDocument> {
    const pdf = await this.renderPdf(doc)
    await mkdir(this.spoolDir, { recursive: true })
    const path = join(this.spoolDir, pdfFileName(doc))
    // Written whole or not at all: a reader of the spool never sees half a PDF.
    const partial = `${path}.${process.pid}.partial`
    await writeFile(partial, pdf)
    await rename(partial, path)
    await this.#trim()
    return { pdf, path }
  }

  /** The document as a roll-paper PDF, as it prints (also what an IPP printer chosen in the browser host is sent). */
  async renderPdf(doc: PrintDocument): Promise<Buffer> {
    const browser = await this.#chromium.browser()
    // Scripts off: documents carry none, and none that slipped in could run.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: Math.ceil(ROLL_WIDTH_MM * CSS_PX_PER_MM), height: 600 },
    })
    try {
      const page = await context.newPage()
      await page.emulateMedia({ media: 'print' })
      await page.setContent(doc.html, { waitUntil: 'load' })
      // Roll paper has no page length: the page is as long as the document, so it prints (and cuts) as one.
      const box = await page.locator('html').boundingBox()
      const heightPx = Math.ceil(box?.height ?? 600) + 2
      return await page.pdf({
        width: `${ROLL_WIDTH_MM}mm`,
        height: `${heightPx}px`,
        margin: { top: '0', right: '0', bottom: '0', left: '0' },
        printBackground: true,
        preferCSSPageSize: false,
      })
    } finally {
      await context.close()
    }
  }

  /** Deletes the oldest PDFs beyond the bound (newest by modification time are kept; another's partial file is left). */
  async #trim(): Promise<void> {
    const names = (await readdir(this.spoolDir)).filter((name) => name.endsWith('.pdf'))
    if (names.length <= this.#keep) return
    const aged = await Promise.all(
      names.map(async (name) => {
        const path = join(this.spoolDir, name)
        return { path, mtimeMs: await stat(path).then((s) => s.mtimeMs, () => Infinity) }
      }),
    )
    aged.sort((a, b) => b.mtimeMs - a.mtimeMs)
    // A file another print removed meanwhile is simply gone already.
    await Promise.all(aged.slice(this.#keep).map(({ path }) => unlink(path).catch(() => {})))
  }

  /**
   * Starts Chromium now rather than at the first print, so the first customer
   * does not wait for it; a failure here is retried at the first print.
   */
  warmUp(): void {
    this.#chromium.browser().catch(() => {})
  }

  /** Closes Chromium, if a print ever started it. */
  close(): Promise<void> {
    return this.#chromium.close()
  }
}
