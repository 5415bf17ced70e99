import { IppPrinter } from './ipp/ipp-printer'
import { IPP_PORT, parsePrinterAddress } from './printer-address'
import type { PrintConfirmed, PrinterPort, PrinterReadiness } from './printer-port'
import type { RenderBitmap } from './raw/bitmap'
import { EscPosPrinter } from './raw/escpos-printer'
import { escPosTicket } from './raw/escpos-ticket'
import { FglPrinter } from './raw/fgl-printer'
import { fglTicket } from './raw/fgl-ticket'
import { RAW_PORT } from './raw/raw-link'
import { RawDocumentPrinter } from './raw/raw-document-printer'
import type { TicketText } from './raw/ticket-text'
import { textPdf } from './text-pdf'

/**
 * The printer staff chose on the staff screen: the system printer (the OS
 * queue Electron prints to; the browser host's spool), an IPP printer at an
 * address and queue, or a raw network printer at an address speaking ESC/POS
 * or Boca FGL. Whatever the kind, Foyer asks it the same two things: can it
 * print now, and print this ticket (staff's test ticket).
 */
export type PrinterChoice =
  | { kind: 'system' }
  | { kind: 'ipp'; address: string; queue: string }
  | { kind: 'raw'; address: string; language: 'escpos' | 'fgl' }

export interface ChosenPrinter {
  /** A name staff can read: "Ticket printer (IPP, localhost:631)". */
  readonly name: string
  status(): Promise<PrinterReadiness>
  /** Prints a ticket of plain text; resolves once the printer says it is out, else rejects with PrintFailed. */
  printTicket(name: string, ticket: TicketText): Promise<PrintConfirmed>
}

/** The ticket's lines, top to bottom, for a printer that takes a PDF. */
export function ticketLines(ticket: TicketText): string[] {
  return [ticket.event, ticket.show, ticket.venue, ...ticket.places, ticket.reference, ticket.code, ...(ticket.footer ?? [])]
}

/** A port as a chosen printer: the ticket laid out in the port's own document. */
function chosen<Document>(port: PrinterPort<Document>, documentOf: (name: string, ticket: TicketText) => Document): ChosenPrinter {
  return { name: port.name, status: () => port.status(), printTicket: (name, ticket) => port.print(documentOf(name, ticket)) }
}

/**
 * The test ticket as dots on a raw printer: its page (made by the layers
 * above) and the host's layout engine, the same seam a sale's documents
 * print through (./raw/raw-document-printer.ts).
 */
export interface TicketRaster<Doc extends { name: string }> {
  pageOf(name: string, ticket: TicketText): Doc
  render: RenderBitmap<Doc>
}

/**
 * The port for a printer Foyer speaks to itself; null for the system printer
 * (the layers above print to it) or an address that does not parse (settings
 * refuse those before they are saved). A raw printer prints the test ticket
 * as an image of its page where `raster` is given, else in its own fonts.
 */
export function printerOfChoice<Doc extends { name: string }>(choice: PrinterChoice, label: string, raster?: TicketRaster<Doc>): ChosenPrinter | null {
  if (choice.kind === 'ipp') {
    const port = ippPrinterOf(choice, label)
    return port && chosen(port, (name, ticket) => ({ name, pdf: textPdf(ticketLines(ticket)) }))
  }
  if (choice.kind === 'raw') {
    const at = parsePrinterAddress(choice.address, RAW_PORT)
    if (!at) return null
    const options = { host: at.host, port: at.port, label }
    if (raster) return chosen(new RawDocumentPrinter({ ...options, language: choice.language }, raster.render), raster.pageOf)
    return choice.language === 'fgl' ? chosen(new FglPrinter(options), fglTicket) : chosen(new EscPosPrinter(options), escPosTicket)
  }
  return null
}

/** The IPP port for an IPP choice (sale documents print through it too); null for an address that does not parse. */
export function ippPrinterOf(choice: Extract<PrinterChoice, { kind: 'ipp' }>, label: string): IppPrinter | null {
  const at = parsePrinterAddress(choice.address, IPP_PORT)
  return at && new IppPrinter({ uri: `ipp://${at.authority}/${choice.queue}`, label })
}

/**
 * A raw network printer staff chose, for a sale's documents: the document's
 * layout as an image in the printer's language (./raw/raw-document-printer.ts);
 * null for any other kind or an address that does not parse.
 */
export function rawDocumentPrinterOfChoice<Doc extends { name: string }>(choice: PrinterChoice, label: string, render: RenderBitmap<Doc>): RawDocumentPrinter<Doc> | null {
  if (choice.kind !== 'raw') return null
  const at = parsePrinterAddress(choice.address, RAW_PORT)
  return at ? new RawDocumentPrinter({ host: at.host, port: at.port, label, language: choice.language }, render) : null
}
