import ExcelJS from 'exceljs'
import { centsText } from '../../protocol'
import type { Cell, DayTable } from './day-tables'

/** A cell as the sheet holds it: money a number of the currency (from the one formatter), shown with two decimals. */
function cellValue(cell: Cell): string | number | null {
  if (cell === null || typeof cell !== 'object') return cell
  return cell.cents === null ? null : Number(centsText(cell.cents))
}

/** The tables as a workbook, a sheet each, its columns as a bold first row; money columns with two decimals. */
export async function tablesWorkbook(tables: readonly DayTable[], title: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Foyer Hub'
  workbook.title = title
  for (const table of tables) {
    const sheet = workbook.addWorksheet(table.title)
    sheet.addRow(table.columns).font = { bold: true }
    for (const row of table.rows) {
      const added = sheet.addRow(row.map(cellValue))
      row.forEach((cell, i) => {
        if (cell !== null && typeof cell === 'object') added.getCell(i + 1).numFmt = '0.00'
      })
    }
    sheet.columns.forEach((column) => (column.width = 18))
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
