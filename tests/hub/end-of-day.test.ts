import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { CardPaymentsAnswer, END_OF_DAY_PATHS, EndOfDayAnswer, UploadAnswer, type RecordEnvelope, type SalePayload, type ShiftPayload } from '../../hub/protocol'
import { ADYEN_COLUMNS } from '../../hub/server/day/card-csv'
import { dayWindow, hubDate } from '../../hub/server/day/end-of-day-views'
import { HUB_BACKENDS } from '../support/hub-backends'
import { addedAndEnrolled, type EnrolledDevice } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { salePayload } from '../support/hub-heartbeats'
import { managerBrowser, type ManagerBrowser } from '../support/hub-manager'
import { pdftotext } from '../support/pdf-text'

const HOUR = 3_600_000
const card = (brand: string, last4: string, authCode: string, merchantReference: string) => ({ brand, last4, authCode, merchantReference })

// At the counter: two adults by card; then a split sale, cash and the standalone terminal, by 陈美玲.
const counterCard: SalePayload = {
  ...salePayload(2),
  saleId: 'sale-c1',
  shows: [{ productId: 1, event: 'Swan Lake', showsAt: '2026-11-26T20:00:00+08:00', tickets: 2, amountCents: 2500, priceClasses: [{ code: 'A', name: 'Adult', tickets: 2, amountCents: 2500 }] }],
  payments: [{ seq: 1, tender: 'card', amountCents: 2500, reference: 'PSP0000000000001', tenderedCents: null, changeCents: null, card: card('VISA', '4242', 'A1B2C3', 'FY-c1-1') }],
}
const counterSplit: SalePayload = {
  ...salePayload(3),
  saleId: 'sale-c2',
  bookingReference: 'BK-C2',
  amountCents: 7250,
  shows: [
    {
      productId: 1, event: 'Swan Lake', showsAt: '2026-11-26T20:00:00+08:00', tickets: 3, amountCents: 7250,
      priceClasses: [{ code: 'A', name: 'Adult', tickets: 2, amountCents: 5000 }, { code: 'C', name: 'Child', tickets: 1, amountCents: 2250 }],
    },
  ],
  payments: [
    { seq: 1, tender: 'cash', amountCents: 2250, reference: null, tenderedCents: 5000, changeCents: 2750 },
    { seq: 2, tender: 'standalone', amountCents: 5000, reference: 'SA-1', tenderedCents: null, changeCents: null, approvalCode: '654321' },
  ],
  cashier: '陈美玲',
}
const kioskSale: SalePayload = {
  ...salePayload(1),
  saleId: 'sale-k1',
  cashier: null,
  payments: [{ seq: 1, tender: 'card', amountCents: 1250, reference: 'PSP0000000000002', tenderedCents: null, changeCents: null, card: card('MC', '5555', 'K9', 'FY-k1-1') }],
}
// The drawer: 100.00 float, 22.50 cash sold, counted 122.00 note by note: 0.50 short.
const shift: ShiftPayload = {
  backend: 'production/citytheatre', training: false, shiftId: 'shift-1', openedAt: '2026-11-26T01:00:00.000Z', closedAt: '2026-11-26T09:00:00.000Z',
  floatCents: 10000, cashSoldCents: 2250, cashRefundedCents: 0, expectedCashCents: 12250, countedCents: 12200, varianceCents: -50,
  count: [{ denominationCents: 5000, quantity: 2 }, { denominationCents: 1000, quantity: 2 }, { denominationCents: 200, quantity: 1 }],
  openedBy: '陈美玲', closedBy: '陈美玲', approvedBy: 'Mei Tan',
}
const TAKEN = 2500 + 7250 + 1250
/** exceljs declares its own Node Buffer type; the bytes are the same. */
const workbookBytes = (bytes: Buffer) => bytes as unknown as Parameters<ExcelJS.Workbook['xlsx']['load']>[0]

