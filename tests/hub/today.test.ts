import { beforeAll, describe, expect, it } from 'vitest'
import { SaleLookupAnswer, TodayAnswer, UploadAnswer, type RecordEnvelope, type SalePayload } from '../../hub/protocol'
import { HUB_BACKENDS } from '../support/hub-backends'
import { addedAndEnrolled, type EnrolledDevice } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { salePayload } from '../support/hub-heartbeats'
import { managerBrowser, type ManagerBrowser } from '../support/hub-manager'

const HOUR = 3_600_000

describe.each(HUB_BACKENDS)("the hub's Today on %s", (backend) => {
  const clock = Date.parse('2026-11-26T10:00:00Z')
  const hub = hubForFile(backend, () => clock)
  let manager: ManagerBrowser
  let dayStart: number
  beforeAll(async () => {
    manager = await managerBrowser(hub().url)
    await manager.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })
    dayStart = Date.parse(TodayAnswer.parse((await manager.send('GET', '/api/today')).body).day.start)
  })

  const enrol = (name: string) => addedAndEnrolled(manager, hub().url, { name })
  const at = (ms: number) => new Date(dayStart + ms).toISOString()
  const sale = (id: string, occurredAt: string, payload: SalePayload): RecordEnvelope => ({ deviceRecordId: `sale:${id}`, kind: 'sale', occurredAt, payload })
  async function upload(device: EnrolledDevice, records: RecordEnvelope[]): Promise<void> {
    const answer = UploadAnswer.parse((await device.post('/device/records', { records })).body)
    expect(answer.results.map((r) => r.outcome)).toEqual(records.map(() => 'stored'))
  }
  const today = async () => TodayAnswer.parse((await manager.send('GET', '/api/today')).body)
  const lookup = async (reference: string) => SaleLookupAnswer.parse((await manager.send('GET', `/api/sales?reference=${encodeURIComponent(reference)}`)).body).sales

  // A split sale of two shows at the counter: card and cash.
  const split: SalePayload = {
    ...salePayload(3),
    saleId: 'sale-split',
    bookingReference: 'BK-SPLIT',
    paymentReference: 'PSP-SPLIT',
    amountCents: 7250,
    shows: [
      { productId: 1, event: 'Swan Lake', showsAt: '2026-11-26T20:00:00+08:00', tickets: 1, amountCents: 1250 },
      { productId: 2, event: 'Nutcracker', showsAt: '2026-11-27T20:00:00+08:00', tickets: 2, amountCents: 6000 },
    ],
    payments: [
      { seq: 1, tender: 'card', amountCents: 5001, reference: 'PSP-SPLIT-1', tenderedCents: null, changeCents: null },
      { seq: 2, tender: 'cash', amountCents: 2249, reference: null, tenderedCents: 5000, changeCents: 2751 },
    ],
    cashier: 'Ali',
  }
  const kioskSale: SalePayload = { ...salePayload(1), saleId: 'sale-kiosk', bookingReference: 'BK-KIOSK', paymentReference: 'PSP-KIOSK', cashier: null }
  const real = [salePayload(2), split, kioskSale]

  it('sums every real sale to the cent by show, tender, device, cashier and hour; refunds subtract; training apart', async () => {
    const counter = await enrol('Counter A')
    const kiosk = await enrol('Kiosk B')
    const training = await enrol('Training C')
    await upload(counter, [
      sale('2', at(HOUR + 600_000), salePayload(2)),
      sale('split', at(HOUR + 3_000_000), split),
      sale('yesterday', at(-60_000), { ...salePayload(4), saleId: 'sale-yesterday' }),
    ])
    await upload(kiosk, [
      sale('kiosk', at(3 * HOUR + 300_000), kioskSale),
      { deviceRecordId: 'refund:sale-kiosk:1', kind: 'refund', occurredAt: at(4 * HOUR), payload: { backend: 'production/citytheatre', training: false, saleId: 'sale-kiosk', bookingReference: 'BK-KIOSK', seq: 1, refersTo: 1, tender: 'card', amountCents: 1250, askedBy: null, approvedBy: 'Mei' } },
      { deviceRecordId: 'printed:sale-kiosk', kind: 'printed', occurredAt: at(3 * HOUR + 360_000), payload: { backend: 'production/citytheatre', training: false, saleId: 'sale-kiosk', bookingReference: 'BK-KIOSK' } },
      { deviceRecordId: 'reprint:sale-kiosk:1', kind: 'reprint', occurredAt: at(4 * HOUR + 1000), payload: { backend: 'production/citytheatre', training: false, saleId: 'sale-kiosk', bookingReference: 'BK-KIOSK', what: 'tickets' } },
    ])
    await upload(training, [
      sale('t1', at(2 * HOUR), { ...salePayload(5), saleId: 'sale-t1', training: true, bookingReference: 'BK-T1' }),
      sale('t2', at(2 * HOUR), { ...salePayload(6), saleId: 'sale-t2', backend: 'training/sandbox' }),
    ])

    const answer = await today()
    const taken = real.reduce((sum, s) => sum + s.amountCents, 0)
    expect(answer.totals).toEqual({ sales: 3, tickets: 6, amountCents: taken, refunds: 1, refundedCents: 1250, netCents: taken - 1250 })
    expect(taken).toBe(2500 + 7250 + 1250)
    expect(answer.training).toEqual({ sales: 2, tickets: 11, amountCents: 11 * 1250, refunds: 0, refundedCents: 0, netCents: 11 * 1250 })
    expect(answer.byShow).toEqual([
      { event: 'Swan Lake', showsAt: '2026-11-26T20:00:00+08:00', tickets: 4, amountCents: 2500 + 1250 + 1250 },
      { event: 'Nutcracker', showsAt: '2026-11-27T20:00:00+08:00', tickets: 2, amountCents: 6000 },
    ])
    expect(answer.byTender).toEqual([
      { tender: 'card', payments: 3, amountCents: 2500 + 5001 + 1250, refundedCents: 1250 },
      { tender: 'cash', payments: 1, amountCents: 2249, refundedCents: 0 },
    ])
    expect(answer.byDevice).toEqual([
      { deviceId: counter.deviceId, deviceName: 'Counter A', sales: 2, tickets: 5, amountCents: 9750, refundedCents: 0 },
      { deviceId: kiosk.deviceId, deviceName: 'Kiosk B', sales: 1, tickets: 1, amountCents: 1250, refundedCents: 1250 },
    ])
    expect(answer.byCashier).toEqual([
      { cashier: null, sales: 1, tickets: 1, amountCents: 1250 },
      { cashier: 'Ali', sales: 1, tickets: 3, amountCents: 7250 },
      { cashier: 'Mei', sales: 1, tickets: 2, amountCents: 2500 },
    ])
    expect(answer.byHour).toEqual([
      { hour: at(HOUR), sales: 2, tickets: 5, amountCents: 9750 },
      { hour: at(3 * HOUR), sales: 1, tickets: 1, amountCents: 1250 },
    ])
  })

  it('finds a sale by its booking reference, its payment reference or a payment of it, with its steps as uploaded', async () => {
    const [byBooking] = await lookup('BK-KIOSK')
    expect(byBooking).toMatchObject({ deviceName: 'Kiosk B', deviceRecordId: 'sale:kiosk', sale: kioskSale })
    expect(byBooking!.steps.map((s) => [s.kind, s.deviceRecordId])).toEqual([
      ['sale', 'sale:kiosk'],
      ['printed', 'printed:sale-kiosk'],
      ['refund', 'refund:sale-kiosk:1'],
      ['reprint', 'reprint:sale-kiosk:1'],
    ])
    expect(byBooking!.steps[2]).toMatchObject({ kind: 'refund', payload: { amountCents: 1250, approvedBy: 'Mei' } })
    for (const reference of ['BK-SPLIT', 'PSP-SPLIT', 'PSP-SPLIT-1']) {
      expect((await lookup(reference)).map((s) => s.sale)).toEqual([split])
    }
    expect((await lookup('BK-T1'))[0]!.sale.training).toBe(true)
    expect(await lookup('NO-SUCH')).toEqual([])
    expect((await manager.send('GET', '/api/sales?reference=%20')).body).toEqual({ refused: 'invalid-request', fields: ['reference'] })
  })

  it("pushes today's totals when a device's records are stored", async () => {
    const stream = await manager.events()
    try {
      const counter = await enrol('Counter D')
      const before = (await today()).totals
      await upload(counter, [sale('live', at(5 * HOUR), { ...salePayload(1), saleId: 'sale-live' })])
      const pushed = await stream.next((e) => e.type === 'today' && e.today.totals.sales === before.sales + 1)
      expect(pushed.type === 'today' && pushed.today.totals.amountCents).toBe(before.amountCents + 1250)
    } finally {
      stream.close()
    }
  })

  it('refuses a manager not signed in', async () => {
    const stranger = await managerBrowser(hub().url)
    expect(await stranger.send('GET', '/api/today')).toMatchObject({ status: 401, body: { refused: 'signed-out' } })
    expect(await stranger.send('GET', '/api/sales?reference=BK-KIOSK')).toMatchObject({ status: 401, body: { refused: 'signed-out' } })
  })
})
