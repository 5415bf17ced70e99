import { describe, expect, it } from 'vitest'
import { inkAt } from '../../../electron/printers/raw/bitmap'
import { dotBoxOf, dotsOfShot, PRINTABLE_CSS_PX, rasterHtml, rasterScale } from '../../../electron/printing/raster-page'
import { qrOnPaper } from '../../support/raster-decode'

/**
 * The part of a document's raster both hosts share (the browser host's
 * headless Chromium and Electron's offscreen window, which cannot run here):
 * a screenshot in either pixel order becomes the printer's dots at its exact
 * width, with each QR code drawn again in whole dots where the page had it.
 */
const WIDTH_DOTS = 576

/** A white screenshot `width` x `height`, four bytes a pixel. */
const whiteShot = (width: number, height: number) => new Uint8Array(width * height * 4).fill(255)

describe('a laid-out page as a raw printer’s dots', () => {
  it('reads Electron’s BGRA bitmap as BGRA: a dark blue pixel is ink, the same bytes read as RGBA (orange) are not', () => {
    const pixels = Uint8Array.of(255, 100, 0, 255)
    expect(inkAt(dotsOfShot({ pixels, width: 1, height: 1, order: 'bgra' }, 1, []), 0, 0)).toBe(true)
    expect(inkAt(dotsOfShot({ pixels, width: 1, height: 1, order: 'rgba' }, 1, []), 0, 0)).toBe(false)
  })

  it('gives the printer its width exactly, and redraws a QR code smeared by scaling in whole dots where the page had it', () => {
    // A shot a dot wider than asked (a fractional scale rounds so), with a grey smear where the code was drawn.
    const [width, height] = [WIDTH_DOTS + 1, 400]
    const pixels = whiteShot(width, height)
    for (let y = 50; y < 300; y++) for (let x = 100; x < 350; x++) pixels.fill(90, (y * width + x) * 4, (y * width + x) * 4 + 3)
    const scale = rasterScale(WIDTH_DOTS)
    const box = { x: 100 / scale, y: 50 / scale, width: 250 / scale, height: 250 / scale }
    const dots = dotsOfShot({ pixels, width, height, order: 'rgba' }, WIDTH_DOTS, [{ box, code: '0123456789012345' }])
    expect(dots.width).toBe(WIDTH_DOTS)
    expect(qrOnPaper(dots)).toMatchObject({ text: '0123456789012345', moduleDots: expect.toSatisfy(Number.isInteger) })
    expect(dotBoxOf(box, scale)).toEqual({ x: 100, y: 50, width: 250, height: 250 })
  })

  it('lays the document out at the printable width, the roll’s side margins left to the printer', () => {
    const html = rasterHtml({ name: 'x', html: '<html><head><title>t</title></head><body style="padding: 0 4mm">x</body></html>' })
    expect(html).toContain(`html, body { width: ${PRINTABLE_CSS_PX}px !important; padding-left: 0 !important; padding-right: 0 !important; }</style></head>`)
    expect(rasterScale(WIDTH_DOTS) * PRINTABLE_CSS_PX).toBe(WIDTH_DOTS)
  })
})
