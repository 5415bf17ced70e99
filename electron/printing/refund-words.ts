import { html, type SafeHtml } from './html'
import type { PaperLanguage } from './paper-words'

/**
 * The refund slip's people, in each of the kiosk's languages: who asked for a
 * counter refund (the cashier signed in) and the supervisor who approved it.
 * Kept apart from paper-words.ts so the words of a refund's people change with
 * the refund, not with every other paper's.
 */
interface RefundPeopleWords {
  askedBy: string
  approvedBy: string
}

const refundPeopleWords: Record<PaperLanguage, RefundPeopleWords> = {
  'en-SG': { askedBy: 'Asked by', approvedBy: 'Approved by' },
  'zh-CN': { askedBy: '申请人', approvedBy: '批准人' },
  'zh-HK': { askedBy: '申請人', approvedBy: '批准人' },
  'ms-MY': { askedBy: 'Diminta oleh', approvedBy: 'Diluluskan oleh' },
}

/** The slip's rows naming who asked and who approved; none for a refund no one asked for (a sale the vendor would not confirm). */
export function refundPeopleRows(language: PaperLanguage, people: { askedBy: string | null; approvedBy: string | null }): SafeHtml | null {
  const words = refundPeopleWords[language]
  const rows = [
    ...(people.askedBy ? [html`<dt>${words.askedBy}</dt><dd class="asked-by">${people.askedBy}</dd>`] : []),
    ...(people.approvedBy ? [html`<dt>${words.approvedBy}</dt><dd class="approved-by">${people.approvedBy}</dd>`] : []),
  ]
  return rows.length > 0 ? html`${rows}` : null
}
