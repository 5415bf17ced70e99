import { rowBytes, rowsOf, type Bitmap } from './bitmap'
import type { RawDocument } from './ticket-text'

/**
 * A document's dots for a Boca ticket printer, as FGL graphics (FGL46
 * Programming Guide, "Graphics"; pretixprint sends its tickets the same way):
 * <RCrow,col> places the graphic and <Gn> is followed by n bytes, each a
 * column of 8 dots, the top dot in the high bit. FGL's rows run across the
 * head and its columns along the ticket, so the portrait layout (80 mm wide,
 * as on the roll) is turned a quarter: its lines run across the ticket stock,
 * its top at the ticket's leading edge. Blank stretches are not sent.
 *
 * A document longer than one ticket goes on as many tickets as it needs,
 * each printed and cut by <p> (and acknowledged by the printer on its own).
 */
export interface BocaStock {
  /** The head's resolution: 200 or 300 dpi. */
  dpi: number
  /** Ticket stock, across the head and along the feed, in inches. */
  acrossInches: number
  lengthInches: number
}

/** 3.25 x 8 in tickets at 200 dpi (Boca Lemur and Ghostwriter): the 80 mm layout fits across, a ticket or receipt along. */
export const DEFAULT_BOCA_STOCK: BocaStock = { dpi: 200, acrossInches: 3.25, lengthInches: 8 }

/** Bytes a <G> command carries: a run of columns in one band of 8 rows. */
const RUN = 100

/** How wide the layout is laid out for this stock: its 72 mm at the head's resolution, or the stock's width if narrower. */
export function bocaLayoutDots(stock: BocaStock): number {
  return Math.min(Math.round((72 / 25.4) * stock.dpi), Math.floor(stock.acrossInches * stock.dpi))
}

/** Each byte with its bits in the opposite order. */
const REVERSED = Uint8Array.from({ length: 256 }, (_, byte) => {
  let reversed = 0
  for (let bit = 0; bit < 8; bit++) if (byte & (1 << bit)) reversed |= 0x80 >> bit
  return reversed
})

/**
 * One ticket's FGL graphics. The quarter turn is byte for byte: FGL's band of
 * 8 rows from `rowOffset + 8k` is the layout's k-th byte of each row from the
 * right, its bits reversed (the layout's rightmost dot becomes the band's top
 * row), and the layout's row y is FGL's column y.
 */
function ticketOf(page: Bitmap, acrossDots: number): Buffer {
  const bytes = rowBytes(page.width)
  const rowOffset = Math.max(0, Math.floor((acrossDots - bytes * 8) / 2))
  const parts: Buffer[] = []
  for (let band = 0; band < bytes; band++) {
    const byteInRow = bytes - 1 - band
    for (let start = 0; start < page.height; start += RUN) {
      const run = Buffer.alloc(Math.min(RUN, page.height - start))
      for (let i = 0; i < run.length; i++) run[i] = REVERSED[page.data[(start + i) * bytes + byteInRow]!]!
      if (run.every((byte) => byte === 0)) continue
      parts.push(Buffer.from(`<RC${rowOffset + band * 8},${start}><G${run.length}>`, 'latin1'), run)
    }
  }
  parts.push(Buffer.from('<p>', 'latin1'))
  return Buffer.concat(parts)
}

export function fglRaster(name: string, bitmap: Bitmap, stock: BocaStock = DEFAULT_BOCA_STOCK): RawDocument {
  const length = Math.floor(stock.lengthInches * stock.dpi)
  const across = Math.floor(stock.acrossInches * stock.dpi)
  const tickets: Buffer[] = []
  for (let top = 0; top < Math.max(1, bitmap.height); top += length) tickets.push(ticketOf(rowsOf(bitmap, top, Math.min(bitmap.height, top + length)), across))
  return { name, bytes: Buffer.concat(tickets), tickets: tickets.length }
}
