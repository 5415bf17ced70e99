import { bitmapOfPixels, widthOf, type Bitmap, type PixelOrder } from '../printers/raw/bitmap'
import { drawQrDots, type DotBox } from '../printers/raw/qr-dots'
import type { PrintDocument } from './documents'

/**
 * What both hosts' layout engines share when a document becomes a raw
 * thermal printer's dots (the browser host's headless Chromium,
 * ../browser-host/chromium-raster.ts; Electron's offscreen window,
 * ../main/offscreen-raster.ts): the width it is laid out at, the style that
 * hands the roll's margins to the printer, and turning the engine's
 * screenshot into dots with each QR code drawn again in whole dots. Only the
 * engine differs; the paper is the same from either.
 *
 * The paper's printable width (72 mm of the 80 mm roll the print styles are
 * made for; the styles' side margins are the printer's own) is scaled to the
 * printer's width in dots: 576 dots is 203 dpi.
 */
export const PRINTABLE_CSS_PX = 272

/** The roll's side margins go to the printer; the layout keeps its own top and bottom. */
const RASTER_STYLE = `<style>html, body { width: ${PRINTABLE_CSS_PX}px !important; padding-left: 0 !important; padding-right: 0 !important; }</style>`

/** The document's HTML as it is laid out for dots. */
export function rasterHtml(doc: PrintDocument): string {
  return doc.html.replace('</head>', `${RASTER_STYLE}</head>`)
}

/** Device pixels per CSS pixel that make the printable width `widthDots` dots. */
export function rasterScale(widthDots: number): number {
  return widthDots / PRINTABLE_CSS_PX
}

/** A QR code on the laid-out page: its box in CSS pixels and the text it holds (qr.ts puts it in data-code). */
export interface QrOnPage {
  box: { x: number; y: number; width: number; height: number }
  code: string
}

/** A CSS box as whole dots, its edges rounded where the scaled page puts them. */
export function dotBoxOf(box: QrOnPage['box'], scale: number): DotBox {
  const x = Math.round(box.x * scale)
  const y = Math.round(box.y * scale)
  return { x, y, width: Math.round((box.x + box.width) * scale) - x, height: Math.round((box.y + box.height) * scale) - y }
}

/** The engine's screenshot of the page at the raster's scale. */
export interface PageShot {
  pixels: Uint8Array | Uint8ClampedArray
  width: number
  height: number
  /** RGBA (a PNG), or BGRA (Electron's NativeImage bitmap). */
  order: PixelOrder
}

/**
 * The screenshot as the printer's dots: exactly `widthDots` wide (a
 * fractional scale can round the shot a dot wider or narrower than asked),
 * each QR code drawn again from its matrix in whole dots per module over the
 * scaled drawing (../printers/raw/qr-dots.ts).
 */
export function dotsOfShot(shot: PageShot, widthDots: number, codes: readonly QrOnPage[]): Bitmap {
  const scale = rasterScale(widthDots)
  const bitmap = widthOf(bitmapOfPixels(shot.pixels, shot.width, shot.height, shot.order), widthDots)
  for (const { box, code } of codes) drawQrDots(bitmap, dotBoxOf(box, scale), code)
  return bitmap
}
