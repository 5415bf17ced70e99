import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { END_OF_DAY_PATHS, UploadAnswer, type RecordEnvelope, type SalePayload, type ShiftPayload } from '../../hub/protocol'
import { dayWindow, hubDate } from '../../hub/server/day/end-of-day-views'
import { HUB_BACKENDS } from '../support/hub-backends'
import { addedAndEnrolled, type EnrolledDevice } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { salePayload } from '../support/hub-heartbeats'
import { managerBrowser, type ManagerBrowser } from '../support/hub-manager'

/**
 * Names that a spreadsheet would run as formulas (OWASP "CSV injection", issue #36 §6): a show's title
 * comes from the vendor, a cashier's and a device's name from whoever typed them. Every CSV the hub
 * writes must hand them back as text, with a leading ', while its money stays numbers that add up.
 */
const TITLE = '=HYPERLINK("http://x","y")'
const CASHIER = '@SUM(1)'
const PRICE_CLASS = '+1+1 Matinee'
const DEVICE = '-2+3'
const HOUR = 3_600_000
/** A first character a spreadsheet reads as the start of a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/
/** Money and counts as the hub writes them itself. */
const NUMBER = /^-?\d+(\.\d\d)?$/

const sale: SalePayload = {
  ...salePayload(2),
  saleId: 'sale-f1',
  cashier: CASHIER,
  shows: [{ productId: 1, event: TITLE, showsAt: '2026-11-26T20:00:00+08:00', tickets: 2, amountCents: 2500, priceClasses: [{ code: 'M', name: PRICE_CLASS, tickets: 2, amountCents: 2500 }] }],
  payments: [{ seq: 1, tender: 'card', amountCents: 2500, reference: 'PSP-F1', tenderedCents: null, changeCents: null, card: { brand: 'VISA', last4: '4242', authCode: 'A1', merchantReference: 'FY-f1-1' } }],
}
// The drawer 0.50 short: a negative sum of money, which must stay a number and not be made text.
const shift: ShiftPayload = {
  backend: 'production/citytheatre', training: false, shiftId: 'shift-f', openedAt: '2026-11-26T01:00:00.000Z', closedAt: '2026-11-26T09:00:00.000Z',
  floatCents: 10000, cashSoldCents: 0, cashRefundedCents: 0, expectedCashCents: 10000, countedCents: 9950, varianceCents: -50,
  count: null, openedBy: CASHIER, closedBy: CASHIER, approvedBy: null,
}

const readCsv = (bytes: Buffer) => parse(bytes.toString('utf8'), { bom: true, relaxColumnCount: true }) as string[][]
/** A section of a day's or range's CSV: the rows under its title and columns. */
function section(rows: string[][], title: string): string[][] {
  const start = rows.findIndex((r) => r.length === 1 && r[0] === title)
  expect(start).toBeGreaterThanOrEqual(0)
  const end = rows.findIndex((r, i) => i > start && r.every((c) => c === ''))
  return rows.slice(start + 2, end)
}
/** No cell a spreadsheet would take for a formula: what starts like one is a number the hub wrote. */
function expectNoFormula(rows: string[][]): void {
  expect(rows.flat().filter((cell) => FORMULA_START.test(cell) && !NUMBER.test(cell))).toEqual([])
}
const amount = (cell: string | undefined) => {
  expect(cell).toMatch(NUMBER)
  return Math.round(Number(cell) * 100)
}

