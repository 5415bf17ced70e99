import PDFDocument from 'pdfkit'
import { centsText, type EndOfDayAnswer, type ExportLanguage } from '../../protocol'
import { dayTables, type Cell, type DayTable } from './day-tables'
import { cjkFontFamily } from './cjk-font'
import { exportWords, fill, type ExportWords } from './export-words'

/**
 * A cell as the report prints it: money through the one formatter, nothing as nothing. Text as it is:
 * a PDF runs no formula, unlike a spreadsheet opening the CSV (csv-cell.ts).
 */
function cellText(cell: Cell): string {
  if (cell === null) return ''
  if (typeof cell === 'object') return cell.cents === null ? '' : centsText(cell.cents)
  return String(cell)
}

/** A table wider than this prints each row as "column: value" lines rather than one line. */
const WIDEST_LINE = 7
/** Said on a report that was asked for in Chinese where the hub has no font for it: in English, as the report then is. */
export const NO_CJK_FONT_NOTE = 'This hub has no font with Chinese characters (install fonts-noto-cjk): the report is in English.'

/**
 * Writes one line in the font it needs. Noto Sans CJK lays a line out about five times slower than
 * Helvetica (its shaping tables are the size of a script's), and a stadium day's tables are thousands
 * of lines of figures, references and Latin names: only a line holding a character beyond Latin is set
 * in the CJK font, so the report of a 20,000-sale day is written in well under a second.
 */
type WriteLine = (text: string) => void

function lineWriter(doc: PDFKit.PDFDocument, cjk: boolean): WriteLine {
  if (!cjk) return (text) => void doc.text(text)
  return (text) => void doc.font(BEYOND_LATIN.test(text) ? 'report' : 'Helvetica').text(text)
}

/** A character Helvetica cannot set (outside its WinAnsi encoding): Chinese, and any other letter beyond Latin-1's. */
const BEYOND_LATIN = /[^\u0020-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]/

function tableText(doc: PDFKit.PDFDocument, write: WriteLine, table: DayTable): void {
  doc.moveDown(0.6).fontSize(12)
  write(table.title)
  doc.fontSize(9)
  if (table.rows.length === 0) {
    write('—')
    return
  }
  if (table.columns.length <= WIDEST_LINE) {
    write(table.columns.join('  |  '))
    for (const row of table.rows) write(row.map(cellText).join('  |  '))
    return
  }
  for (const row of table.rows) {
    doc.moveDown(0.3)
    row.forEach((cell, i) => write(`${table.columns[i]}: ${cellText(cell)}`))
  }
}

interface PdfLanguage {
  language: ExportLanguage
  words: ExportWords
  /** Noto Sans CJK's collection (cjk-font.ts), or undefined: then Helvetica, and the report says why it is not in Chinese. */
  fontPath: string | undefined
  /** Chinese was asked for but could not be set: the words are English's. */
  fellBack: boolean
}

/**
 * The end-of-day report as a PDF: the venue, the day, who closed it, the devices and cashiers, then
 * every table (day-tables.ts), money through the one formatter, in the manager's language. Set in Noto
 * Sans CJK when the hub has it, so Chinese headings and a cashier named 陈美玲 print as such.
 */
async function dayPdf(day: EndOfDayAnswer, tables: readonly DayTable[], venue: string, { language, words, fontPath, fellBack }: PdfLanguage): Promise<Buffer> {
  const { pdf } = words
  const doc = new PDFDocument({ size: 'A4', margin: 40, lang: language, info: { Title: fill(words.workbookTitle, { date: day.date }), Author: 'Foyer Hub' } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()))
  if (fontPath) doc.registerFont('report', fontPath, cjkFontFamily(language))
  const write = lineWriter(doc, fontPath !== undefined)
  const { figures } = day
  doc.fontSize(16)
  write(fill(pdf.title, { venue }))
  doc.fontSize(10)
  if (fellBack) write(NO_CJK_FONT_NOTE)
  write(fill(pdf.date, { date: day.date }))
  write(day.closed ? fill(pdf.closedBy, { name: day.closed.closedBy, at: day.closed.closedAt }) : pdf.notClosed)
  if (day.amendment) write(fill(pdf.amended, { count: day.amendment.late.length }))
  write(fill(pdf.devices, { list: figures.byDevice.map((d) => d.deviceName).join(', ') || '—' }))
  write(fill(pdf.cashiers, { list: figures.byCashier.flatMap((c) => (c.cashier ? [c.cashier] : [])).join(', ') || '—' }))
  for (const table of tables) tableText(doc, write, table)
  doc.end()
  await ended
  return Buffer.concat(chunks)
}

/**
 * The report in the language asked for, set in the CJK font at `fontPath` when there is one. Chinese
 * without such a font would print as empty boxes: the report is then in English, and says why.
 */
export function dayReportPdf(day: EndOfDayAnswer, venue: string, asked: ExportLanguage, fontPath: string | undefined): Promise<Buffer> {
  const fellBack = !fontPath && asked.startsWith('zh')
  const language = fellBack ? 'en-SG' : asked
  const words = exportWords(language)
  return dayPdf(day, dayTables(day, words), venue, { language, words, fontPath, fellBack })
}
