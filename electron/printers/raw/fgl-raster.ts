import { inkAt, rowsOf, type Bitmap } from './bitmap'
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

/** The layout's dots at FGL row `row` of band `top`..`top + 7`, column `col` (quarter turn: rows from the layout's right edge). */
function columnByte(page: Bitmap, top: number, col: number, rowOffset: number): number {
  let byte = 0
  for (let bit = 0; bit < 8; bit++) {
    const x = page.width - 1 - (top + bit - rowOffset)
    if (inkAt(page, x, col)) byte |= 0x80 >> bit
  }
  return byte
}

function ticketOf(page: Bitmap, acrossDots: number): Buffer {
  const rowOffset = Math.max(0, Math.floor((acrossDots - page.width) / 2))
  const parts: Buffer[] = []
  for (let top = 0; top < rowOffset + page.width; top += 8) {
    for (let start = 0; start < page.height; start += RUN) {
      const run = Buffer.alloc(Math.min(RUN, page.height - start))
      for (let i = 0; i < run.length; i++) run[i] = columnByte(page, top, start + i, rowOffset)
      if (run.every((byte) => byte === 0)) continue
      parts.push(Buffer.from(`<RC${top},${start}><G${run.length}>`, 'latin1'), run)
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
