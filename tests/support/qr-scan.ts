import jsQR from 'jsqr'
import { PNG } from 'pngjs'

/** What a QR code in a PNG (a screenshot of it, say) holds, as a scanner reads it; undefined when none scans. */
export function scannedPng(png: Buffer): string | undefined {
  const image = PNG.sync.read(png)
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data
}
