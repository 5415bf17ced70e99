import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { blankBitmap, inkAt, pixelsOfBitmap, rowBytes, setDot, type Bitmap } from '../../electron/printers/raw/bitmap'
import { nextCommand } from './escpos-decode'
import { QR_QUIET_ZONE, qrMatrix, type QrMatrix } from '../../electron/printers/raw/qr-dots'
import type { FglTicketPrinted } from './fgl-loopback'

/**
 * What a raw printer printed, as the dots on its paper: ESC/POS raster bands
 * (GS v 0) stacked into one image per cut, and a Boca ticket's FGL graphics
 * placed where their <RC> put them. From there a test reads the paper as a
 * person or a door scanner would: as a PNG, and the QR code in it with jsQR.
 */

/** Each cut-off piece of an ESC/POS printer's output as one image (its raster bands top to bottom). */
export function escPosPages(bytes: Uint8Array): Bitmap[] {
  const pages: Bitmap[] = []
  let bands: Bitmap[] = []
  for (let at = 0; at < bytes.length; ) {
    const parsed = nextCommand(bytes, at)
    if (!parsed) throw new Error(`ESC/POS bytes end inside a command at byte ${at}`)
    const { command } = parsed
    if (command.kind === 'raster') bands.push({ width: command.widthDots, height: command.heightDots, data: bytes.slice(at + 8, at + parsed.length) })
    if (command.kind === 'cut') {
      pages.push(stacked(bands))
      bands = []
    }
    at += parsed.length
  }
  if (bands.length > 0) pages.push(stacked(bands))
  return pages
}

/** Where each cut-off piece of an ESC/POS printer's output ends: the byte after each cut. */
export function escPosCutEnds(bytes: Uint8Array): number[] {
  const ends: number[] = []
  for (let at = 0; at < bytes.length; ) {
    const parsed = nextCommand(bytes, at)
    if (!parsed) throw new Error(`ESC/POS bytes end inside a command at byte ${at}`)
    at += parsed.length
    if (parsed.command.kind === 'cut') ends.push(at)
  }
  return ends
}

function stacked(bands: Bitmap[]): Bitmap {
  const width = Math.max(0, ...bands.map((b) => b.width))
  if (bands.some((b) => b.width !== width)) throw new Error('raster bands of one page differ in width')
  const data = new Uint8Array(bands.reduce((n, b) => n + b.data.length, 0))
  let at = 0
  for (const band of bands) {
    data.set(band.data, at)
    at += band.data.length
  }
  return { width, height: data.length / Math.max(1, rowBytes(width)), data }
}

/**
 * A Boca ticket's graphics as the portrait image they were sent as: FGL's
 * rows run across the stock (`acrossDots`), its columns along it; the image's
 * x is counted from the far edge of the rows, as the printer's port turned it.
 */
export function fglTicketDots(ticket: FglTicketPrinted, acrossDots: number): Bitmap {
  const length = Math.max(0, ...ticket.graphics.map((g) => g.col + g.columns.length))
  const dots = blankBitmap(acrossDots, length)
  for (const { row, col, columns } of ticket.graphics) {
    columns.forEach((byte, i) => {
      for (let bit = 0; bit < 8; bit++) if (byte & (0x80 >> bit)) setDot(dots, acrossDots - 1 - (row + bit), col + i, true)
    })
  }
  return dots
}

/** Several tickets' images, one after the other (a document that went on more than one). */
export function joined(pages: Bitmap[]): Bitmap {
  const width = Math.max(...pages.map((p) => p.width))
  const all = blankBitmap(width, pages.reduce((n, p) => n + p.height, 0))
  let top = 0
  for (const page of pages) {
    for (let y = 0; y < page.height; y++) for (let x = 0; x < page.width; x++) if (inkAt(page, x, y)) setDot(all, x, top + y, true)
    top += page.height
  }
  return all
}

/** The part of an image from `left`, `width` dots wide. */
export function columnsOf(bitmap: Bitmap, left: number, width: number): Bitmap {
  const part = blankBitmap(width, bitmap.height)
  for (let y = 0; y < bitmap.height; y++) for (let x = 0; x < width; x++) if (inkAt(bitmap, left + x, y)) setDot(part, x, y, true)
  return part
}

/** Dots in `bitmap` outside the columns from `left`, `width` wide (ink where nothing should be). */
export function inkOutside(bitmap: Bitmap, left: number, width: number): number {
  let ink = 0
  for (let y = 0; y < bitmap.height; y++) for (let x = 0; x < bitmap.width; x++) if ((x < left || x >= left + width) && inkAt(bitmap, x, y)) ink++
  return ink
}

/** The dots where two images of one size differ. */
export function dotsDiffering(a: Bitmap, b: Bitmap): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`images of ${a.width}x${a.height} and ${b.width}x${b.height} dots`)
  let differ = 0
  for (let y = 0; y < a.height; y++) for (let x = 0; x < a.width; x++) if (inkAt(a, x, y) !== inkAt(b, x, y)) differ++
  return differ
}

export function pngOf(bitmap: Bitmap): Buffer {
  return PNG.sync.write({ width: bitmap.width, height: bitmap.height, data: Buffer.from(pixelsOfBitmap(bitmap)) })
}

/**
 * The QR code on the paper, read as a door scanner would: the dots as a PNG,
 * scanned by jsQR. `text` is what it holds (null when none scans) and
 * `moduleDots` whether it is in whole dots: every module a square of the
 * same whole number of dots exactly as the code's matrix says, the
 * four-module quiet zone around it blank (null when not so).
 */
export function qrOnPaper(bitmap: Bitmap): { text: string | null; moduleDots: number | null } {
  const image = PNG.sync.read(pngOf(bitmap))
  const seen = jsQR(new Uint8ClampedArray(image.data), image.width, image.height, { inversionAttempts: 'dontInvert' })
  // jsQR can take a receipt's text for finder patterns and "read" an empty symbol there; no ticket's
  // code is empty, and an empty one cannot be drawn again to compare, so it counts as no code.
  if (!seen || seen.data === '') return { text: null, moduleDots: null }
  const matrix = qrMatrix(seen.data)
  const near = seen.location.topLeftCorner
  for (let y = Math.floor(near.y) - 8; y <= near.y + 8; y++) {
    for (let x = Math.floor(near.x) - 8; x <= near.x + 8; x++) {
      if (!inkAt(bitmap, x, y) || inkAt(bitmap, x - 1, y) || inkAt(bitmap, x, y - 1)) continue
      let run = 0
      while (inkAt(bitmap, x + run, y)) run++
      if (run % 7 === 0 && symbolAt(bitmap, x, y, run / 7, matrix)) return { text: seen.data, moduleDots: run / 7 }
    }
  }
  return { text: seen.data, moduleDots: null }
}

function symbolAt(bitmap: Bitmap, left: number, top: number, module: number, matrix: QrMatrix): boolean {
  const quiet = QR_QUIET_ZONE * module
  for (let y = top - quiet; y < top + matrix.size * module + quiet; y++) {
    for (let x = left - quiet; x < left + matrix.size * module + quiet; x++) {
      const [row, col] = [Math.floor((y - top) / module), Math.floor((x - left) / module)]
      const inside = row >= 0 && col >= 0 && row < matrix.size && col < matrix.size
      if (inkAt(bitmap, x, y) !== (inside && matrix.dark(row, col))) return false
    }
  }
  return true
}
