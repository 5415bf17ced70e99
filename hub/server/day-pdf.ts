import { existsSync } from 'node:fs'
import PDFDocument from 'pdfkit'
import type { EndOfDayAnswer } from '../protocol'
import { cellText } from './day-csv'
import type { DayTable } from './day-tables'

/**
 * The end-of-day report as a PDF: the venue, the day, who closed it, the devices and cashiers, then
 * every table (day-tables.ts), money through the one formatter. Names are set in Noto Sans CJK
 * (Debian's fonts-noto-cjk) so a cashier named 陈美玲 prints as such; without that font, Helvetica.
 */
const CJK_FONT = { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' }
/** A table wider than this prints each row as "column: value" lines rather than one line. */
const WIDEST_LINE = 7

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

export async function dayPdf(day: EndOfDayAnswer, tables: readonly DayTable[], venue: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `End of day ${day.date}`, Author: 'Foyer Hub' } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()))
  if (existsSync(CJK_FONT.path)) doc.registerFont('names', CJK_FONT.path, CJK_FONT.family).font('names')
  const { figures } = day
  doc.fontSize(16).text(`End of day: ${venue}`).fontSize(10)
  doc.text(`Date: ${day.date}`)
  doc.text(day.closed ? `Closed by ${day.closed.closedBy} at ${day.closed.closedAt}` : 'Not closed yet')
  if (day.amendment) doc.text(`Amended: ${day.amendment.late.length} record(s) came after the close (below, apart)`)
  doc.text(`Devices: ${figures.byDevice.map((d) => d.deviceName).join(', ') || '—'}`)
  doc.text(`Cashiers: ${figures.byCashier.flatMap((c) => (c.cashier ? [c.cashier] : [])).join(', ') || '—'}`)
  for (const table of tables) tableText(doc, table)
  doc.end()
  await ended
  return Buffer.concat(chunks)
}
