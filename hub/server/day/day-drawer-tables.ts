import { NoSaleReason, type DayNoSales, type DayShift } from '../../protocol'
import type { Cell, DayTable } from './day-table-shape'
import type { ExportWords } from './export-words'

/**
 * The cash drawer in the end-of-day files (issue #34): three columns of the shifts table, and the No
 * sales by person as a table of their own, one line per shift and person, so a spreadsheet can add up
 * a cashier's No sales across the days of a range.
 */

const personOf = (by: string | null, { rows }: ExportWords) => by ?? rows.notSaid

/** "Ana: 2 (Change for a colleague 1, Other 1)", each reason that was given. */
function personText(person: DayNoSales, words: ExportWords): string {
  const reasons = NoSaleReason.options.filter((r) => person.reasons[r] > 0).map((r) => `${words.noSaleReasons[r]} ${person.reasons[r]}`)
  return `${personOf(person.by, words)}: ${person.count} (${reasons.join(', ')})`
}

/** A shift's openings, failed pulses and No sales; a shift without a drawer says so rather than 0. */
export function shiftDrawerCells(shift: DayShift, words: ExportWords): Cell[] {
  const noSales = shift.noSales === null ? words.rows.noDrawer : shift.noSales.map((p) => personText(p, words)).join('; ') || words.rows.noneOpened
  return [shift.drawerOpenings, shift.drawerFailed, noSales]
}

export const shiftDrawerColumns = ({ columns: c }: ExportWords): string[] => [c.drawerOpenings, c.drawerFailed, c.noSales]

/** Every No sale of the window's shifts, a line per shift and person: how many, and why. */
export function noSaleTable(shifts: readonly DayShift[], words: ExportWords): DayTable {
  const { columns: c, noSaleReasons: r } = words
  return {
    title: words.tables.noSales,
    columns: [c.device, c.shift, c.cashier, c.noSales, r.change, r['wrong-change'], r.other],
    rows: shifts.flatMap((s) =>
      (s.noSales ?? []).map((p) => [s.deviceName, s.shiftId, personOf(p.by, words), p.count, p.reasons.change, p.reasons['wrong-change'], p.reasons.other]),
    ),
  }
}
