/**
 * A ticket as lines of text and its code for the door, laid out by a raw
 * ticket or receipt printer's own fonts (./escpos-ticket.ts,
 * ./fgl-ticket.ts), which print only what they have glyphs for: staff's test
 * ticket. A sale's documents go as raster images of Foyer's HTML layouts
 * instead (./raw-document-printer.ts), Chinese and the brand's look included.
 */
export interface TicketText {
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
