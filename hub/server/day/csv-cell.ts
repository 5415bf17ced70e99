import { centsText } from '../../protocol'
import type { Cell } from './day-table-shape'

/**
 * Every CSV the hub writes goes through here (the day's and a range's figures, the card file), so a
 * name someone typed or the vendor sent cannot become a formula in the manager's spreadsheet (OWASP
 * "CSV injection", issue #36): a show titled `=HYPERLINK(...)`, a cashier called `@SUM(1)`. The kind
 * of a cell decides, not its look: text is always neutralised, while counts and money are numbers the
 * hub writes itself and stay bare, so a refund's -12.50 is still a number a spreadsheet adds up.
 */

/** OWASP's first characters a spreadsheet reads as the start of a formula: = + - @, tab and carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * Text as a CSV field: a leading ' when it starts like a formula (a spreadsheet shows the text, the '
 * hidden or plain), and always quoted with its own quotes doubled (RFC 4180), so a comma, a quote or a
 * line break stays inside the cell and the ' stays its first character.
 */
export function csvText(text: string): string {
  const neutral = FORMULA_START.test(text) ? `'${text}` : text
  return `"${neutral.replaceAll('"', '""')}"`
}

/**
 * A cell as a CSV field: text through csvText; a count as its digits; money as dollars and cents
 * through the one formatter (centsText), unquoted; nothing as an empty field.
 */
export function csvField(cell: Cell): string {
  if (cell === null) return ''
  if (typeof cell === 'string') return csvText(cell)
  // Counts are whole numbers the hub made: anything else would be a bug, not a cell to write.
  if (typeof cell === 'number') {
    if (!Number.isSafeInteger(cell)) throw new Error(`A CSV count must be a whole number, not ${cell}.`)
    return String(cell)
  }
  return cell.cents === null ? '' : centsText(cell.cents)
}

/**
 * Records as one CSV file, each line ended CRLF (RFC 4180). Starts with a byte-order mark so a
 * spreadsheet opens Chinese names as UTF-8.
 */
export function csvFile(records: readonly (readonly Cell[])[]): string {
  return `\uFEFF${records.map((record) => `${record.map(csvField).join(',')}\r\n`).join('')}`
}
