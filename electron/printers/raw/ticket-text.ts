import type { SaleLanguage } from '../../contract/checkout-channels'

/**
 * A ticket as lines of text and its code for the door: staff's test ticket.
 * Where the host lays documents out as dots it goes to a raw printer as an
 * image of its page, as a sale's documents (./raw-document-printer.ts);
 * otherwise in the printer's own fonts (./escpos-ticket.ts, ./fgl-ticket.ts),
 * which print only what they have glyphs for (Chinese as "?").
 */
export interface TicketText {
  /** The language its words are in (the page's lang, which picks the Chinese glyphs' forms); English unless said. */
  language?: SaleLanguage
  /** The event's title, as the vendor sent it. */
  event: string
  /** The show's date and time as printed, e.g. "Sat 28 Nov 2026, 7:30 pm". */
  show: string
  venue: string
  /** Each place on its own line, e.g. "Stalls Centre, Row C, Seat 11". */
  places: string[]
  /** The booking reference, printed under the code for staff to type. */
  reference: string
  /** What the QR code holds: the ticket's code scanned at the door. */
  code: string
  /** Any further lines at the foot: "Ticket 1 of 2", the training mark. */
  footer?: string[]
}

/** A document for a raw printer: its bytes in the printer's language, and a name for logs and failures. */
export interface RawDocument {
  name: string
  bytes: Uint8Array
  /** How many tickets it comes out as, each confirmed by the printer on its own (Boca FGL); one unless said. */
  tickets?: number
}
