import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatMoney } from '../../electron/contract/money'
import { locales } from '../../hub/dashboard/i18n'
import { moneyWords } from '../../hub/dashboard/words/money'
import { timeWords } from '../../hub/dashboard/words/time'
import { DASHBOARD_PATHS, FoundSale } from '../../hub/protocol/dashboard'
import { salePayload } from '../support/hub-heartbeats'
import { FakeHub } from './fake-hub'
import { todayAt, todayFigures } from './fixtures'
import { mountDashboard, rows, signIn, text } from './mount-dashboard'

const counterId = '00000000-0000-4000-8000-000000000001'
const figures = todayFigures({
  totals: { sales: 3, tickets: 6, amountCents: 1_025_050, refunds: 1, refundedCents: 1250, netCents: 1_023_800 },
  training: { sales: 2, tickets: 11, amountCents: 13_750, refunds: 0, refundedCents: 0, netCents: 13_750 },
  byShow: [{ event: 'Swan Lake', showsAt: todayAt(20, 0), tickets: 4, amountCents: 5000 }],
  byTender: [
    { tender: 'card', payments: 3, amountCents: 8751, refundedCents: 1250 },
    { tender: 'cash', payments: 1, amountCents: 2249, refundedCents: 0 },
  ],
  byDevice: [{ deviceId: counterId, deviceName: 'Counter A', sales: 2, tickets: 5, amountCents: 9750, refundedCents: 0 }],
  byCashier: [{ cashier: null, sales: 1, tickets: 1, amountCents: 1250 }],
  byHour: [{ hour: todayAt(19, 0), sales: 2, tickets: 5, amountCents: 9750 }],
})

const oneTicket = salePayload(1)
const kioskSale = {
  ...oneTicket,
  saleId: 'sale-kiosk',
  bookingReference: 'BK-KIOSK',
  cashier: null,
  payments: [{ ...oneTicket.payments[0]!, card: { brand: 'VISA', last4: '4242' } }],
}
// A split sale at the counter, paid in cash and on a card the terminal named no card for.
const split = {
  ...salePayload(3),
  saleId: 'sale-split',
  bookingReference: 'BK-SPLIT',
  payments: [
    { seq: 1, tender: 'cash' as const, amountCents: 1750, reference: 'CASH-1', tenderedCents: 2000, changeCents: 250 },
    { seq: 2, tender: 'card' as const, amountCents: 2000, reference: 'TX-2', tenderedCents: null, changeCents: null, card: null },
  ],
}
const found = FoundSale.parse({
  deviceId: counterId,
  deviceName: 'Kiosk B',
  deviceRecordId: 'sale:kiosk',
  occurredAt: todayAt(19, 5),
  receivedAt: todayAt(19, 5),
  sale: kioskSale,
  steps: [
    { deviceRecordId: 'sale:kiosk', kind: 'sale', occurredAt: todayAt(19, 5), payload: kioskSale, hubRecordId: '1', receivedAt: todayAt(19, 5) },
    {
      deviceRecordId: 'refund:sale-kiosk:1',
      kind: 'refund',
      occurredAt: todayAt(19, 30),
      payload: { backend: 'production/x', training: false, saleId: 'sale-kiosk', bookingReference: 'BK-KIOSK', seq: 1, refersTo: 1, tender: 'card', amountCents: 1250, askedBy: null, approvedBy: 'Mei' },
      hubRecordId: '2',
      receivedAt: todayAt(19, 30),
    },
    {
      deviceRecordId: 'printed:sale-kiosk',
      kind: 'printed',
      occurredAt: todayAt(19, 6),
      payload: { backend: 'production/x', training: false, saleId: 'sale-kiosk', bookingReference: 'BK-KIOSK' },
      hubRecordId: '5',
      receivedAt: todayAt(19, 6),
    },
    {
      deviceRecordId: 'reprint:sale-kiosk:9',
      kind: 'reprint',
      occurredAt: todayAt(19, 20),
      payload: { backend: 'production/x', training: false, saleId: 'sale-kiosk', bookingReference: 'BK-KIOSK', what: 'tickets' },
      hubRecordId: '3',
      receivedAt: todayAt(19, 20),
    },
  ],
})
const splitFound = FoundSale.parse({
  ...found,
  deviceName: 'Counter A',
  deviceRecordId: 'sale:split',
  sale: split,
  steps: [{ deviceRecordId: 'sale:split', kind: 'sale', occurredAt: todayAt(19, 10), payload: split, hubRecordId: '4', receivedAt: todayAt(19, 10) }],
})
const stepLines = (page: VueWrapper) => page.findAll('[data-testid="sale-step"]').map((step) => step.findAll('li').map((line) => line.text()))

