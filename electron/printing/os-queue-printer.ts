import type { ChosenPrinter } from '../printers/chosen-printer'
import type { OsQueue } from '../printers/os-queue'
import { PrintFailed, type PrintConfirmed, type PrinterReadiness } from '../printers/printer-port'
import type { TicketText } from '../printers/raw/ticket-text'
import { PortDocumentPrinter, type RenderPdf } from './port-document-printer'
import type { DocumentPrinter, PrintDocument, PrintedDocument } from './printer-port'
import { testTicketDocument } from './test-ticket-page'

/**
 * The system printer (a printer installed with its driver in the operating
 * system's queue), printed to and asked through the print system
 * (../printers/os-queue.ts), so a print is done on the printer's word:
 *
 * - where CUPS runs (Linux, macOS), each document is laid out as a PDF and
 *   sent to the CUPS queue over IPP, and is printed only once CUPS says the
 *   job completed — as an IPP printer chosen by address is;
 * - on Windows, the spooler's printer status is asked before (a printer out
 *   of paper is sent nothing) and after the host's own silent print
 *   (`queue`, Electron's webContents.print): a printer that says it cannot
 *   print once the queue took the document leaves the document unconfirmed,
 *   in the printer's words, never "printed".
 *
 * It is a chosen printer as well, so main asks it before a customer starts
 * and staff's test ticket says what is wrong, as with every other kind.
 */
export interface OsQueuePrinterOptions {
  queue: OsQueue
  /** The host's silent print to the OS queue (Windows, or a queue CUPS gives no address for). */
  spool: DocumentPrinter
  /** The host's PDF layout (Electron's printToPDF), for the CUPS queue. */
  render: RenderPdf
}

export class OsQueuePrinter implements DocumentPrinter, ChosenPrinter {
  readonly name: string

  constructor(private readonly options: OsQueuePrinterOptions) {
    this.name = options.queue.name
  }

  status(): Promise<PrinterReadiness> {
    return this.options.queue.status()
  }

  async print(doc: PrintDocument): Promise<PrintedDocument> {
    const now = await this.options.queue.now()
    if ('cups' in now) return new PortDocumentPrinter(now.cups, this.options.render).print(doc)
    const before = now.readiness
    if (before.state === 'cannot-print') throw new PrintFailed(this.name, 'refused', before.problems, `${doc.name} not sent, the printer cannot print (${before.problems.join(', ')})`)
    const printed = await this.options.spool.print(doc)
    const after = await this.status()
    if (after.state === 'cannot-print') {
      throw new PrintFailed(this.name, 'unconfirmed', after.problems, `the queue took ${doc.name}, and the printer then said it cannot print (${after.problems.join(', ')})`)
    }
    return printed
  }

  async printTicket(name: string, ticket: TicketText): Promise<PrintConfirmed> {
    await this.print(testTicketDocument(name, ticket, ticket.language))
    return { readiness: await this.status() }
  }
}

/** Whether the host's system printer can be asked (the OS queue's) or only printed to (the browser host's spool). */
export function isAskable(printer: DocumentPrinter | null): printer is DocumentPrinter & ChosenPrinter {
  return printer !== null && 'status' in printer && 'printTicket' in printer
}
