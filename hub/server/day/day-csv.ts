import { stringify } from 'csv-stringify/sync'
import { centsText } from '../../protocol'
import type { Cell, DayTable } from './day-tables'

/** A cell as a CSV field: money through the one formatter, nothing as an empty field. */
export function cellText(cell: Cell): string {
  if (cell === null) return ''
  if (typeof cell === 'object') return cell.cents === null ? '' : centsText(cell.cents)
  return String(cell)
}

/**
 * The tables as one CSV: each section its title on a line, its columns, its rows, then an empty line.
 * Starts with a byte-order mark so a spreadsheet opens Chinese names as UTF-8.
 */
export function tablesCsv(tables: readonly DayTable[]): string {
  const records: string[][] = []
  for (const table of tables) records.push([table.title], table.columns, ...table.rows.map((row) => row.map(cellText)), [])
  return stringify(records, { bom: true, record_delimiter: 'windows' })
}
