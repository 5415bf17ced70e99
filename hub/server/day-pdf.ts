import PDFDocument from 'pdfkit'
import type { EndOfDayAnswer, ExportLanguage } from '../protocol'
import { cellText } from './day-csv'
import { dayTables, type DayTable } from './day-tables'
import { cjkFontFamily } from './cjk-font'
import { exportWords, fill, type ExportWords } from './export-words'

/** A table wider than this prints each row as "column: value" lines rather than one line. */
const WIDEST_LINE = 7
/** Said on a report that was asked for in Chinese where the hub has no font for it: in English, as the report then is. */
export const NO_CJK_FONT_NOTE = 'This hub has no font with Chinese characters (install fonts-noto-cjk): the report is in English.'

function tableText(doc: PDFKit.PDFDocument, table: DayTable): void {
  doc.moveDown(0.6).fontSize(12).text(table.title).fontSize(9)
  if (table.rows.length === 0) {
    doc.text('—')
    return
  }
  if (table.columns.length <= WIDEST_LINE) {
    doc.text(table.columns.join('  |  '))
    for (const row of table.rows) doc.text(row.map(cellText).join('  |  '))
    return
  }
  for (const row of table.rows) {
    doc.moveDown(0.3)
    row.forEach((cell, i) => doc.text(`${table.columns[i]}: ${cellText(cell)}`))
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
  if (fontPath) doc.registerFont('report', fontPath, cjkFontFamily(language)).font('report')
  const { figures } = day
  doc.fontSize(16).text(fill(pdf.title, { venue })).fontSize(10)
  if (fellBack) doc.text(NO_CJK_FONT_NOTE)
  doc.text(fill(pdf.date, { date: day.date }))
  doc.text(day.closed ? fill(pdf.closedBy, { name: day.closed.closedBy, at: day.closed.closedAt }) : pdf.notClosed)
  if (day.amendment) doc.text(fill(pdf.amended, { count: day.amendment.late.length }))
  doc.text(fill(pdf.devices, { list: figures.byDevice.map((d) => d.deviceName).join(', ') || '—' }))
  doc.text(fill(pdf.cashiers, { list: figures.byCashier.flatMap((c) => (c.cashier ? [c.cashier] : [])).join(', ') || '—' }))
  for (const table of tables) tableText(doc, table)
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
