import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder'
import { pixelsOfBitmap, type Bitmap } from './bitmap'
import type { RawDocument } from './ticket-text'

/**
 * A document's dots for an ESC/POS receipt printer: GS v 0 raster images
 * through @point-of-sale/receipt-printer-encoder, which sends the image in
 * bands of at most 255 rows (each band prints and stops, so they join without
 * a seam, and no printer's input buffer has to hold the whole document), then
 * feeds the paper past the cutter and cuts. The image is already black and
 * white at the printer's resolution, so the encoder's threshold keeps every
 * dot as it is, and its width (576: 72 mm at 203 dpi, an 80 mm roll's
 * printable width) is a whole number of bytes.
 */
export const ESCPOS_WIDTH_DOTS = 576

/** Lines fed before the cut: the cutter sits above the head, and the document's foot must pass it (4, as the encoder's Epson models). */
const CUTTER_FEED_LINES = 4

export function escPosRaster(name: string, bitmap: Bitmap): RawDocument {
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', imageMode: 'raster', feedBeforeCut: CUTTER_FEED_LINES })
  const image = { data: pixelsOfBitmap(bitmap), width: bitmap.width, height: bitmap.height }
  encoder.initialize().image(image, { width: bitmap.width, height: bitmap.height, mode: 'raster', algorithm: 'threshold', threshold: 128 })
  encoder.cut()
  return { name, bytes: encoder.encode() }
}
