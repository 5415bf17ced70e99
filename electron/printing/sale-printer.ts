import { ippPrinterOf, rawDocumentPrinterOfChoice, type PrinterChoice } from '../printers/chosen-printer'
import type { RenderBitmap } from '../printers/raw/bitmap'
import { PortDocumentPrinter, type RenderPdf } from './port-document-printer'
import type { DocumentPrinter, PrintDocument, PrintedDocument } from './printer-port'

/**
 * How the printer staff chose becomes the printer of a sale's tickets and
 * receipt: one adapter per kind of printer, each making a DocumentPrinter of
 * its choice. The system printer (Electron's, the browser host's spool) is
 * what prints when none is chosen, and for a kind the host has no adapter for.
 */
export type DocumentPrinterAdapters = {
  [Kind in Exclude<PrinterChoice['kind'], 'system'>]?: (choice: Extract<PrinterChoice, { kind: Kind }>, label: string) => DocumentPrinter | null
}

/**
 * How a host lays documents out for the printers staff choose: as PDFs for
 * an IPP printer, as dots for a raw ESC/POS or Boca printer (a sale's
 * documents, and staff's test ticket). A host gives what its engine can.
 */
export interface HostLayouts {
  pdf?: RenderPdf
  raster?: RenderBitmap<PrintDocument>
}

/** The adapters a host's layouts make. */
export function adaptersOf(layouts: HostLayouts): DocumentPrinterAdapters {
  return { ...(layouts.pdf ? { ipp: ippDocuments(layouts.pdf) } : {}), ...(layouts.raster ? { raw: rawDocuments(layouts.raster) } : {}) }
}

/** The adapter for IPP printers and CUPS queues: documents rendered to PDF by the host's renderer. */
export function ippDocuments(render: RenderPdf): DocumentPrinterAdapters['ipp'] {
  return (choice, label) => {
    const port = ippPrinterOf(choice, label)
    return port && new PortDocumentPrinter(port, render)
  }
}

/** The adapter for raw network printers (ESC/POS, Boca FGL): each document's layout as dots in the printer's own language. */
export function rawDocuments(render: RenderBitmap<PrintDocument>): DocumentPrinterAdapters['raw'] {
  return (choice, label) => {
    const printer = rawDocumentPrinterOfChoice(choice, label, render)
    if (!printer) return null
    return {
      name: printer.name,
      // Resolves once the printer's status after the document says it is out; a PrintFailed otherwise.
      print: async (doc) => {
        await printer.print(doc)
        return {}
      },
    }
  }
}

function adapted(choice: PrinterChoice, adapters: DocumentPrinterAdapters, label: string): DocumentPrinter | null {
  if (choice.kind === 'ipp') return adapters.ipp?.(choice, label) ?? null
  if (choice.kind === 'raw') return adapters.raw?.(choice, label) ?? null
  return null
}

/**
 * The sale's printer, following the choice as it is at each print (staff may
 * change it between sales), made once per choice. Null only where there is
 * no system printer and no adapter (nothing can print: tests, throwaway runs).
 */
export function salePrinter(choice: () => PrinterChoice, system: DocumentPrinter | null, adapters: DocumentPrinterAdapters, label: string): DocumentPrinter | null {
  if (!system && Object.keys(adapters).length === 0) return null
  let made: { key: string; printer: DocumentPrinter | null } | null = null
  const current = (): DocumentPrinter | null => {
    const now = choice()
    const key = JSON.stringify(now)
    if (made?.key !== key) made = { key, printer: adapted(now, adapters, label) ?? system }
    return made.printer
  }
  return {
    get name() {
      return current()?.name ?? 'no printer'
    },
    print(doc: PrintDocument): Promise<PrintedDocument> {
      const printer = current()
      return printer ? printer.print(doc) : Promise.reject(new Error(`no printer is set up to print ${doc.name}`))
    },
  }
}
