import { afterEach, describe, expect, it } from 'vitest'
import { call } from '../../../electron/ipc-core/dispatcher'
import type { Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { listShows } from '../../support/checkout-fixtures'
import { SandboxClient } from '../../support/sandbox-client'
import { findShow, isOnSale, orderHeldSeats, sectionsOf } from '../../support/sandbox-fixtures'
import { startSandboxRuntime } from '../../support/sandbox-runtime'

/**
 * Holds that lapse, and a kiosk whose clock is not the vendor's. The sandbox's
 * clock is set apart from the machine's (its `now`): that is a kiosk clock
 * drifting, seen from the kiosk. Foyer sells as the sandbox's first client (A);
 * the sandbox's second client (B) is another kiosk at the venue.
 */
const HOLD_S = 900
let rig: ApiRig
let runtime: Runtime | null = null
/** How far the vendor's clock is ahead of the kiosk's. */
let vendorAhead = 0

async function start(options: { proxy?: boolean; vendorAheadMs?: number } = {}) {
  vendorAhead = options.vendorAheadMs ?? 0
  rig = await apiRig({ sandbox: { now: () => Date.now() + vendorAhead, holdTtlSeconds: HOLD_S }, proxy: options.proxy })
  runtime = await startSandboxRuntime(rig, { mode: 'self-service', host: 'browser' })
  const show = await findShow(rig.direct, (s) => s.venue === 'Grand Theatre' && isOnSale(s))
  const section = (await sectionsOf(rig.direct, show.productId)).find((s) => s.seatSectionAlias === 'Stalls Centre')!
  const where = { productId: show.productId, seatSectionId: section.seatSectionId, priceCategoryId: section.priceCategoryId }
  await listShows(runtime.services.dispatcher, show.eventCode)
  const request = { productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'HS' as const, quantity: 2 }
  const otherKiosk = new SandboxClient(rig.sandbox, rig.sandbox.clients[1]!)
  return { services: runtime.services, where, request, otherKiosk }
}

interface OfferBody {
  setsReservedList: { setsReserved: { inventoryId: number }[] }[]
}
const idsOf = (body: OfferBody): number[] => body.setsReservedList.flatMap((s) => s.setsReserved.map((seat) => seat.inventoryId))

afterEach(async () => {
  await runtime?.close()
  runtime = null
  await rig.close()
})

describe('holds that lapsed', () => {
  it('never frees another customer’s seats: A’s lapsed seats, offered to B, stay B’s after A gives everything back', async () => {
    const { services, where, request, otherKiosk } = await start()
    const offered = await call(services.dispatcher, 'offers.request', request)
    if (!offered.ok) throw new Error(offered.error.code)
    const ids = offered.value.offer.sets.flat().map((s) => s.inventoryId)

    // A's customer walks away; the hold lapses at the vendor, and the next customer, at kiosk B, is offered the same seats.
    vendorAhead += (HOLD_S + 1) * 1000
    const offeredToB = await otherKiosk.get<OfferBody>(`/products/${where.productId}/seatmap/availability`, {
      priceCatId: where.priceCategoryId,
      seatSectionId: where.seatSectionId,
      mode: 'HS',
      quantity: 2,
    })
    expect(idsOf(offeredToB.body)).toEqual(ids)

    // A's idle reset gives its holds back...
    await call(services.dispatcher, 'holds.releaseAll', {})
    expect(runtime!.holds.status().count).toBe(0)
    // ...and B's customer can still buy those seats.
    const order = await orderHeldSeats(otherKiosk, where, ids)
    expect(order.status).toBe(200)
    expect((order.body as { cartItemList: { seatList: { inventoryId: number }[] }[] }).cartItemList[0]!.seatList.map((s) => s.inventoryId)).toEqual(ids)
  })

  it('does not even ask the vendor to release a hold that lapsed by the vendor’s clock', async () => {
    const { services, where, request, otherKiosk } = await start({ proxy: true })
    const offered = await call(services.dispatcher, 'offers.request', request)
    if (!offered.ok) throw new Error(offered.error.code)
    const ids = offered.value.offer.sets.flat().map((s) => s.inventoryId)
    vendorAhead += (HOLD_S + 1) * 1000
    expect((await otherKiosk.post(`/products/${where.productId}/seats`, { reservedSeatList: ids })).body.status).toBe(0)
    // The kiosk goes on talking to the vendor (a customer browsing), and so hears its clock.
    for (let i = 0; i < 2; i++) expect((await call(services.dispatcher, 'catalogue.events', { lang: 'EN_SG', page: 0, size: 1 })).ok).toBe(true)
    expect(runtime!.holds.status().count).toBe(0)

    const releasesBefore = rig.proxy!.count(/\/seats$/, 'POST')
    expect(await call(services.dispatcher, 'holds.releaseAll', {})).toEqual({ ok: true, value: { released: 2 } })
    expect(rig.proxy!.count(/\/seats$/, 'POST')).toBe(releasesBefore)
    expect((await orderHeldSeats(otherKiosk, where, ids)).status).toBe(200)
  })
})

describe('the vendor’s clock, not the kiosk’s', () => {
  for (const minutes of [10, -10]) {
    it(`counts a hold down by the vendor’s clock when the kiosk’s is ${Math.abs(minutes)} minutes ${minutes > 0 ? 'behind' : 'ahead'}`, async () => {
      const { services, request } = await start({ vendorAheadMs: minutes * 60_000 })
      const offered = await call(services.dispatcher, 'offers.request', request)
      if (!offered.ok) throw new Error(offered.error.code)
      // The vendor's expiry, as it said it.
      expect(Date.parse(offered.value.expiresAt)).toBe(Date.parse(offered.value.offer.expirationTime!))
      const status = runtime!.holds.status()
      // The whole hold window is left (less the few seconds a slow machine takes), not the window ± the drift.
      expect(status.secondsLeft).toBeGreaterThan(HOLD_S - 30)
      expect(status.secondsLeft).toBeLessThanOrEqual(HOLD_S + 2)
      expect(runtime!.api.clock.offsetMs).toBeGreaterThan(minutes * 60_000 - 2_000)
      expect(runtime!.api.clock.offsetMs).toBeLessThan(minutes * 60_000 + 2_000)
    })
  }
})
