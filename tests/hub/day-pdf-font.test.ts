import { describe, expect, it } from 'vitest'
import { EndOfDayAnswer } from '../../hub/protocol'
import { cjkFontPath } from '../../hub/server/day/cjk-font'
import { dayReportPdf, NO_CJK_FONT_NOTE } from '../../hub/server/day/day-pdf'
import { pdftotext } from '../support/pdf-text'

const totals = { sales: 1, tickets: 2, amountCents: 4500, refunds: 0, refundedCents: 0, netCents: 4500 }
const none = { ...totals, sales: 0, tickets: 0, amountCents: 0, netCents: 0 }
const day = EndOfDayAnswer.parse({
  date: '2026-11-26',
  window: { start: '2026-11-25T16:00:00.000Z', end: '2026-11-26T16:00:00.000Z' },
  closed: { closedBy: '陈美玲', closedAt: '2026-11-26T15:00:00.000Z' },
  figures: { totals, training: none, byShow: [], byTender: [], byDevice: [], byCashier: [], shifts: [], cardByDevice: [], standalone: [] },
  amendment: null,
})
const flat = (text: string) => text.replace(/\s+/g, ' ')

/** The end-of-day report's font (issue #26): Noto Sans CJK found on the machine; without it, English that says why. */
describe("the end-of-day report's font", () => {
  it('sets a report asked for in traditional Chinese in the CJK font the machine has', async () => {
    const fontPath = cjkFontPath()
    expect(fontPath, 'fonts-noto-cjk is installed here and in .ci/run').toBeDefined()
    const text = flat(await pdftotext(await dayReportPdf(day, '城市劇院', 'zh-HK', fontPath)))
    expect(text).toContain('日結報告：城市劇院')
    expect(text).toContain('由 陈美玲 於')
    expect(text).toContain('銷售 | 1 | 2 | 45.00 | 0 | 0.00 | 45.00')
  })

  it('sets each line in the font it needs: a Latin line (accents too) in Helvetica, one with Chinese in the CJK font', async () => {
    const cashiers = [
      { cashier: 'Aisha Rahman', sales: 1, tickets: 2, amountCents: 4500 },
      { cashier: 'Chloé Müller', sales: 1, tickets: 2, amountCents: 4500 },
      { cashier: '陈美玲', sales: 1, tickets: 2, amountCents: 4500 },
    ]
    const mixed = EndOfDayAnswer.parse({ ...day, figures: { ...day.figures, byCashier: cashiers } })
    const pdf = await dayReportPdf(mixed, 'City Theatre', 'en-SG', cjkFontPath())
    const text = flat(await pdftotext(pdf))
    for (const name of ['Aisha Rahman | 1 | 2 | 45.00', 'Chloé Müller | 1 | 2 | 45.00', '陈美玲 | 1 | 2 | 45.00']) expect(text).toContain(name)
    // Both fonts are in the file: Helvetica for the Latin lines, the CJK font's subset for the others.
    const fonts = pdf.toString('latin1')
    expect(fonts).toMatch(/\/BaseFont \/Helvetica/)
    expect(fonts).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansCJK/)
  })

  it('writes a report asked for in Chinese in English where the hub has no CJK font, and says why', async () => {
    const text = flat(await pdftotext(await dayReportPdf(day, 'City Theatre', 'zh-CN', undefined)))
    expect(text).toContain(flat(NO_CJK_FONT_NOTE))
    expect(text).toContain('End of day: City Theatre')
    expect(text).toContain('Sales | 1 | 2 | 45.00 | 0 | 0.00 | 45.00')
    // Malay needs no CJK font: it stays Malay.
    expect(flat(await pdftotext(await dayReportPdf(day, 'City Theatre', 'ms-MY', undefined)))).toContain('Penutupan hari: City Theatre')
  })
})
