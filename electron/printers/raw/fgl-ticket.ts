import type { RawDocument, TicketText } from './ticket-text'

/**
 * A ticket in Boca's Friendly Ghost Language (FGL46 Programming Guide, Boca
 * Systems): <RCrow,col> places what follows (in dots from the top left),
 * <Fn> chooses a resident font and <HWh,w> magnifies it, <QRsize,tilde,mode,
 * level>{data} draws a QR code (level 0 is M, as the HTML ticket's) and <p>
 * prints and cuts the ticket. Laid out for a 2 x 5.5 inch ticket at 200 dpi:
 * the text down the left, the code on the right.
 *
 * FGL reads "<" as a command and "{" "}" as barcode data, and its resident
 * fonts are 8-bit: those characters and any outside Latin-1 are printed as
 * "?"; a sale's documents go as images instead (./fgl-raster.ts).
 */
const LINE_DOTS = 40
const LEFT = 30
const QR_COLUMN = 820

function fglText(text: string): string {
  return Array.from(text, (c) => (/[<>{}]/.test(c) || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) > 0xff ? '?' : c)).join('')
}

export function fglTicket(name: string, ticket: TicketText): RawDocument {
  const parts: string[] = [`<RC20,${LEFT}><F6><HW2,2>${fglText(ticket.event)}`]
  const small = [ticket.show, ticket.venue, ...ticket.places, ticket.reference, ...(ticket.footer ?? [])]
  small.forEach((line, index) => parts.push(`<RC${100 + index * LINE_DOTS},${LEFT}><F3><HW1,1>${fglText(line)}`))
  parts.push(`<RC40,${QR_COLUMN}><QR6,0,0,0>{${fglText(ticket.code)}}`)
  parts.push('<p>')
  return { name, bytes: Buffer.from(parts.join(''), 'latin1') }
}
