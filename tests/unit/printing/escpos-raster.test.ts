import { describe, expect, it } from 'vitest'
import { blankBitmap, setDot } from '../../../electron/printers/raw/bitmap'
import { ESCPOS_WIDTH_DOTS, escPosRaster } from '../../../electron/printers/raw/escpos-raster'
import { dotsDiffering, escPosPages } from '../../support/raster-decode'

/**
 * A long document as ESC/POS raster (../../../electron/printers/raw/escpos-raster.ts): a receipt of
 * several shows, or one with its booking reference's QR code, runs past 1,400 rows (100,000 bytes),
 * where the image given to the encoder in one piece overflowed the call stack and nothing printed.
 */
describe('a long document as ESC/POS raster', () => {
  it('is encoded band by band and prints as the image, dot for dot, under one cut', () => {
    const rows = 4000
    const image = blankBitmap(ESCPOS_WIDTH_DOTS, rows)
    // A diagonal and a stripe every 100 rows: any band out of place or cut short shows.
    for (let y = 0; y < rows; y++) {
      setDot(image, (y * 7) % ESCPOS_WIDTH_DOTS, y, true)
      if (y % 100 === 0) for (let x = 0; x < ESCPOS_WIDTH_DOTS; x += 2) setDot(image, x, y, true)
    }
    const { bytes } = escPosRaster('long-receipt', image)
    expect(bytes.length).toBeGreaterThan(rows * (ESCPOS_WIDTH_DOTS / 8))
    const pages = escPosPages(bytes)
    expect(pages).toHaveLength(1)
    expect(dotsDiffering(pages[0]!, image)).toBe(0)
  })
})
