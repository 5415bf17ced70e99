import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { localDate } from '../../hub/dashboard/stores/day'
import { END_OF_DAY_PATHS, EndOfDayAnswer } from '../../hub/protocol/dashboard'
import { FakeHub } from './fake-hub'
import { manager, todayAt, todayFigures } from './fixtures'
import { mountDashboard, rows, signIn, text } from './mount-dashboard'

const date = localDate(new Date())
const counterId = '00000000-0000-4000-8000-000000000001'
const totals = { sales: 3, tickets: 6, amountCents: 11_000, refunds: 1, refundedCents: 1250, netCents: 9750 }
const none = { sales: 0, tickets: 0, amountCents: 0, refunds: 0, refundedCents: 0, netCents: 0 }
const open = EndOfDayAnswer.parse({
  date,
  window: { start: todayAt(0, 0), end: todayAt(23, 59) },
  closed: null,
  amendment: null,
  figures: {
    totals,
    training: none,
    byShow: [{ event: 'Swan Lake', showsAt: todayAt(20, 0), priceClass: 'Adult', tickets: 4, amountCents: 7500 }],
    byTender: [{ tender: 'card', payments: 2, amountCents: 3750, refundedCents: 1250 }],
    byDevice: [{ deviceId: counterId, deviceName: 'Counter A', sales: 2, tickets: 5, amountCents: 9750, refundedCents: 0 }],
    byCashier: [{ cashier: '陈美玲', sales: 1, tickets: 3, amountCents: 7250 }],
    shifts: [
      {
        deviceId: counterId, deviceName: 'Counter A', shiftId: 'shift-1', openedAt: todayAt(9, 0), closedAt: todayAt(17, 0), floatCents: 10_000, cashSoldCents: 2250,
        cashRefundedCents: 0, expectedCashCents: 12_250, countedCents: 12_200, varianceCents: -50, count: [{ denominationCents: 5000, quantity: 2 }, { denominationCents: 100, quantity: 0 }],
        openedBy: '陈美玲', closedBy: '陈美玲', approvedBy: 'Mei Ling',
      },
      {
        // A counter with a drawer on its printer (issue #34): its openings and each person's No sales, with why.
        deviceId: counterId, deviceName: 'Counter A', shiftId: 'shift-2', openedAt: todayAt(17, 0), closedAt: todayAt(22, 0), floatCents: 10_000, cashSoldCents: 0,
        cashRefundedCents: 0, expectedCashCents: 10_000, countedCents: 10_000, varianceCents: 0, count: [{ denominationCents: 5000, quantity: 2 }],
        openedBy: 'Raj', closedBy: 'Raj', approvedBy: null, drawerOpenings: 12, drawerFailed: 1,
        noSales: [
          { by: 'Raj', count: 3, reasons: { change: 2, 'wrong-change': 0, other: 1 } },
          { by: null, count: 1, reasons: { change: 0, 'wrong-change': 1, other: 0 } },
        ],
      },
    ],
    cardByDevice: [{ deviceId: counterId, deviceName: 'Counter A', payments: 1, amountCents: 2500, refundedCents: 0 }],
    standalone: [{ deviceId: counterId, deviceName: 'Counter A', at: todayAt(11, 0), saleId: 'sale-c2', bookingReference: 'BK-C2', amountCents: 5000, approvalCode: '654321', reference: 'SA-1' }],
  },
})
const closed = { ...open, closed: { closedBy: manager.name, closedAt: todayAt(22, 0) } }
const amended = {
  ...closed,
  amendment: {
    late: [{ deviceId: counterId, deviceName: 'Counter A', kind: 'sale', deviceRecordId: 'sale:sale-late', occurredAt: todayAt(21, 0), receivedAt: todayAt(22, 30), amountCents: 1250 }],
    totalsNow: { ...totals, sales: 4, tickets: 7, amountCents: 12_250, netCents: 11_000 },
    change: { ...none, sales: 1, tickets: 1, amountCents: 1250, netCents: 1250 },
  },
}

