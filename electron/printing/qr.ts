import { create } from 'qrcode'
import { escapeHtml, SafeHtml } from './html'

/**
 * A ticket's QR code as inline SVG: vector, so it stays sharp at any printer
 * resolution (a 203 dpi thermal head or a laser), and no image file or data:
 * URL to load. The symbol is drawn from the `qrcode` library's module matrix;
 * the markup holds only numbers Foyer computed and an escaped label.
 *
 * Error correction M (15 %) tolerates a scuffed or folded ticket; the four
 * modules of quiet zone the standard asks for are part of the drawing, so the
 * code scans whatever the layout puts around it.
 */
const QUIET_ZONE = 4

export function qrSvg(text: string, options: { sizeMm: number; label: string }): SafeHtml {
  const { modules } = create(text, { errorCorrectionLevel: 'M' })
  const span = modules.size + QUIET_ZONE * 2
  // One path of unit squares: a horizontal run of dark modules is one rectangle.
  let path = ''
  for (let row = 0; row < modules.size; row++) {
    let col = 0
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++
        continue
      }
      const start = col
      while (col < modules.size && modules.get(row, col)) col++
      path += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`
    }
  }
  return new SafeHtml(
    `<svg class="qr" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeHtml(options.label)}" width="${options.sizeMm}mm" height="${options.sizeMm}mm" ` +
      `viewBox="0 0 ${span} ${span}" shape-rendering="crispEdges"><rect width="${span}" height="${span}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`,
  )
}