describe.each(HUB_BACKENDS)('end of day on %s', (backend) => {
  const clock = Date.parse('2026-11-26T10:00:00Z')
  const hub = hubForFile(backend, () => clock, { venue: '城市剧院 City Theatre' })
  const date = hubDate(clock)
  const dayStart = dayWindow(date)!.start.getTime()
  const at = (ms: number) => new Date(dayStart + ms).toISOString()
  let manager: ManagerBrowser
  let counter: EnrolledDevice
  let kiosk: EnrolledDevice

  const enrol = (name: string) => addedAndEnrolled(manager, hub().url, { name })
  async function upload(device: EnrolledDevice, records: RecordEnvelope[]): Promise<void> {
    const answer = UploadAnswer.parse((await device.post('/device/records', { records })).body)
    expect(answer.results.map((r) => r.outcome)).toEqual(records.map(() => 'stored'))
  }
  const sale = (payload: SalePayload, ms: number): RecordEnvelope => ({ deviceRecordId: `sale:${payload.saleId}`, kind: 'sale', occurredAt: at(ms), payload })
  const day = async () => EndOfDayAnswer.parse((await manager.send('GET', END_OF_DAY_PATHS.day(date))).body)
  const file = async (name: Parameters<typeof END_OF_DAY_PATHS.file>[1], lang?: string) => {
    const answer = await manager.send('GET', `${END_OF_DAY_PATHS.file(date, name)}${lang ? `?lang=${lang}` : ''}`)
    expect(answer.status).toBe(200)
    return answer.bytes
  }
  /** A section of the day's CSV: the rows under its title and columns. */
  function section(rows: string[][], title: string): string[][] {
    const start = rows.findIndex((r) => r.length === 1 && r[0] === title)
    expect(start).toBeGreaterThanOrEqual(0)
    const end = rows.findIndex((r, i) => i > start && r.every((c) => c === ''))
    return rows.slice(start + 2, end)
  }

  beforeAll(async () => {
    manager = await managerBrowser(hub().url)
    await manager.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })
    counter = await enrol('Counter A')
    kiosk = await enrol('Kiosk B')
    const training = await enrol('Training C')
    await upload(counter, [
      sale({ ...salePayload(1), saleId: 'sale-yesterday' }, -60_000),
      sale(counterCard, HOUR),
      sale(counterSplit, 2 * HOUR),
      { deviceRecordId: 'shift:shift-1', kind: 'shift', occurredAt: shift.closedAt, payload: shift },
    ])
    await upload(kiosk, [
      sale(kioskSale, 3 * HOUR),
      { deviceRecordId: 'refund:sale-k1:2', kind: 'refund', occurredAt: at(4 * HOUR), payload: { backend: 'production/citytheatre', training: false, saleId: 'sale-k1', bookingReference: 'BK1', seq: 2, refersTo: 1, tender: 'card', amountCents: 1250, askedBy: null, approvedBy: 'Mei Tan' } },
    ])
    await upload(training, [sale({ ...salePayload(5), saleId: 'sale-t1', training: true }, 2 * HOUR)])
  })

  it("shows every shift, kiosk's card takings, standalone sale and the day's totals, training apart", async () => {
    const { figures, closed, amendment } = await day()
    expect([closed, amendment]).toEqual([null, null])
    expect(figures.totals).toEqual({ sales: 3, tickets: 6, amountCents: TAKEN, refunds: 1, refundedCents: 1250, netCents: TAKEN - 1250 })
    expect(figures.training.sales).toBe(1)
    expect(figures.byShow).toEqual([
      { event: 'Swan Lake', showsAt: '2026-11-26T20:00:00+08:00', priceClass: 'Adult', tickets: 4, amountCents: 7500 },
      { event: 'Swan Lake', showsAt: '2026-11-26T20:00:00+08:00', priceClass: 'Child', tickets: 1, amountCents: 2250 },
      { event: 'Swan Lake', showsAt: '2026-11-26T20:00:00+08:00', priceClass: null, tickets: 1, amountCents: 1250 },
    ])
    const { backend: _backend, training: _training, ...drawer } = shift
    // An upload without the drawer (issue #34): none shown, never 0.
    expect(figures.shifts).toEqual([{ deviceId: counter.deviceId, deviceName: 'Counter A', ...drawer, drawerOpenings: null, drawerFailed: null, noSales: null }])
    expect(figures.cardByDevice.map((d) => [d.deviceName, d.payments, d.amountCents, d.refundedCents])).toEqual([['Counter A', 1, 2500, 0], ['Kiosk B', 1, 1250, 1250]])
    expect(figures.standalone).toMatchObject([{ deviceName: 'Counter A', saleId: 'sale-c2', amountCents: 5000, approvalCode: '654321', reference: 'SA-1' }])
    // The card payments themselves are not in the day's answer, but a page at a time.
    expect(figures).not.toHaveProperty('cardPayments')
    const page = CardPaymentsAnswer.parse((await manager.send('GET', `${END_OF_DAY_PATHS.cardPayments(date)}?offset=1&limit=2`)).body)
    expect([page.total, page.offset, page.payments.map((p) => [p.deviceName, p.type])]).toEqual([3, 1, [['Kiosk B', 'sale'], ['Kiosk B', 'refund']]])
    expect(page.payments[1]).toMatchObject({ deviceName: 'Kiosk B', amountCents: 1250, pspReference: 'PSP0000000000002', last4: '5555', authCode: 'K9' })
    expect(CardPaymentsAnswer.parse((await manager.send('GET', `${END_OF_DAY_PATHS.cardPayments(date)}?offset=5`)).body)).toEqual({ total: 3, offset: 5, payments: [] })
    expect((await manager.send('GET', `${END_OF_DAY_PATHS.cardPayments(date)}?limit=501`)).status).toBe(400)
  })

  it('closes the day in the manager\'s name; a later upload marks it amended with what changed, the closed figures kept', async () => {
    const closing = await manager.send('POST', END_OF_DAY_PATHS.close(date))
    expect(closing.status).toBe(200)
    const closed = EndOfDayAnswer.parse(closing.body)
    expect(closed.closed).toMatchObject({ closedBy: 'Mei Tan' })
    expect(await manager.send('POST', END_OF_DAY_PATHS.close(date))).toMatchObject({ status: 409, body: { refused: 'day-closed' } })

    const late: SalePayload = { ...salePayload(1), saleId: 'sale-late', payments: [{ seq: 1, tender: 'cash', amountCents: 1250, reference: null, tenderedCents: 1250, changeCents: 0 }] }
    await upload(counter, [sale(late, 5 * HOUR), { deviceRecordId: 'shift:shift-2', kind: 'shift', occurredAt: at(5 * HOUR), payload: { ...shift, shiftId: 'shift-2' } }])
    const amended = await day()
    expect(amended.figures).toEqual(closed.figures)
    expect(amended.amendment?.late.map((r) => [r.deviceName, r.kind, r.deviceRecordId, r.amountCents])).toEqual([
      ['Counter A', 'sale', 'sale:sale-late', 1250],
      ['Counter A', 'shift', 'shift:shift-2', 12200],
    ])
    expect(amended.amendment?.change).toEqual({ sales: 1, tickets: 1, amountCents: 1250, refunds: 0, refundedCents: 0, netCents: 1250 })
    expect(amended.amendment?.totalsNow.amountCents).toBe(TAKEN + 1250)
  })

  it('downloads the day as CSV, workbook and PDF whose totals are the records uploaded', async () => {
    const rows = parse((await file('csv')).toString('utf8'), { bom: true, relaxColumnCount: true }) as string[][]
    expect(section(rows, 'Totals')[0]).toEqual(['Sales', '3', '6', '110.00', '1', '12.50', '97.50'])
    expect(section(rows, 'By cashier')).toContainEqual(['陈美玲', '1', '3', '72.50'])
    expect(section(rows, 'Shifts')[0]).toEqual(expect.arrayContaining(['100.00', '22.50', '122.50', '122.00', '-0.50', '50 x 2; 10 x 2; 2 x 1', 'Mei Tan']))
    expect(section(rows, 'Amended after the close').map((r) => r[1])).toEqual(['sale:sale-late', 'shift:shift-2'])

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(workbookBytes(await file('xlsx')))
    const totals = workbook.getWorksheet('Totals')!
    expect(totals.getRow(2).values).toEqual([undefined, 'Sales', 3, 6, 110, 1, 12.5, 97.5])
    expect(totals.getCell('D2').numFmt).toBe('0.00')
    expect(workbook.getWorksheet('Card takings')!.getRow(3).values).toEqual([undefined, 'Kiosk B', 1, 12.5, 12.5])

    const text = await pdftotext(await file('pdf'))
    for (const words of ['End of day: 城市剧院 City Theatre', `Date: ${date}`, 'Closed by Mei Tan', 'Devices: Counter A, Kiosk B', 'Cashiers: Mei, 陈美玲', 'Sales | 3 | 6 | 110.00 | 1 | 12.50 | 97.50', 'Amended']) {
      expect(text.replace(/ {2,}/g, ' ').replace(/ \| /g, ' | ')).toContain(words)
    }
  })

  it('writes the files in the language the manager downloads them in, the numbers the same and Adyen’s column names as Adyen spells them', async () => {
    const rows = parse((await file('csv', 'zh-CN')).toString('utf8'), { bom: true, relaxColumnCount: true }) as string[][]
    expect(rows[rows.findIndex((r) => r[0] === '合计') + 1]).toEqual(['计入', '销售笔数', '票数', '金额', '退款笔数', '退款金额', '净额'])
    expect(section(rows, '合计')[0]).toEqual(['销售', '3', '6', '110.00', '1', '12.50', '97.50'])
    expect(section(rows, '结账后补入').map((r) => r[2])).toEqual(['销售', '班次'])
    const malay = parse((await file('csv', 'ms-MY')).toString('utf8'), { bom: true, relaxColumnCount: true }) as string[][]
    expect(section(malay, 'Jumlah')[0]).toEqual(['Jualan', '3', '6', '110.00', '1', '12.50', '97.50'])

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(workbookBytes(await file('xlsx', 'zh-HK')))
    const totals = workbook.getWorksheet('總計')!
    expect(totals.getRow(1).values).toEqual([undefined, '計入', '銷售宗數', '門票數', '金額', '退款宗數', '退款金額', '淨額'])
    expect(totals.getRow(2).values).toEqual([undefined, '銷售', 3, 6, 110, 1, 12.5, 97.5])

    const text = (await pdftotext(await file('pdf', 'zh-CN'))).replace(/ {2,}/g, ' ')
    for (const words of ['日结报表：城市剧院 City Theatre', `日期：${date}`, '由 Mei Tan 于', '收银员：Mei, 陈美玲', '销售 | 3 | 6 | 110.00 | 1 | 12.50 | 97.50']) expect(text).toContain(words)

    const cards = parse((await file('cards.csv', 'zh-CN')).toString('utf8'), { bom: true, columns: true }) as Record<string, string>[]
    expect(Object.keys(cards[0]!)).toEqual([...ADYEN_COLUMNS, '终端', '订单编号', '卡号后四位', '授权码', '结账后补入'])
    expect(cards.map((l) => [l['Psp Reference'], l['Merchant Reference'], l['Type'], l['终端']])[0]).toEqual(['PSP0000000000001', 'FY-c1-1', 'Settled', 'Counter A'])

    expect((await manager.send('GET', `${END_OF_DAY_PATHS.file(date, 'csv')}?lang=fr-FR`)).body).toEqual({ refused: 'invalid-request', fields: ['lang'] })
    const yesterday = hubDate(dayStart - HOUR)
    const range = await manager.send('GET', `${END_OF_DAY_PATHS.range('csv')}?from=${yesterday}&to=${date}&lang=zh-HK`)
    expect(section(parse(range.bytes.toString('utf8'), { bom: true, relaxColumnCount: true }) as string[][], '總計')[0]).toEqual(['銷售', '5', '8', '135.00', '1', '12.50', '122.50'])
  })

  it("gives every card payment of the day in the columns of Adyen's settlement details report, one uploaded after the close marked", async () => {
    // A kiosk's card sale that reached the hub after the close (issue #36): the acquirer settles it all the same.
    const lateCard: SalePayload = { ...kioskSale, saleId: 'sale-k-late', payments: [{ ...kioskSale.payments[0]!, reference: 'PSP0000000000003', card: card('VISA', '1881', 'L7', 'FY-kl-1') }] }
    await upload(kiosk, [sale(lateCard, 5.5 * HOUR)])
    const lines = parse((await file('cards.csv')).toString('utf8'), { bom: true, columns: true }) as Record<string, string>[]
    expect(Object.keys(lines[0]!)).toEqual([...ADYEN_COLUMNS, 'Terminal', 'Booking Reference', 'Last Four', 'Auth Code', 'Amended after the close'])
    expect(lines.map((l) => [l['Psp Reference'], l['Merchant Reference'], l['Type'], l['Gross Credit (GC)'], l['Gross Debit (GC)'], l['Terminal'], l['Last Four'], l['Auth Code'], l['Amended after the close']])).toEqual([
      ['PSP0000000000001', 'FY-c1-1', 'Settled', '25.00', '', 'Counter A', '4242', 'A1B2C3', ''],
      ['PSP0000000000002', 'FY-k1-1', 'Settled', '12.50', '', 'Kiosk B', '5555', 'K9', ''],
      ['PSP0000000000002', 'FY-k1-1', 'Refunded', '', '12.50', 'Kiosk B', '5555', 'K9', ''],
      ['PSP0000000000003', 'FY-kl-1', 'Settled', '12.50', '', 'Kiosk B', '1881', 'L7', 'yes'],
    ])
    const malay = parse((await file('cards.csv', 'ms-MY')).toString('utf8'), { bom: true, columns: true }) as Record<string, string>[]
    expect(malay.map((l) => l['Dipinda selepas tutup'])).toEqual(['', '', '', 'ya'])
    expect(lines.every((l) => l['Gross Currency'] === 'SGD' && l['Payment Method'] !== '')).toBe(true)
  })

  it('downloads a range of days as they stand now (the day before and the late sale too)', async () => {
    const yesterday = hubDate(dayStart - HOUR)
    const answer = await manager.send('GET', `${END_OF_DAY_PATHS.range('csv')}?from=${yesterday}&to=${date}`)
    const rows = parse(answer.bytes.toString('utf8'), { bom: true, relaxColumnCount: true }) as string[][]
    // With the late card sale of the card file's test.
    expect(section(rows, 'Totals')[0]).toEqual(['Sales', '6', '9', '147.50', '1', '12.50', '135.00'])
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(workbookBytes((await manager.send('GET', `${END_OF_DAY_PATHS.range('xlsx')}?from=${yesterday}&to=${date}`)).bytes))
    expect(workbook.getWorksheet('Totals')!.getCell('D2').value).toBe(147.5)
    expect((await manager.send('GET', `${END_OF_DAY_PATHS.range('csv')}?from=${date}&to=${yesterday}`)).status).toBe(400)
  })

  it('refuses a manager not signed in, and a date that is none', async () => {
    const stranger = await managerBrowser(hub().url)
    expect(await stranger.send('GET', END_OF_DAY_PATHS.day(date))).toMatchObject({ status: 401 })
    expect(await stranger.send('POST', END_OF_DAY_PATHS.close(date))).toMatchObject({ status: 401 })
    expect(await stranger.send('GET', END_OF_DAY_PATHS.file(date, 'pdf'))).toMatchObject({ status: 401 })
    expect((await manager.send('GET', END_OF_DAY_PATHS.day('2026-02-30'))).status).toBe(400)
    expect((await manager.send('POST', END_OF_DAY_PATHS.close(hubDate(dayStart + 36 * HOUR)))).status).toBe(400)
  })

  it('closes a day once when two managers close it at the same moment', async () => {
    const yesterday = hubDate(dayStart - HOUR)
    const answers = await Promise.all([manager.send('POST', END_OF_DAY_PATHS.close(yesterday)), manager.send('POST', END_OF_DAY_PATHS.close(yesterday))])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(EndOfDayAnswer.parse((await manager.send('GET', END_OF_DAY_PATHS.day(yesterday))).body).figures.totals.amountCents).toBe(1250)
  })
})
