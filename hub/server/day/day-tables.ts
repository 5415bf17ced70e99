import type { EndOfDayAnswer, EndOfDayFigures } from '../../protocol'
import { noSaleTable, shiftDrawerCells, shiftDrawerColumns } from './day-drawer-tables'
import type { Cell, DayTable } from './day-table-shape'
import type { ExportWords } from './export-words'

/**
 * End of day as tables, the one layout the CSV, the workbook and the PDF are written from: a section
 * per figure, each with its columns and rows, in the words of the language asked for (export-words/).
 */
export type { Cell, DayTable } from './day-table-shape'

const money = (cents: number | null): Cell => ({ cents })
const totalsColumns = ({ columns: c }: ExportWords) => [c.figures, c.sales, c.tickets, c.amount, c.refunds, c.refunded, c.net]
const totalsRow = (t: EndOfDayFigures['totals']): Cell[] => [t.sales, t.tickets, money(t.amountCents), t.refunds, money(t.refundedCents), money(t.netCents)]
const countText = (count: EndOfDayFigures['shifts'][number]['count']) =>
  count?.filter((d) => d.quantity > 0).map((d) => `${d.denominationCents / 100} x ${d.quantity}`).join('; ') ?? null

function shiftTable(shifts: EndOfDayFigures['shifts'], words: ExportWords): DayTable {
  const { tables, columns: c } = words
  return {
    title: tables.shifts,
    columns: [c.device, c.shift, c.opened, c.closed, c.float, c.cashSold, c.cashRefunded, c.expectedCash, c.countedCash, c.overShort, c.count, c.openedBy, c.countedBy, c.approvedBy, ...shiftDrawerColumns(words)],
    rows: shifts.map((s) => [
      s.deviceName, s.shiftId, s.openedAt, s.closedAt, money(s.floatCents), money(s.cashSoldCents), money(s.cashRefundedCents), money(s.expectedCashCents),
      money(s.countedCents), money(s.varianceCents), countText(s.count), s.openedBy, s.closedBy, s.approvedBy, ...shiftDrawerCells(s, words),
    ]),
  }
}

/** Every figure of a window of days. */
export function figureTables(f: EndOfDayFigures, words: ExportWords): DayTable[] {
  const { tables, columns: c, rows } = words
  return [
    { title: tables.totals, columns: totalsColumns(words), rows: [[rows.sales, ...totalsRow(f.totals)], [rows.training, ...totalsRow(f.training)]] },
    { title: tables.byShow, columns: [c.event, c.show, c.priceClass, c.tickets, c.amount], rows: f.byShow.map((s) => [s.event, s.showsAt, s.priceClass, s.tickets, money(s.amountCents)]) },
    {
      title: tables.byTender,
      columns: [c.tender, c.payments, c.amount, c.refunded],
      rows: f.byTender.map((t) => [words.tenders[t.tender], t.payments, money(t.amountCents), money(t.refundedCents)]),
    },
    { title: tables.byDevice, columns: [c.device, c.sales, c.tickets, c.amount, c.refunded], rows: f.byDevice.map((d) => [d.deviceName, d.sales, d.tickets, money(d.amountCents), money(d.refundedCents)]) },
    { title: tables.byCashier, columns: [c.cashier, c.sales, c.tickets, c.amount], rows: f.byCashier.map((k) => [k.cashier ?? rows.selfService, k.sales, k.tickets, money(k.amountCents)]) },
    shiftTable(f.shifts, words),
    noSaleTable(f.shifts, words),
    { title: tables.cardTakings, columns: [c.device, c.payments, c.amount, c.refunded], rows: f.cardByDevice.map((d) => [d.deviceName, d.payments, money(d.amountCents), money(d.refundedCents)]) },
    {
      title: tables.standalone,
      columns: [c.device, c.at, c.sale, c.booking, c.amount, c.approvalCode, c.reference],
      rows: f.standalone.map((s) => [s.deviceName, s.at, s.saleId, s.bookingReference, money(s.amountCents), s.approvalCode, s.reference]),
    },
  ]
}

/** A day's tables: who closed it, its figures as closed, and what came after the close, apart. */
export function dayTables(day: EndOfDayAnswer, words: ExportWords): DayTable[] {
  const { tables: t, columns: c, rows } = words
  const closed: DayTable = {
    title: t.day,
    columns: [c.date, c.closedBy, c.closedAt, c.amended],
    rows: [[day.date, day.closed?.closedBy ?? null, day.closed?.closedAt ?? null, day.amendment ? rows.yes : rows.no]],
  }
  const tables = [closed, ...figureTables(day.figures, words)]
  if (!day.amendment) return tables
  const { late, totalsNow, change } = day.amendment
  return [
    ...tables,
    {
      title: t.amended,
      columns: [c.device, c.record, c.kind, c.happened, c.received, c.amount],
      rows: late.map((r) => [r.deviceName, r.deviceRecordId, words.kinds[r.kind], r.occurredAt, r.receivedAt, money(r.amountCents)]),
    },
    { title: t.totalsWithAmendment, columns: totalsColumns(words), rows: [[rows.now, ...totalsRow(totalsNow)], [rows.change, ...totalsRow(change)]] },
  ]
}
