import { create } from 'qrcode'
import { setDot, type Bitmap } from './bitmap'

/**
 * A QR code (a ticket's barcode, a receipt's booking reference) as its
 * module matrix, the one source for the code on screen, in the PDF
 * (electron/printing/qr.ts draws it as SVG) and on a thermal printer's dots
 * (drawQrDots below). Error correction M (15 %) tolerates a scuffed or
 * folded ticket; the standard's four modules of quiet zone are part of every
 * drawing, so the code scans whatever is around it.
 */
export const QR_QUIET_ZONE = 4

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number
  dark(row: number, col: number): boolean
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = create(text, { errorCorrectionLevel: 'M' })
  return { size: modules.size, dark: (row, col) => Boolean(modules.get(row, col)) }
}

/** A box on the bitmap, in dots. */
export interface DotBox {
  x: number
  y: number
  width: number
  height: number
}

/**
 * Draws the code into the box on a printer's dots, in place of whatever the
 * layout engine drew there: each module a square of whole dots (the largest
 * that fits with the quiet zone), centred, the rest of the box white. A QR
 * scaled by a fraction of a dot prints modules of uneven width at 203 dpi,
 * which door scanners misread; whole dots print every module alike.
 * Returns the dots per module.
 */
export function drawQrDots(bitmap: Bitmap, box: DotBox, text: string): number {
  const matrix = qrMatrix(text)
  const span = matrix.size + QR_QUIET_ZONE * 2
  const module = Math.floor(Math.min(box.width, box.height) / span)
  if (module < 1) throw new Error(`a QR code of ${span} modules does not fit ${box.width}x${box.height} dots`)
  for (let y = box.y; y < box.y + box.height; y++) for (let x = box.x; x < box.x + box.width; x++) setDot(bitmap, x, y, false)
  const left = box.x + Math.floor((box.width - span * module) / 2) + QR_QUIET_ZONE * module
  const top = box.y + Math.floor((box.height - span * module) / 2) + QR_QUIET_ZONE * module
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (!matrix.dark(row, col)) continue
      for (let dy = 0; dy < module; dy++) for (let dx = 0; dx < module; dx++) setDot(bitmap, left + col * module + dx, top + row * module + dy, true)
    }
  }
  return module
}
