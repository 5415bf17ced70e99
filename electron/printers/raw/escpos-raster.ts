import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder'
import { rowBytes, type Bitmap } from './bitmap'
import type { RawDocument } from './ticket-text'

/**
 * A document's dots for an ESC/POS receipt printer: GS v 0 raster images in
 * bands of at most 255 rows (each band prints and stops, so they join without
 * a seam, and no printer's input buffer has to hold the whole document), then
 * a feed past the cutter and a cut. Its width, 576 dots, is 72 mm at 203 dpi:
 * an 80 mm roll's printable width.
 *
 * @point-of-sale/receipt-printer-encoder frames the document (initialise,
 * feed, cut), and its bands would be the same bytes, but its image() takes
 * RGBA and flattens, thresholds and packs it pixel by pixel, hundreds of
 * milliseconds of main's thread for one ticket; the dots here are already
 * packed in GS v 0's own order (rows of whole bytes, the left dot in the high
 * bit, 1 = ink), so each band is a slice of them.
 */
export const ESCPOS_WIDTH_DOTS = 576

/**
 * GS ( D: real-time DLE DC4 off (fn 1, the drawer pulse; fn 2, power off).
 * Image data can hold those bytes by chance, and a counter's cash drawer
 * hangs off its receipt printer; Epson's reference advises it before bit
 * images. (A DLE EOT in the data is answered with a status byte, which on a
 * printer still taking data says nothing is wrong, as it is.)
 */
const REALTIME_DC4_OFF = Uint8Array.of(0x1d, 0x28, 0x44, 0x05, 0x00, 0x14, 0x01, 0x00, 0x02, 0x00)

/** Rows in one GS v 0 band, as the encoder's image() sends them. */
const BAND_ROWS = 255

/** Lines fed before the cut: the cutter sits above the head, and the document's foot must pass it (4, as the encoder's Epson models). */
const CUTTER_FEED_LINES = 4

/** Each band as one GS v 0 command: its header, then its rows. */
function rasterBands(bitmap: Bitmap): Uint8Array[] {
  const bytes = rowBytes(bitmap.width)
  const bands: Uint8Array[] = []
  for (let top = 0; top < bitmap.height; top += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, bitmap.height - top)
    bands.push(Buffer.concat([Uint8Array.of(0x1d, 0x76, 0x30, 0x00, bytes & 0xff, bytes >> 8, rows & 0xff, rows >> 8), bitmap.data.subarray(top * bytes, (top + rows) * bytes)]))
  }
  return bands
}

export function escPosRaster(name: string, bitmap: Bitmap): RawDocument {
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', feedBeforeCut: CUTTER_FEED_LINES })
  encoder.initialize().raw(REALTIME_DC4_OFF)
  // A band to a raw(): the encoder's encode() spreads each raw() into the arguments of one call, and
  // the whole image in one overflowed the stack from about 100,000 bytes (a receipt 1,400 rows long, 17 cm).
  // A band is at most 18,368 bytes, whatever the document's length.
  for (const band of rasterBands(bitmap)) encoder.raw(band)
  encoder.cut()
  return { name, bytes: encoder.encode() }
}
