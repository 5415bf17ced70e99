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
 * sales, refunds and net by tender and in tickets, each refund on its own line
 * with who asked and who approved, the cash the drawer should hold, what was
 * counted, the difference, and the supervisor who approved a difference over
 * the tolerance.
 */
/** Shift reports are the box office's own paper, in the box office's language (customers' paper follows theirs). */
const words = paperWords('en-SG')
const tenderNames: Record<'card' | 'cash' | 'standalone', string> = { card: words.card, cash: words.cash, standalone: words.standalone }

const person = (who: ShiftPerson | null): string => (who ? `${who.name} (${who.role})` : words.notGiven)

/**
 * A tender's lines under its name: sold (refunded sales too), refunded, the net, and payments given back
 * unsold when there were any. The name heads its own line, so a long one ("Card (standalone terminal)")
 * never pushes "sold" onto a line of its own on 80 mm paper.
 */
function tenderRows(name: string, totals: TenderTotals) {
  const line = (label: string, cents: number) => html`<tr><td>${label}</td><td class="amount">${moneyOfCents(cents, 'SGD')}</td></tr>`
  return html`<tr class="tender"><td colspan="2">${name}</td></tr>${line(`${totals.sales} sold`, totals.soldCents)}${line(`${totals.refunds} refunded`, totals.refundedCents)}
    <tr class="subtotal"><td>Net</td><td class="amount">${moneyOfCents(totals.netCents, 'SGD')}</td></tr>
    ${totals.paidBack > 0 ? line(`${totals.paidBack} paid back, never sold`, totals.paidBackCents) : null}`
}

/** The cash drawer's openings, the pulses that failed, and each person's No sales with why: a control against theft. */
function drawerRows(report: ShiftReport) {
  const drawer = report.drawer
  if (!drawer) return null
  const line = (label: string, count: number) => html`<tr><td>${label}</td><td class="amount">${count}</td></tr>`
  const noSales = drawer.noSales.map((person) => {
    const why = (['change', 'wrong-change', 'other'] as const).filter((reason) => person.reasons[reason] > 0).map((reason) => `${NO_SALE_WORDS[reason]} ${person.reasons[reason]}`)
    return html`<tr class="no-sale"><td>No sale: ${person.by ?? words.notGiven}</td><td class="amount">${person.count}</td></tr>
      <tr class="detail"><td colspan="2">${why.join(', ')}</td></tr>`
  })
  return html`<hr class="rule" /><table class="lines drawer"><tr class="tender"><td colspan="2">Cash drawer</td></tr>${line('Opened', drawer.openings)}${drawer.failed > 0 ? line('Did not open (opened by key)', drawer.failed) : null}${line('No sale', drawer.noSales.reduce((sum, person) => sum + person.count, 0))}${noSales}</table>`
}

const NO_SALE_WORDS: Record<'change' | 'wrong-change' | 'other', string> = { change: 'change for a colleague', 'wrong-change': 'wrong change', other: 'other' }

/** The tickets sold (refunded ones too), refunded, and the net. */
function ticketRows(report: ShiftReport) {
  const line = (label: string, count: number) => html`<tr><td>${label}</td><td class="amount">${count}</td></tr>`
  return html`${line('Tickets sold', report.tickets)}${line('Tickets refunded', report.ticketsRefunded)}
    <tr class="subtotal"><td>Tickets net</td><td class="amount">${report.ticketsNet}</td></tr>`
}

/** Each counter refund on its own line, with who asked for it and who approved it. */
function refundRows(report: ShiftReport) {
  if (report.refundsMade.length === 0) return null
  const rows = report.refundsMade.map((refund) => {
    const who = [refund.askedBy ? `asked by ${refund.askedBy}` : null, `approved by ${refund.approvedBy ?? words.notGiven}`].filter(Boolean).join(', ')
    return html`<tr><td>Refund ${refund.reference ?? refund.saleId} (${tenderNames[refund.tender]})</td><td class="amount">${moneyOfCents(refund.amountCents, 'SGD')}</td></tr>
      <tr class="detail"><td colspan="2" class="refund-people">${refund.tickets} tickets; ${who}</td></tr>`
  })
  return html`<hr class="rule" /><table class="lines refunds">${rows}</table>`
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
      tickets: ticketRows(report),
      refunds: refundRows(report),
      drawer: drawerRows(report),
      seatKinds: seatKindRows(report),
      cash,
      approval,
      shiftId: report.shiftId,
    }),
  }
}
