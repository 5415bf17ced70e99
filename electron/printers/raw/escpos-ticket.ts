import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder'
import type { RawDocument, TicketText } from './ticket-text'

/**
 * A ticket in ESC/POS for an 80 mm receipt printer (48 columns of font A),
 * through @point-of-sale/receipt-printer-encoder: the event large and bold,
 * the show, venue and places, the ticket's code as a QR symbol (GS ( k, model
 * 2, error correction M as the HTML ticket's) with the reference under it, and
 * a cut. The encoder chooses the code page for each piece of text; text the
 * printer's code pages cannot show prints as "?" (a sale's documents go as
 * raster images instead: ./escpos-raster.ts).
 */
export interface EscPosTicketOptions {
  columns?: number
  /** The QR module size in dots (1-8): 6 is about 25 mm at 203 dpi for a short code. */
  qrModule?: number
}

export function escPosTicket(name: string, ticket: TicketText, options: EscPosTicketOptions = {}): RawDocument {
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: options.columns ?? 48, errors: 'relaxed' })
  encoder.initialize().codepage('auto').align('center')
  encoder.bold(true).size(2, 2).line(ticket.event).size(1, 1).bold(false)
  encoder.line(ticket.show).line(ticket.venue).newline()
  for (const place of ticket.places) encoder.bold(true).line(place).bold(false)
  encoder.newline().qrcode(ticket.code, { model: 2, size: options.qrModule ?? 6, errorlevel: 'm' })
  encoder.line(ticket.reference)
  for (const line of ticket.footer ?? []) encoder.line(line)
  encoder.cut()
  return { name, bytes: encoder.encode() }
}