describe.each(HUB_BACKENDS)('CSV exports neutralise formula-like text on %s', (backend) => {
  const clock = Date.parse('2026-11-26T10:00:00Z')
  const hub = hubForFile(backend, () => clock)
  const date = hubDate(clock)
  const at = (ms: number) => new Date(dayWindow(date)!.start.getTime() + ms).toISOString()
  let manager: ManagerBrowser
  let device: EnrolledDevice

  async function upload(records: RecordEnvelope[]): Promise<void> {
    const answer = UploadAnswer.parse((await device.post('/device/records', { records })).body)
    expect(answer.results.map((r) => r.outcome)).toEqual(records.map(() => 'stored'))
  }
  const download = async (path: string) => {
    const answer = await manager.send('GET', path)
    expect(answer.status).toBe(200)
    return answer.bytes
  }

  beforeAll(async () => {
    manager = await managerBrowser(hub().url)
    await manager.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })
    device = await addedAndEnrolled(manager, hub().url, { name: DEVICE })
    await upload([
      { deviceRecordId: 'sale:sale-f1', kind: 'sale', occurredAt: at(HOUR), payload: sale },
      { deviceRecordId: 'sale:sale-f2', kind: 'sale', occurredAt: at(2 * HOUR), payload: { ...salePayload(1), saleId: 'sale-f2', cashier: CASHIER } },
      {
        deviceRecordId: 'refund:sale-f1:2', kind: 'refund', occurredAt: at(3 * HOUR),
        payload: { backend: 'production/citytheatre', training: false, saleId: 'sale-f1', bookingReference: 'BK2', seq: 2, refersTo: 1, tender: 'card', amountCents: 1250, askedBy: CASHIER, approvedBy: 'Mei Tan' },
      },
      { deviceRecordId: 'shift:shift-f', kind: 'shift', occurredAt: shift.closedAt, payload: shift },
    ])
  })

  it("writes the day's CSV with each such name as text, quoted, and its money as numbers that add up", async () => {
    const bytes = await download(END_OF_DAY_PATHS.file(date, 'csv'))
    // Quoted, the title's own quotes doubled (RFC 4180), so the ' stays the first character of the cell.
    expect(bytes.toString('utf8')).toContain(`"'=HYPERLINK(""http://x"",""y"")"`)
    const rows = readCsv(bytes)
    expectNoFormula(rows)
    expect(section(rows, 'By show')).toContainEqual([`'${TITLE}`, '2026-11-26T20:00:00+08:00', `'${PRICE_CLASS}`, '2', '25.00'])
    expect(section(rows, 'By cashier')).toEqual([[`'${CASHIER}`, '2', '3', '37.50']])
    expect(section(rows, 'By device')).toEqual([[`'${DEVICE}`, '2', '3', '37.50', '12.50']])
    const [shiftRow] = section(rows, 'Shifts')
    expect(shiftRow).toEqual(expect.arrayContaining([`'${DEVICE}`, '-0.50', `'${CASHIER}`]))

    const [sales, amountIn, refunded, net] = ((r) => [r![0], amount(r![3]), amount(r![5]), amount(r![6])])(section(rows, 'Totals')[0])
    expect(sales).toBe('Sales')
    expect(section(rows, 'By show').reduce((sum, r) => sum + amount(r[4]), 0)).toBe(amountIn)
    expect([amountIn, refunded, net]).toEqual([3750, 1250, 3750 - 1250])
  })

  it('writes the card file with the terminal’s name as text and its gross credit and debit as numbers', async () => {
    const lines = parse((await download(END_OF_DAY_PATHS.file(date, 'cards.csv'))).toString('utf8'), { bom: true, columns: true }) as Record<string, string>[]
    expectNoFormula(lines.map((l) => Object.values(l)))
    expect(lines.map((l) => l['Terminal'])).toEqual([`'${DEVICE}`, `'${DEVICE}`, `'${DEVICE}`])
    const credit = lines.reduce((sum, l) => sum + (l['Gross Credit (GC)'] ? amount(l['Gross Credit (GC)']) : 0), 0)
    const debit = lines.reduce((sum, l) => sum + (l['Gross Debit (GC)'] ? amount(l['Gross Debit (GC)']) : 0), 0)
    expect([credit, debit]).toEqual([3750, 1250])
  })

  it('writes a range of days the same way', async () => {
    const yesterday = hubDate(dayWindow(date)!.start.getTime() - HOUR)
    const rows = readCsv(await download(`${END_OF_DAY_PATHS.range('csv')}?from=${yesterday}&to=${date}`))
    expectNoFormula(rows)
    expect(section(rows, 'By show')).toContainEqual([`'${TITLE}`, '2026-11-26T20:00:00+08:00', `'${PRICE_CLASS}`, '2', '25.00'])
    expect(section(rows, 'By cashier')).toEqual([[`'${CASHIER}`, '2', '3', '37.50']])
    expect(section(rows, 'Shifts')[0]).toEqual(expect.arrayContaining([`'${DEVICE}`, '-0.50', `'${CASHIER}`]))
  })
})