/** Today: sales across every device, live, and a sale found by its reference with its steps. */
describe('the dashboard: today', () => {
  let hub: FakeHub
  let page: VueWrapper
  beforeEach(async () => {
    hub = new FakeHub().install()
    hub.today = structuredClone(figures)
    hub.salesByReference.set('BK-KIOSK', [found])
    hub.salesByReference.set('BK-SPLIT', [splitFound])
    page = await mountDashboard()
    await signIn(page, hub)
    hub.stream.connect()
    await page.get('[data-testid="nav-today"]').trigger('click')
    await flushPromises()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('shows the totals in S$ from cents, training apart, and each grouping as a table', () => {
    expect(page.get('[data-testid="nav-today"]').attributes('aria-current')).toBe('page')
    expect(document.activeElement?.id).toBe('today-title')
    expect(text(page, 'total-sales')).toBe('3')
    expect(text(page, 'total-amount')).toBe('S$10,250.50')
    expect(text(page, 'total-refunded')).toBe('−S$12.50')
    expect(text(page, 'total-net')).toBe('S$10,238.00')
    expect(text(page, 'training-apart')).toBe('Training sales are not counted here: 2 today, S$137.50.')
    expect(rows(page, 'by-tender')).toEqual([
      ['Card', '3', 'S$87.51', 'S$12.50'],
      ['Cash', '1', 'S$22.49', 'S$0.00'],
    ])
    expect(rows(page, 'by-device')).toEqual([['Counter A', '2', '5', 'S$97.50', 'S$0.00']])
    expect(rows(page, 'by-cashier')).toEqual([['Self-service', '1', '1', 'S$12.50']])
    expect(rows(page, 'by-show')[0]![0]).toContain('Swan Lake')
    expect(rows(page, 'by-hour')[0]!.slice(1)).toEqual(['2', '5', 'S$97.50'])
  })

  it("updates the figures when the hub pushes today's", async () => {
    hub.push({ type: 'today', today: { ...figures, totals: { ...figures.totals, sales: 4, amountCents: 1_026_300, netCents: 1_025_050 } } })
    await flushPromises()
    expect(text(page, 'total-sales')).toBe('4')
    expect(text(page, 'total-net')).toBe('S$10,250.50')
  })

  it('finds a sale by its reference from the keyboard, with its steps as uploaded', async () => {
    await page.get('[data-testid="sale-reference"]').setValue('BK-KIOSK')
    await page.get('[data-testid="sale-search"]').trigger('submit')
    await flushPromises()
    expect(hub.sent.at(-1)).toMatchObject({ method: 'GET', path: `${DASHBOARD_PATHS.sales}?reference=BK-KIOSK` })
    expect(text(page, 'sale-results')).toBe('1 sale found for BK-KIOSK.')
    expect(text(page, 'found-sale')).toContain('Booking BK-KIOSK: 1 ticket, S$12.50')
    expect(text(page, 'found-sale')).toContain('sold by Self-service')
    // Each step says what it meant, in words: never the payload's field names or JSON.
    expect(stepLines(page)).toEqual([
      ['Sale confirmed: 1 ticket, S$12.50', `Swan Lake, ${timeWords(oneTicket.shows[0]!.showsAt!, 'en-SG')}: 1 ticket, S$12.50`, 'Card approved (VISA •••• 4242): S$12.50'],
      ['S$12.50 given back to the card', 'Approved by Mei'],
      ['Tickets printed'],
      ['Tickets printed again'],
    ])
    const at = (hours: number, minutes: number) => timeWords(todayAt(hours, minutes), 'en-SG')
    expect(page.findAll('[data-testid="sale-step"] time').map((t) => t.text())).toEqual([at(19, 5), at(19, 30), at(19, 6), at(19, 20)])
    expect(text(page, 'sale-steps')).not.toMatch(/[{}]|amountCents|payment-approved/)
    expect(page.find('[data-testid="sale-steps"] pre').exists()).toBe(false)

    await page.get('[data-testid="sale-reference"]').setValue('NOPE')
    await page.get('[data-testid="sale-search"]').trigger('submit')
    await flushPromises()
    expect(text(page, 'sale-results')).toBe('0 sales found for NOPE.')
    expect(page.find('[data-testid="found-sale"]').exists()).toBe(false)
  })

  it.each([
    ['en-SG', ['Sale confirmed: 3 tickets, S$37.50', 'Cash taken: S$17.50 (S$20.00 given, S$2.50 change)', 'Card approved: S$20.00']],
    ['zh-HK', ['銷售已確認：3張門票，S$37.50', '收取現金：S$17.50（收到 S$20.00，找續 S$2.50）', '信用卡已批核：S$20.00']],
    ['ms-MY', ['Jualan disahkan: 3 tiket, S$37.50', 'Tunai diterima: S$17.50 (S$20.00 diberi, baki S$2.50)', 'Kad diluluskan: S$20.00']],
  ])('words a split sale’s payments in %s', async (locale, said) => {
    await page.get(`[data-testid="language-${locale}"]`).trigger('click')
    await page.get('[data-testid="sale-reference"]').setValue('BK-SPLIT')
    await page.get('[data-testid="sale-search"]').trigger('submit')
    await flushPromises()
    const [sale] = stepLines(page)
    expect([sale![0], ...sale!.slice(2)]).toEqual(said)
  })

  it('speaks the manager’s language: Chinese money still S$', async () => {
    page.unmount()
    // Still signed in at the hub: the page opens on the devices.
    page = await mountDashboard('zh-CN')
    await page.get('[data-testid="nav-today"]').trigger('click')
    await flushPromises()
    expect(page.get('#today-title').text()).toBe('今日销售')
    expect(rows(page, 'by-tender')[1]![0]).toBe('现金')
    expect(text(page, 'total-amount')).toBe('S$10,250.50')
  })
})

/** The page may not import the renderer's money module (it takes hub/protocol only): its own copy must say the same. */
describe("the dashboard's money words", () => {
  it.each(locales)("write money in %s exactly as the renderer's formatMoney does", (locale) => {
    for (const cents of [0, 5, 1250, 123_456_789, -1250]) expect(moneyWords(cents, locale)).toBe(formatMoney(cents, locale))
  })
})
