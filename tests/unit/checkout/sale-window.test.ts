import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SaleWindows } from '../../../electron/checkout/sale-windows'
import type { EventSummary } from '../../../electron/contract'
import { call } from '../../../electron/ipc-core/dispatcher'
import type { Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { allShows, sectionsOf } from '../../support/sandbox-fixtures'
import { startSandboxRuntime } from '../../support/sandbox-runtime'

/**
 * The event's sale window is main's to enforce: the spec leaves stopping
 * patrons from buying events not on sale to the client, so a renderer that
 * asks anyway (or anyone with the browser host's token) is refused by main.
 */
let rig: ApiRig
let runtime: Runtime

beforeEach(async () => {
  rig = await apiRig()
  runtime = await startSandboxRuntime(rig, { mode: 'self-service', host: 'browser' })
})
afterEach(async () => {
  await runtime.close()
  await rig.close()
})

describe('the sale window in main', () => {
  it('refuses seats and orders for an event whose sale has not started', async () => {
    const dispatcher = runtime.services.dispatcher
    const events = (await rig.direct.get('/icc', { size: 100 })).body.content as { internetContentCode: string; sellabilityStartDate: string }[]
    const future = events.find((e) => Date.parse(e.sellabilityStartDate) > Date.now())!
    expect(future).toBeDefined()
    const show = (await allShows(rig.direct)).find((s) => s.eventCode === future.internetContentCode && s.ticketType === 'RS')!
    const section = (await sectionsOf(rig.direct, show.productId))[0]!
    // Listed as the renderer would list it (its shows asked for by code, with no events page first).
    expect((await call(dispatcher, 'catalogue.shows', { code: show.eventCode, lang: 'EN_SG' })).ok).toBe(true)

    const offered = await call(dispatcher, 'offers.request', {
      productId: show.productId,
      priceCategoryId: section.priceCategoryId,
      sectionId: section.seatSectionId,
      mode: 'BA',
      quantity: 2,
    })
    expect(offered.ok ? 'offered' : offered.error.code).toBe('checkout.not-on-sale')

    const order = {
      patron: { email: 'boxoffice@foyer-training.invalid' },
      items: [{ productId: show.productId, sectionId: section.seatSectionId, priceCategoryId: section.priceCategoryId, mode: '' as const, quantity: 1, lines: [{ priceClassCode: 'A', quantity: 1 }] }],
      deliveryMethodCode: 'ETICKET',
      paymentMethodCode: 'VISA',
      totalAmount: section.amount,
    }
    const submitted = await call(dispatcher, 'checkout.submit', { order })
    expect(submitted.ok ? 'ordered' : submitted.error.code).toBe('checkout.not-on-sale')
  })

  it('refuses a show this kiosk never listed (the API has no way from a show to its event)', async () => {
    const show = (await allShows(rig.direct)).find((s) => s.ticketType === 'RS' && s.availabilityStatus === 19)!
    const section = (await sectionsOf(rig.direct, show.productId))[0]!
    const offered = await call(runtime.services.dispatcher, 'offers.request', {
      productId: show.productId,
      priceCategoryId: section.priceCategoryId,
      sectionId: section.seatSectionId,
      mode: 'BA',
      quantity: 1,
    })
    expect(offered.ok ? 'offered' : offered.error.code).toBe('checkout.not-on-sale')
  })
})

describe('SaleWindows', () => {
  const event = (code: string, sellStart: string | null, sellEnd: string | null) => ({ code, sellStart, sellEnd }) as EventSummary
  const noLookup = { listEvents: async () => ({ events: [] }) as never }

  it('sells from the start of the window up to, not including, its end', async () => {
    let now = Date.parse('2026-12-01T10:00:00+08:00')
    const windows = new SaleWindows(noLookup, () => now)
    windows.learnEvents([event('EVT1', '2026-12-01T10:00:00+08:00', '2026-12-05T20:00:00+08:00')])
    await windows.learnShows('EVT1', [{ productId: 42, venue: null, date: '2026-12-05T19:30:00+08:00' }], 'EN_SG')
    expect(() => windows.check(42)).not.toThrow()
    now = Date.parse('2026-12-05T19:59:59+08:00')
    expect(() => windows.check(42)).not.toThrow()
    now = Date.parse('2026-12-05T20:00:00+08:00')
    expect(() => windows.check(42)).toThrow(expect.objectContaining({ code: 'checkout.not-on-sale' }))
    now = Date.parse('2026-12-01T09:59:59+08:00')
    expect(() => windows.check(42)).toThrow(expect.objectContaining({ code: 'checkout.not-on-sale' }))
  })

  it('looks up the window of an event whose shows were asked for by code, matching the code exactly', async () => {
    const asked: unknown[] = []
    const api = {
      listEvents: async (query: unknown) => {
        asked.push(query)
        return { events: [event('EVT10', null, '2020-01-01T00:00:00+08:00'), event('EVT1', null, null)] } as never
      },
    }
    const windows = new SaleWindows(api, () => Date.parse('2026-12-01T10:00:00+08:00'))
    await windows.learnShows('EVT1', [{ productId: 7, venue: null, date: '2026-12-05T19:30:00+08:00' }], 'EN_SG')
    expect(asked).toEqual([expect.objectContaining({ internetContentCode: 'EVT1' })])
    expect(() => windows.check(7)).not.toThrow()
  })
})
