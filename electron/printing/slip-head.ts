import { fillTemplate, html, trusted, type SafeHtml } from './html'
import type { PaperWords } from './paper-words'
import { qrSvg } from './qr'
import type { PrintTemplates } from './templates'

/**
 * The booking reference's QR code on a receipt or refund slip. Smaller than a
 * ticket's (it is read at the counter by a hand-held imager, not at a door,
 * and every receipt pays for it in paper), yet a reference of up to QR
 * version 2 (33 modules with the quiet zone; 20 characters of any case, more
 * in capitals and digits) still gets whole modules of 6 dots (0.75 mm) on a
 * 203 dpi roll and a 200 dpi Boca, what the tickets are held to
 * (tests/unit/printing/raw-raster.test.ts).
 */
export const REFERENCE_QR_SIZE_MM = 26

/** What a receipt's or refund slip's head says; `code` is the booking reference a counter's scanner may look the sale up by, null when the sale has none. */
export interface SlipHead {
  title: string
  reference: string
  code: string | null
  date: string
}

/**
 * The head of a receipt or refund slip (resources/print/slip-head.html): what
 * it is, its booking reference and date, and the reference as a QR code, so a
 * counter's scanner opens the sale from the paper (issue #34) as it does from
 * the kiosk's done screen. The code holds the bare reference, as the done
 * screen's does: a keyboard-wedge scanner types exactly what `sales.find`
 * looks up. It sits in the head, a few centimetres from the top, so a Boca,
 * which cuts a long receipt into ticket lengths (../printers/raw/fgl-raster.ts),
 * always prints it whole on the first.
 */
export function slipHead(templates: PrintTemplates, words: PaperWords, head: SlipHead): SafeHtml {
  const qr = head.code
    ? html`<div class="code">${qrSvg(head.code, { sizeMm: REFERENCE_QR_SIZE_MM, label: `${words.bookingReference} ${head.code}` })}<p class="small">${words.bookingReference}</p></div>`
    : null
  const { title, reference, date } = head
  return trusted(fillTemplate(templates.slipHead, { title, referenceLabel: words.bookingReference, reference, dateLabel: words.date, date, qr }))
}
