import { QR_QUIET_ZONE, qrMatrix } from '../printers/raw/qr-dots'
import { escapeHtml, SafeHtml } from './html'

/**
 * A QR code as inline SVG (a ticket's barcode; a receipt's or refund slip's
 * booking reference, ./slip-head.ts): vector, so it stays sharp at any printer
 * resolution (a 203 dpi thermal head or a laser), and no image file or data:
 * URL to load. The symbol is drawn from the `qrcode` library's module matrix;
 * the markup holds only numbers Foyer computed and an escaped label.
 *
 * The matrix, its error correction and quiet zone are the raster printers'
 * too (../printers/raw/qr-dots.ts), which redraw the code in whole dots from
 * the text the SVG carries in data-code.
 */

export function qrSvg(text: string, options: { sizeMm: number; label: string }): SafeHtml {
  const modules = qrMatrix(text)
  const span = modules.size + QR_QUIET_ZONE * 2
  // One path of unit squares: a horizontal run of dark modules is one rectangle.
  let path = ''
  for (let row = 0; row < modules.size; row++) {
    let col = 0
    while (col < modules.size) {
      if (!modules.dark(row, col)) {
        col++
        continue
      }
      const start = col
      while (col < modules.size && modules.dark(row, col)) col++
      path += `M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${col - start}v1h-${col - start}z`
    }
  }
  return new SafeHtml(
    `<svg class="qr" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeHtml(options.label)}" data-code="${escapeHtml(text)}" width="${options.sizeMm}mm" height="${options.sizeMm}mm" ` +
      `viewBox="0 0 ${span} ${span}" shape-rendering="crispEdges"><rect width="${span}" height="${span}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`,
  )
}
