import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { END_OF_DAY_PATHS, EndOfDayAnswer, EndOfDayFigures, UploadAnswer, type ShiftPayload } from '../../hub/protocol'
import { dayWindow, hubDate } from '../../hub/server/day/end-of-day-views'
import { HUB_BACKENDS } from '../support/hub-backends'
import { addedAndEnrolled, type EnrolledDevice } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { managerBrowser, type ManagerBrowser } from '../support/hub-manager'
import { pdftotext } from '../support/pdf-text'

const HOUR = 3_600_000
const noSale = (by: string | null, reason: 'change' | 'wrong-change' | 'other', minute: number) => ({ at: `2026-11-26T03:${String(minute).padStart(2, '0')}:00.000Z`, by, reason })

// Counter A's morning: the drawer opened 9 times, one pulse failed, three No sales by two cashiers and one the counter could not name.
const withDrawer: ShiftPayload = {
  backend: 'production/citytheatre', training: false, shiftId: 'shift-am', openedAt: '2026-11-26T01:00:00.000Z', closedAt: '2026-11-26T05:00:00.000Z',
  floatCents: 10000, cashSoldCents: 0, cashRefundedCents: 0, expectedCashCents: 10000, countedCents: 10000, varianceCents: 0,
  count: [{ denominationCents: 5000, quantity: 2 }], openedBy: '陈美玲', closedBy: '陈美玲', approvedBy: null,
  drawer: { openings: 9, failed: 1, noSales: [noSale('Raj', 'wrong-change', 5), noSale('陈美玲', 'change', 1), noSale('陈美玲', 'other', 2), noSale(null, 'change', 9)] },
}
// Counter B is an older Foyer (or has no drawer on its printer): its shift says nothing of the drawer.
const older: ShiftPayload = { ...withDrawer, shiftId: 'shift-old', drawer: undefined }
// A drawer that was opened only for sales: no No sale at all.
const quiet: ShiftPayload = { ...withDrawer, shiftId: 'shift-pm', openedAt: '2026-11-26T05:00:00.000Z', closedAt: '2026-11-26T09:00:00.000Z', drawer: { openings: 4, failed: 0, noSales: [] } }

