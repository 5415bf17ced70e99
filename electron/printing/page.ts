import { fillTemplate, html, trusted, type HtmlValue, type SafeHtml } from './html'
import type { PrintTemplates } from './templates'

/** What the page around every printed document says: its language, name, kind (the body's class), brand and training mark. */
export interface PageFrame {
  lang: string
  title: string
  kind: 'ticket' | 'receipt' | 'refund-slip' | 'shift-report'
  brand: string
  trainingMark: SafeHtml | null
}

/** The brand printed at the top of every document unless the box office names its own. */
export const DEFAULT_BRAND = 'Foyer Box Office'

/** The mark on paper from the training backend: practice must never pass for a real ticket, receipt or report. */
export function trainingMark(words: { trainingMark: string }): SafeHtml {
  return html`<p class="training-mark">${words.trainingMark}</p>`
}

/**
 * One printed document: its own template (`body`) filled with `slots`, inside
 * the page every document shares (resources/print/page.html: the head, the
 * content policy, the styles, the brand and the training mark).
 */
export function printedPage(templates: PrintTemplates, frame: PageFrame, body: string, slots: Record<string, HtmlValue>): string {
  return fillTemplate(templates.page, { ...frame, styles: trusted(templates.styles), content: trusted(fillTemplate(body, slots)) })
}
