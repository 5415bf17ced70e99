import type { ShiftReport, ShiftPerson, TenderTotals } from '../journal/shift-book'
import { html } from './html'
import { DEFAULT_BRAND, printedPage, trainingMark } from './page'
import type { PrintDocument } from './documents'
import { moneyOfCents, singaporeTime } from './format'
import { seatKindCount } from './paper-seats'
import { paperWords } from './paper-words'
import { printTemplates, type PrintTemplates } from './templates'

/**
 * A counter shift's X report (a reading, nothing changes) or Z report (the
 * close) as a document for the printer, which also keeps its PDF: the venue,
 * this terminal, who opened the shift and who is reading or closed it, the
 * sales and refunds by tender, the cash the drawer should hold, what was
 * counted, the difference, and the supervisor who approved a difference over
 * the tolerance.
 */
/** Shift reports are the box office's own paper, in the box office's language (customers' paper follows theirs). */
const words = paperWords('en-SG')
const tenderNames: Record<'card' | 'cash' | 'standalone', string> = { card: words.card, cash: words.cash, standalone: words.standalone }

const person = (who: ShiftPerson | null): string => (who ? `${who.name} (${who.role})` : words.notGiven)

function tenderRows(name: string, totals: TenderTotals) {
  return html`<tr><td>${name}: ${totals.sales} sold</td><td class="amount">${moneyOfCents(totals.soldCents, 'SGD')}</td></tr>
    <tr><td>${name}: ${totals.refunds} refunded</td><td class="amount">${moneyOfCents(totals.refundedCents, 'SGD')}</td></tr>`
}

/** The wheelchair spaces, companion and couple seats among the tickets, each named as on the tickets: "♿ Wheelchair spaces  2". */
const seatKindRows = (report: ShiftReport) =>
  (['wheelchair', 'companion', 'couple'] as const)
    .filter((kind) => (report.seatKinds?.[kind] ?? 0) > 0)
    .map((kind) => html`<tr class="seat-kind-count"><td>${seatKindCount(kind, report.seatKinds![kind]!, 'en-SG')}</td><td class="amount">${report.seatKinds![kind]!}</td></tr>`)

export function shiftReportDocument(report: ShiftReport, options: { training: boolean; brand?: string; templates?: PrintTemplates }): PrintDocument {
  const templates = options.templates ?? printTemplates()
  const name = `shift-${report.shiftId.slice(0, 8)}-${report.kind === 'Z' ? 'z' : 'x'}-report`
  const row = (label: string, cents: number | null) => html`<tr><td>${label}</td><td class="amount">${cents === null ? words.notGiven : moneyOfCents(cents, 'SGD')}</td></tr>`
  const cash = [
    row('Float', report.floatCents),
    row('Expected in drawer', report.expectedCashCents),
    row('Counted', report.countedCents),
    row('Difference', report.varianceCents),
    ...(report.toleranceCents !== null ? [row('Tolerance', report.toleranceCents)] : []),
  ]
  const approval = report.approvedBy
    ? html`<p class="approval">Difference approved by supervisor: <span class="approved-by">${person(report.approvedBy)}</span></p>`
    : null
  return {
    name,
    html: printedPage(
      templates,
      {
        lang: 'en',
        title: name,
        kind: 'shift-report',
        brand: options.brand ?? DEFAULT_BRAND,
        trainingMark: options.training ? trainingMark(words) : null,
      },
      templates.shiftReport,
      {
      heading: report.kind === 'Z' ? 'Z report — shift closed' : 'X report — shift reading',
      venue: report.venues.length > 0 ? report.venues.join(', ') : words.notGiven,
      terminal: report.terminal || words.notGiven,
      cashier: person(report.cashier),
      openedBy: person(report.openedBy),
      openedAt: singaporeTime(Date.parse(report.openedAt)),
      closedAt: report.closedAt ? singaporeTime(Date.parse(report.closedAt)) : words.notGiven,
      tenders: (['card', 'cash', 'standalone'] as const).map((tender) => tenderRows(tenderNames[tender], report[tender])),
      tickets: report.tickets,
      seatKinds: seatKindRows(report),
      cash,
      approval,
      shiftId: report.shiftId,
    }),
  }
}