/** End of day shows each shift's cash drawer (issue #34): openings, failed pulses, and No sales by person with their reasons. */
describe.each(HUB_BACKENDS)("end of day: each shift's cash drawer on %s", (backend) => {
  const clock = Date.parse('2026-11-26T10:00:00Z')
  const hub = hubForFile(backend, () => clock)
  const date = hubDate(clock)
  const dayStart = dayWindow(date)!.start.getTime()
  let manager: ManagerBrowser

  const shiftRecord = (shift: ShiftPayload, ms: number) => ({ deviceRecordId: `shift:${shift.shiftId}`, kind: 'shift' as const, occurredAt: new Date(dayStart + ms).toISOString(), payload: shift })
  async function upload(device: EnrolledDevice, records: ReturnType<typeof shiftRecord>[]): Promise<void> {
    const answer = UploadAnswer.parse((await device.post('/device/records', { records })).body)
    expect(answer.results.map((r) => r.outcome)).toEqual(records.map(() => 'stored'))
  }
  const day = async () => EndOfDayAnswer.parse((await manager.send('GET', END_OF_DAY_PATHS.day(date))).body)
  const file = async (name: 'csv' | 'xlsx' | 'pdf', lang = 'en-SG') => (await manager.send('GET', `${END_OF_DAY_PATHS.file(date, name)}?lang=${lang}`)).bytes
  const csv = async (lang?: string) => parse((await file('csv', lang)).toString('utf8'), { bom: true, relaxColumnCount: true }) as string[][]
  /** A section of the day's CSV: its columns and rows, up to the empty line after it. */
  function section(rows: string[][], title: string): string[][] {
    const start = rows.findIndex((r) => r.length === 1 && r[0] === title)
    expect(start).toBeGreaterThanOrEqual(0)
    return rows.slice(start + 1, rows.findIndex((r, i) => i > start && r.every((c) => c === '')))
  }

  beforeAll(async () => {
    manager = await managerBrowser(hub().url)
    await manager.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })
    await upload(await addedAndEnrolled(manager, hub().url, { name: 'Counter A' }), [shiftRecord(withDrawer, 5 * HOUR), shiftRecord(quiet, 9 * HOUR)])
    await upload(await addedAndEnrolled(manager, hub().url, { name: 'Counter B' }), [shiftRecord(older, 6 * HOUR)])
  })

  it('counts each shift’s openings and failed pulses, and its No sales by person with their reasons; an older shift says none rather than 0', async () => {
    const shifts = new Map((await day()).figures.shifts.map((s) => [s.shiftId, s]))
    expect(shifts.get('shift-am')).toMatchObject({
      drawerOpenings: 9,
      drawerFailed: 1,
      noSales: [
        { by: 'Raj', count: 1, reasons: { change: 0, 'wrong-change': 1, other: 0 } },
        { by: '陈美玲', count: 2, reasons: { change: 1, 'wrong-change': 0, other: 1 } },
        { by: null, count: 1, reasons: { change: 1, 'wrong-change': 0, other: 0 } },
      ],
    })
    expect(shifts.get('shift-pm')).toMatchObject({ drawerOpenings: 4, drawerFailed: 0, noSales: [] })
    expect(shifts.get('shift-old')).toMatchObject({ drawerOpenings: null, drawerFailed: null, noSales: null })
  })

  it('puts the drawer in the shifts table and the No sales in a table of their own, in the CSV, the workbook and the PDF', async () => {
    const rows = await csv()
    const [columns, ...shifts] = section(rows, 'Shifts')
    expect(columns!.slice(-3)).toEqual(['Drawer openings', 'Drawer failed to open', 'No sale'])
    const cells = new Map(shifts.map((r) => [r[1], r.slice(-3)]))
    expect(cells.get('shift-am')).toEqual(['9', '1', 'Raj: 1 (Wrong change 1); 陈美玲: 2 (Change for a colleague 1, Other 1); not said: 1 (Change for a colleague 1)'])
    expect(cells.get('shift-pm')).toEqual(['4', '0', 'none'])
    expect(cells.get('shift-old')).toEqual(['', '', 'no drawer'])
    expect(section(rows, 'No sale by person')).toEqual([
      ['Device', 'Shift', 'Cashier', 'No sale', 'Change for a colleague', 'Wrong change', 'Other'],
      ['Counter A', 'shift-am', 'Raj', '1', '0', '1', '0'],
      ['Counter A', 'shift-am', '陈美玲', '2', '1', '0', '1'],
      ['Counter A', 'shift-am', 'not said', '1', '1', '0', '0'],
    ])

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await file('xlsx')) as unknown as Parameters<ExcelJS.Workbook['xlsx']['load']>[0])
    expect(workbook.getWorksheet('No sale by person')!.getRow(3).values).toEqual([undefined, 'Counter A', 'shift-am', '陈美玲', 2, 1, 0, 1])

    const text = (await pdftotext(await file('pdf'))).replace(/ {2,}/g, ' ')
    for (const words of ['Drawer openings: 9', 'Drawer failed to open: 1', 'No sale: no drawer', 'No sale by person']) expect(text).toContain(words)
  })

  it('words the drawer in the language the files are downloaded in', async () => {
    const [columns, ...shifts] = section(await csv('zh-CN'), '班次')
    expect(columns!.slice(-3)).toEqual(['钱箱打开次数', '钱箱未能打开次数', '无销售开钱箱'])
    expect(shifts.find((r) => r[1] === 'shift-old')!.at(-1)).toBe('无钱箱')
    expect(section(await csv('zh-HK'), '無銷售開錢箱（按人）')[0]).toEqual(['裝置', '更次', '收銀員', '無銷售開錢箱', '為同事找換零錢', '找錯零錢', '其他'])
    expect(section(await csv('ms-MY'), 'Tiada jualan mengikut orang')[1]).toEqual(['Counter A', 'shift-am', 'Raj', '1', '0', '1', '0'])
  })

  it('keeps the drawer in the figures as closed; a day closed before the hub knew drawers reads as none', async () => {
    expect((await manager.send('POST', END_OF_DAY_PATHS.close(date))).status).toBe(200)
    const closed = await day()
    expect(closed.closed).not.toBeNull()
    expect(closed.figures.shifts.find((s) => s.shiftId === 'shift-am')).toMatchObject({ drawerOpenings: 9, noSales: expect.arrayContaining([expect.objectContaining({ by: 'Raj' })]) })

    // The figures a hub kept at a close before issue #34: no drawer fields at all.
    const { drawerOpenings: _o, drawerFailed: _f, noSales: _n, ...before } = closed.figures.shifts[0]!
    const kept = EndOfDayFigures.parse({ ...closed.figures, shifts: [before] })
    expect(kept.shifts[0]).toMatchObject({ drawerOpenings: null, drawerFailed: null, noSales: null })
  })
})
