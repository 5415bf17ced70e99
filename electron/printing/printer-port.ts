import type { PrintDocument } from './documents'

/**
 * The port every printer fits: the spool printer (Chromium to a PDF folder:
 * the browser host, dev runs and tests) and the Electron printer (the
 * kiosk's or counter's receipt printer, silently). Each print answers the
 * PDF of what it printed, so the journal's caller can keep it and reprint
 * exactly the same document later.
 *
 * print() rejects when the document could not be printed; the caller
 * journals before and after, and may print again (a reprint of the same
 * document is harmless: the same tickets, the same barcodes).
 */
export interface PrintedDocument {
  /** The PDF that printed, where the printer was sent one (a raw printer is sent dots, and has none). */
  pdf?: Buffer
}

export interface DocumentPrinter {
  /** What the journal and staff call it, e.g. "spool:/var/foyer/print-spool" or "electron:TM-T88". */
  readonly name: string
  print(doc: PrintDocument): Promise<PrintedDocument>
}

export type { PrintDocument }

/** 80 mm roll paper (see resources/print/print.css), in the units each renderer takes. */
export const ROLL_WIDTH_MM = 80
export const CSS_PX_PER_MM = 96 / 25.4

/** A file name for a document's PDF: its name, with anything but [A-Za-z0-9._-] replaced. */
export function pdfFileName(doc: PrintDocument): string {
  const safe = doc.name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_') || 'document'
  return `${safe}.pdf`
}
