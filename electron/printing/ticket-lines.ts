import type { SaleRecord } from '../journal/sales-journal'
import type { TicketText } from '../printers/raw/ticket-text'
import { confirmedOrder, itemOf, ticketSeatKind, type DocumentOptions } from './documents'
import { singaporeTime } from './format'
import { paperWords } from './paper-words'

/**
 * A confirmed sale's tickets as lines of text and a code, for the raw ticket
 * and receipt printers (ESC/POS, Boca FGL) that print in their own fonts:
 * the same facts, names and words as the HTML ticket (./documents.ts), one
 * per place, in the language the sale was made in. Sale documents go to those
 * printers as raster images of the HTML layout
 * (../printers/raw/raw-document-printer.ts); these lines are the text form.
 */
export interface TicketLines {
  /** The same name as the HTML ticket's document: "<reference>-ticket-01". */
  name: string
  ticket: TicketText
}

export function ticketLines(sale: SaleRecord, options: Pick<DocumentOptions, 'venues' | 'language'> = {}): TicketLines[] {
  const order = confirmedOrder(sale, 'tickets')
  const language = options.language ?? 'en-SG'
  const words = paperWords(language)
  const training = sale.backend.startsWith('sandbox/')
  return order.tickets.map((ticket, index) => {
    const item = itemOf(order, ticket)
    const line = item?.lines.find((l) => l.priceClassCode === ticket.priceClassCode) ?? null
    const section = ticket.sectionAlias ?? item?.sectionAlias ?? words.notGiven
    const place =
      ticket.row === null && ticket.seat === null
        ? `${words.section} ${section}, ${words.generalAdmission}`
        : `${words.section} ${section}, ${words.row} ${ticket.row ?? words.notGiven}, ${words.seat} ${ticket.seat ?? words.notGiven}`
    const kind = ticketSeatKind(ticket, item, language, words)
    return {
      name: `${order.reference}-ticket-${String(index + 1).padStart(2, '0')}`,
      ticket: {
        event: item?.showTitle ?? words.notGiven,
        show: singaporeTime(item?.showDate ?? null, language),
        venue: options.venues?.[ticket.productId] ?? '',
        places: kind ? [place, kind] : [place],
        reference: `${words.bookingReference} ${order.reference}`,
        code: ticket.barcode,
        footer: [line?.priceClassAlias ?? ticket.priceClassCode, words.ticketOf(index + 1, order.tickets.length), ...(training ? [words.trainingMark] : [])],
      },
    }
  })
}
