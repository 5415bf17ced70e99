/**
 * A document as a thermal printer prints it: a 1-bit image at the printer's
 * resolution, one dot per pixel. Rows top to bottom, each `rowBytes(width)`
 * bytes, the leftmost dot in the high bit, 1 = ink: the layout ESC/POS's
 * GS v 0 takes as it is, and from which FGL's dot columns are read.
 */
export interface Bitmap {
  width: number
  height: number
  data: Uint8Array
}

/**
 * Lays a document out as a bitmap `widthDots` wide (as long as the layout
 * is). The layout engine is Chromium's, so paper shows what the PDF shows:
 * in the browser host and tests through playwright
 * (electron/browser-host/chromium-raster.ts), in Electron through an
 * offscreen window (electron/main/offscreen-raster.ts). The printers layer knows documents only by
 * name, so any document type fits.
 */
export type RenderBitmap<Doc> = (doc: Doc, widthDots: number) => Promise<Bitmap>

export const rowBytes = (width: number): number => Math.ceil(width / 8)

export function blankBitmap(width: number, height: number): Bitmap {
  return { width, height, data: new Uint8Array(rowBytes(width) * height) }
}

export function inkAt(bitmap: Bitmap, x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= bitmap.width || y >= bitmap.height) return false
  return (bitmap.data[y * rowBytes(bitmap.width) + (x >> 3)]! & (0x80 >> (x & 7))) !== 0
}

export function setDot(bitmap: Bitmap, x: number, y: number, ink: boolean): void {
  if (x < 0 || y < 0 || x >= bitmap.width || y >= bitmap.height) return
  const at = y * rowBytes(bitmap.width) + (x >> 3)
  const bit = 0x80 >> (x & 7)
  bitmap.data[at] = ink ? bitmap.data[at]! | bit : bitmap.data[at]! & ~bit
}

/** How a screenshot's four bytes a pixel run: RGBA (a PNG), or BGRA (Electron's NativeImage bitmap). */
export type PixelOrder = 'rgba' | 'bgra'

/**
 * Pixels (a screenshot) as dots: ink where the pixel is darker than
 * mid-grey. A thermal head prints black or nothing, and the print styles draw
 * black on white only, so a threshold loses nothing but the glyphs' smoothing.
 */
export function bitmapOfPixels(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number, order: PixelOrder = 'rgba'): Bitmap {
  const bitmap = blankBitmap(width, height)
  const bytes = rowBytes(width)
  const [red, blue] = order === 'rgba' ? [0, 2] : [2, 0]
  for (let y = 0, at = 0; y < height; y++) {
    for (let x = 0; x < width; x++, at += 4) {
      // Rec. 601 luma in thousandths: below 128 000 is darker than mid-grey.
      const dark = pixels[at + red]! * 299 + pixels[at + 1]! * 587 + pixels[at + blue]! * 114 < 128_000 && pixels[at + 3]! >= 128
      if (dark) bitmap.data[y * bytes + (x >> 3)]! |= 0x80 >> (x & 7)
    }
  }
  return bitmap
}

/** The dots as RGBA pixels, black on white (for an encoder that takes images, and for a PNG of what printed). */
export function pixelsOfBitmap(bitmap: Bitmap): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(bitmap.width * bitmap.height * 4).fill(255)
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      if (!inkAt(bitmap, x, y)) continue
      const at = (y * bitmap.width + x) * 4
      rgba[at] = rgba[at + 1] = rgba[at + 2] = 0
    }
  }
  return rgba
}

/** The rows from `top` (inclusive) to `bottom` (exclusive) as a bitmap of their own. */
export function rowsOf(bitmap: Bitmap, top: number, bottom: number): Bitmap {
  const bytes = rowBytes(bitmap.width)
  return { width: bitmap.width, height: bottom - top, data: bitmap.data.slice(top * bytes, bottom * bytes) }
}

/** The bitmap cut or padded (with white) on the right to `width` dots. */
export function widthOf(bitmap: Bitmap, width: number): Bitmap {
  if (bitmap.width === width) return bitmap
  const fitted = blankBitmap(width, bitmap.height)
  for (let y = 0; y < bitmap.height; y++) for (let x = 0; x < Math.min(width, bitmap.width); x++) if (inkAt(bitmap, x, y)) setDot(fitted, x, y, true)
  return fitted
}