/** End of day on the dashboard: the day's figures, its close in the manager's name, the amendment apart, the downloads. */
describe('the dashboard: end of day', () => {
  let hub: FakeHub
  let page: VueWrapper
  beforeEach(async () => {
    hub = new FakeHub().install()
    hub.cardPayments = Array.from({ length: 120 }, (_, i) => ({
      deviceId: counterId, deviceName: 'Counter A', at: todayAt(10, 0), type: i === 119 ? 'refund' : 'sale', saleId: `sale-${i}`, bookingReference: `BK-${i}`,
      amountCents: 1250, pspReference: `PSP${i}`, merchantReference: null, brand: 'VISA', last4: '4242', authCode: null,
    }))
    page = await mountDashboard()
    await signIn(page, hub)
    hub.answerNext('GET', END_OF_DAY_PATHS.day(date), 200, open)
    await page.get('[data-testid="nav-day"]').trigger('click')
    await flushPromises()
  })
  afterEach(() => vi.unstubAllGlobals())

  it("shows every shift's drawer, card takings, standalone sales and the totals of an open day", () => {
    expect(document.activeElement?.id).toBe('day-title')
    expect(text(page, 'day-open')).toBe('Open: the figures below are as they stand now.')
    expect(text(page, 'day-total-amount')).toBe('S$110.00')
    expect(text(page, 'day-total-net')).toBe('S$97.50')
    const [shift] = rows(page, 'day-shifts')
    expect(shift!.slice(1)).toEqual(['S$100.00', 'S$22.50', 'S$0.00', 'S$122.50', 'S$122.00', '−S$0.50', 'S$50.00 × 2', '陈美玲', 'Mei Ling', 'no drawer', '—', '—'])
    expect(rows(page, 'day-standalone')[0]).toEqual(['Counter A', expect.any(String), 'BK-C2', 'S$50.00', '654321'])
    expect(rows(page, 'day-by-show')[0]!.slice(1)).toEqual(['Adult', '4', 'S$75.00'])
    expect(rows(page, 'day-cards')).toEqual([['Counter A', '1', 'S$25.00', 'S$0.00']])
    expect(page.get('[data-testid="download-pdf"]').attributes('href')).toBe(`${END_OF_DAY_PATHS.file(date, 'pdf')}?lang=en-SG`)
    expect(page.get('[data-testid="download-cards.csv"]').attributes('href')).toBe(`${END_OF_DAY_PATHS.file(date, 'cards.csv')}?lang=en-SG`)
    expect(page.get('[data-testid="range-xlsx"]').attributes('href')).toBe(`${END_OF_DAY_PATHS.range('xlsx')}?from=${date}&to=${date}&lang=en-SG`)
  })

  it("shows each shift's cash drawer: openings, failed pulses and No sales by person with why; an older shift says it had no drawer, not 0", async () => {
    const headings = page.get('[data-testid="day-shifts"]').findAll('thead th').map((th) => th.text())
    expect(headings.slice(-3)).toEqual(['Drawer openings', 'Drawer failed to open', 'No sale, by who and why'])
    const [older, withDrawer] = rows(page, 'day-shifts')
    expect(older!.slice(-3)).toEqual(['no drawer', '—', '—'])
    expect(withDrawer!.slice(-3)).toEqual(['12', '1', 'Raj: 3 (change for a colleague 2, other 1); not said: 1 (wrong change 1)'])
    await page.get('[data-testid="language-zh-CN"]').trigger('click')
    expect(rows(page, 'day-shifts')[1]!.slice(-3)).toEqual(['12', '1', 'Raj：3 次（为同事换零钱 2，其他 1）；未注明：1 次（找错零钱 1）'])
    expect(rows(page, 'day-shifts')[0]!.at(-3)).toBe('无钱箱')
  })

  it('lists the card payments a page at a time, through the hub’s paged route, and reads them again when the day is closed', async () => {
    const list = () => page.get('[data-testid="day-card-payment-list"]')
    expect(list().find('caption').text()).toBe('1–50 of 120')
    expect(rows(page, 'day-card-payment-list')[0]!.slice(1)).toEqual(['paid', 'BK-0', 'VISA 4242', 'PSP0', 'S$12.50'])
    await page.get('[data-testid="day-card-payments-next"]').trigger('click')
    await page.get('[data-testid="day-card-payments-next"]').trigger('click')
    await flushPromises()
    expect(list().find('caption').text()).toBe('101–120 of 120')
    expect(rows(page, 'day-card-payment-list').at(-1)!.slice(1)).toEqual(['refunded', 'BK-119', 'VISA 4242', 'PSP119', '−S$12.50'])
    expect(page.get('[data-testid="day-card-payments-next"]').attributes('disabled')).toBeDefined()
    expect(hub.sent.filter((s) => s.path.includes('/card-payments')).map((s) => s.path).at(-1)).toBe(`${END_OF_DAY_PATHS.cardPayments(date)}?offset=100&limit=50`)

    hub.answerNext('POST', END_OF_DAY_PATHS.close(date), 200, closed)
    await page.get('[data-testid="day-close"]').trigger('click')
    await flushPromises()
    await page.get('[data-testid="day-close-confirm"]').trigger('click')
    await flushPromises()
    expect(list().find('caption').text()).toBe('1–50 of 120')
  })

  it('asks for the files in the language the dashboard is in now', async () => {
    await page.get('[data-testid="language-zh-HK"]').trigger('click')
    await flushPromises()
    expect(page.get('[data-testid="download-csv"]').attributes('href')).toBe(`${END_OF_DAY_PATHS.file(date, 'csv')}?lang=zh-HK`)
    expect(page.get('[data-testid="range-csv"]').attributes('href')).toBe(`${END_OF_DAY_PATHS.range('csv')}?from=${date}&to=${date}&lang=zh-HK`)
  })

  it('closes the day in the signed-in name after asking once more, from the keyboard, and says so', async () => {
    expect(text(page, 'day-close')).toBe(`Close this day as ${manager.name}`)
    await page.get('[data-testid="day-close"]').trigger('click')
    await flushPromises()
    expect(document.activeElement?.getAttribute('data-testid')).toBe('day-close-confirm')
    hub.answerNext('POST', END_OF_DAY_PATHS.close(date), 200, closed)
    await page.get('[data-testid="day-close-confirm"]').trigger('click')
    await flushPromises()
    expect(hub.sent.filter((s) => s.method === 'POST').at(-1)).toMatchObject({ method: 'POST', path: END_OF_DAY_PATHS.close(date) })
    expect(text(page, 'day-closed')).toContain(`Closed by ${manager.name}`)
    expect(page.find('[data-testid="day-close"]').exists()).toBe(false)
    expect(page.findAll('[data-testid="live-line"]').map((l) => l.text())).toContain(`${date} is closed.`)
  })

  it('shows a day closed elsewhere as refused, and an amended day with what changed apart from the closed figures', async () => {
    await page.get('[data-testid="day-close"]').trigger('click')
    hub.answerNext('POST', END_OF_DAY_PATHS.close(date), 409, { refused: 'day-closed' })
    hub.answerNext('GET', END_OF_DAY_PATHS.day(date), 200, amended)
    await page.get('[data-testid="day-close-confirm"]').trigger('click')
    await flushPromises()
    expect(page.text()).toContain('This day is closed already')
    expect(text(page, 'day-total-amount')).toBe('S$110.00')
    expect(text(page, 'day-change')).toBe('Change since the close: 1 sales, S$12.50 taken, S$12.50 net.')
    expect(page.findAll('[data-testid="day-late"]').map((l) => l.text())[0]).toContain('Counter A: sale sale:sale-late, S$12.50')
  })

  it('reads the day again when the hub pushes a change, so a late upload shows as amended without reloading', async () => {
    hub.stream.connect()
    await flushPromises()
    expect(page.find('[data-testid="day-amended"]').exists()).toBe(false)
    hub.answerNext('GET', END_OF_DAY_PATHS.day(date), 200, amended)
    hub.push({ type: 'today', today: todayFigures() })
    await flushPromises()
    expect(text(page, 'day-change')).toBe('Change since the close: 1 sales, S$12.50 taken, S$12.50 net.')
  })
})
