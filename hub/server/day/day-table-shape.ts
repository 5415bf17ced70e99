/**
 * A table of the end-of-day files, the one layout the CSV, the workbook and the PDF are written from
 * (day-tables.ts): apart, so the modules that make some of its tables (day-drawer-tables.ts) need not
 * import the module that gathers them. Money stays integer cents here (`{ cents }`), for each file to
 * write through the one formatter (centsText).
 */
export type Cell = string | number | null | { cents: number | null }
export interface DayTable {
  title: string
  columns: string[]
  rows: Cell[][]
}
