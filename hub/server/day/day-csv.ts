import { csvFile } from './csv-cell'
import type { DayTable } from './day-tables'

/**
 * The tables as one CSV: each section its title on a line, its columns, its rows, then an empty line.
 * Every cell is written by csvFile (csv-cell.ts), which keeps a name from running as a formula.
 */
export function tablesCsv(tables: readonly DayTable[]): string {
  return csvFile(tables.flatMap((table) => [[table.title], table.columns, ...table.rows, []]))
}
