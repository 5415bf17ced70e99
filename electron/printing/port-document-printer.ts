import type { PdfDocument } from '../printers/ipp/ipp-printer'
import type { PrinterPort } from '../printers/printer-port'
import type { DocumentPrinter, PrintDocument, PrintedDocument } from './printer-port'

/**
 * A sale's documents on a printer that takes PDFs and says when they are out
 * (an IPP printer or CUPS queue, ../printers/ipp/): each document laid out as
 * today (HTML), made a PDF by the renderer the host has (Electron's
 * printToPDF in the app, headless Chromium in the browser host) and sent
 * through the port, which resolves only once the print server says the job
 * completed, and rejects with PrintFailed otherwise. So the journal says
 * "printed" on the printer's word, not the queue's (#24).
 */
export type RenderPdf = (doc: PrintDocument) => Promise<Uint8Array>

export class PortDocumentPrinter implements DocumentPrinter {
  readonly name: string

  constructor(
    private readonly port: PrinterPort<PdfDocument>,
    private readonly render: RenderPdf,
  ) {
    this.name = port.name
  }

  async print(doc: PrintDocument): Promise<PrintedDocument> {
    const pdf = await this.render(doc)
    await this.port.print({ name: doc.name, pdf })
    return { pdf: Buffer.from(pdf) }
  }
}
