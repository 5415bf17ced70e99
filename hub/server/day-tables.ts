import type { EndOfDayAnswer, EndOfDayFigures } from '../protocol'

/**
 * End of day as tables, the one layout the CSV, the workbook and the PDF are written from: a section
 * per figure, each with its columns and rows. Money stays integer cents here (`{ cents }`), for each
 * file to write through the one formatter (centsText).
 */
export type Cell = string | number | null | { cents: number | null }
export interface DayTable {
  title: string
  columns: string[]
  rows: Cell[][]
}

const money = (cents: number | null): Cell => ({ cents })
const totalsColumns = ['Sales', 'Tickets', 'Amount', 'Refunds', 'Refunded', 'Net']
const totalsRow = (t: EndOfDayFigures['totals']): Cell[] => [t.sales, t.tickets, money(t.amountCents), t.refunds, money(t.refundedCents), money(t.netCents)]
const countText = (count: EndOfDayFigures['shifts'][number]['count']) =>
  count?.filter((d) => d.quantity > 0).map((d) => `${d.denominationCents / 100} x ${d.quantity}`).join('; ') ?? null

function shiftTable(shifts: EndOfDayFigures['shifts']): DayTable {
  return {
    title: 'Shifts',
    columns: ['Device', 'Shift', 'Opened', 'Closed', 'Float', 'Cash sold', 'Cash refunded', 'Expected in drawer', 'Counted', 'Over/short', 'Count', 'Opened by', 'Counted by', 'Approved by'],
    rows: shifts.map((s) => [
      s.deviceName, s.shiftId, s.openedAt, s.closedAt, money(s.floatCents), money(s.cashSoldCents), money(s.cashRefundedCents), money(s.expectedCashCents),
      money(s.countedCents), money(s.varianceCents), countText(s.count), s.openedBy, s.closedBy, s.approvedBy,
    ]),
  }
}

/** Every figure of a window of days. */
export function figureTables(f: EndOfDayFigures): DayTable[] {
  return [
    { title: 'Totals', columns: ['Counted', ...totalsColumns], rows: [['Sales', ...totalsRow(f.totals)], ['Training (not counted)', ...totalsRow(f.training)]] },
    { title: 'By show', columns: ['Event', 'Show', 'Price class', 'Tickets', 'Amount'], rows: f.byShow.map((s) => [s.event, s.showsAt, s.priceClass, s.tickets, money(s.amountCents)]) },
    { title: 'By tender', columns: ['Tender', 'Payments', 'Amount', 'Refunded'], rows: f.byTender.map((t) => [t.tender, t.payments, money(t.amountCents), money(t.refundedCents)]) },
    { title: 'By device', columns: ['Device', 'Sales', 'Tickets', 'Amount', 'Refunded'], rows: f.byDevice.map((d) => [d.deviceName, d.sales, d.tickets, money(d.amountCents), money(d.refundedCents)]) },
    { title: 'By cashier', columns: ['Cashier', 'Sales', 'Tickets', 'Amount'], rows: f.byCashier.map((c) => [c.cashier ?? 'Self-service', c.sales, c.tickets, money(c.amountCents)]) },
    shiftTable(f.shifts),
    { title: 'Card takings', columns: ['Device', 'Payments', 'Amount', 'Refunded'], rows: f.cardByDevice.map((d) => [d.deviceName, d.payments, money(d.amountCents), money(d.refundedCents)]) },
    {
      title: 'Standalone terminal',
      columns: ['Device', 'At', 'Sale', 'Booking', 'Amount', 'Approval code', 'Reference'],
      rows: f.standalone.map((s) => [s.deviceName, s.at, s.saleId, s.bookingReference, money(s.amountCents), s.approvalCode, s.reference]),
    },
  ]
}

/** A day's tables: who closed it, its figures as closed, and what came after the close, apart. */
export function dayTables(day: EndOfDayAnswer): DayTable[] {
  const closed: DayTable = {
    title: 'Day',
    columns: ['Date', 'Closed by', 'Closed at', 'Amended'],
    rows: [[day.date, day.closed?.closedBy ?? null, day.closed?.closedAt ?? null, day.amendment ? 'yes' : 'no']],
  }
  const tables = [closed, ...figureTables(day.figures)]
  if (!day.amendment) return tables
  const { late, totalsNow, change } = day.amendment
  return [
    ...tables,
    {
      title: 'Amended after the close',
      columns: ['Device', 'Record', 'Kind', 'Happened', 'Received', 'Amount'],
      rows: late.map((r) => [r.deviceName, r.deviceRecordId, r.kind, r.occurredAt, r.receivedAt, money(r.amountCents)]),
    },
    { title: 'Totals with the amendment', columns: ['Counted', ...totalsColumns], rows: [['Now', ...totalsRow(totalsNow)], ['Change', ...totalsRow(change)]] },
  ]
}
