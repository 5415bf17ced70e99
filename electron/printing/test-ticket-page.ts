import type { SaleLanguage } from '../contract/checkout-channels'
import type { TicketText } from '../printers/raw/ticket-text'
import type { PrintDocument } from './documents'
import { html } from './html'
import { DEFAULT_BRAND, printedPage } from './page'
import { qrSvg } from './qr'
import { printTemplates } from './templates'

/**
 * Staff's test ticket (../printers/test-ticket.ts) as a printed page: its
 * lines in the shared page and styles, and its QR code drawn as a ticket's
 * is. The system printer prints it as a PDF; a raw ESC/POS or Boca printer
 * as the dots of this layout, as a sale's documents (its own fonts print
 * Chinese as "?"), so the test shows what a customer's ticket will look like.
 */
const QR_SIZE_MM = 34

const BODY = '<h1 class="show">{{title}}</h1>{{lines}}<div class="code">{{qr}}<p class="barcode">{{code}}</p></div>{{footer}}'

export function testTicketDocument(name: string, ticket: TicketText, language: SaleLanguage = 'en-SG'): PrintDocument {
  const frame = { lang: language, title: ticket.event, kind: 'ticket' as const, brand: DEFAULT_BRAND, trainingMark: null }
  const lines = [ticket.show, ticket.venue, ...ticket.places, ticket.reference]
  return {
    name,
    html: printedPage(printTemplates(), frame, BODY, {
      title: ticket.event,
      lines: lines.map((line) => html`<p>${line}</p>`),
      qr: qrSvg(ticket.code, { sizeMm: QR_SIZE_MM, label: ticket.code }),
      code: ticket.code,
      footer: (ticket.footer ?? []).map((line) => html`<p class="small">${line}</p>`),
    }),
  }
}
