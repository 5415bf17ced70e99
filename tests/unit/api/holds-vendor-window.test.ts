import { afterEach, describe, expect, it } from 'vitest'
import { call } from '../../../electron/ipc-core/dispatcher'
import { startRuntime, type Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { listShows, sandboxConnection } from '../../support/checkout-fixtures'
import { SandboxClient } from '../../support/sandbox-client'
import { findShow, isOnSale, orderHeldSeats, sectionsOf } from '../../support/sandbox-fixtures'

/**
 * A vendor that holds seats for less time than Foyer's hold window setting.
 * A 2D offer carries only reservedTime, so its expiry is reckoned; a 3D offer
 * says its expirationTime, which tells how long the vendor holds. The sandbox
 * holds for 15 s and Foyer is set to a minute; its clock is the test's to move.
 * The other kiosk sells with the same vendor client as Foyer (kiosks of one
 * venue share the tenant's client), so the vendor would let Foyer release what
 * that kiosk has taken since.
 */
const VENDOR_HOLD_S = 15
const SETTING_MS = 60_000
let rig: ApiRig
let runtime: Runtime | null = null
let vendorAhead = 0

async function start() {
  vendorAhead = 0
  rig = await apiRig({ sandbox: { now: () => Date.now() + vendorAhead, holdTtlSeconds: VENDOR_HOLD_S } })
  runtime = await startRuntime({
    facts: { appVersion: 't', mode: 'self-service', host: 'browser' },
    dataDir: null,
    connection: { ...sandboxConnection(rig), holdWindowMs: SETTING_MS },
    log: { warn: () => {}, error: () => {} },
    checkout: { sleep: async () => {} },
  })
  const show = await findShow(rig.direct, (s) => s.venue === 'Grand Theatre' && isOnSale(s))
  const sections = (await sectionsOf(rig.direct, show.productId)).filter((s) => s.seatSectionAlias.startsWith('Stalls'))
  await listShows(runtime.services.dispatcher, show.eventCode)
  const request = (section: (typeof sections)[number], twoD: boolean) => ({
    productId: show.productId,
    priceCategoryId: section.priceCategoryId,
    sectionId: section.seatSectionId,
    mode: 'HS' as const,
    quantity: 2,
    twoD,
  })
  const otherKiosk = new SandboxClient(rig.sandbox, rig.sandbox.clients[0]!)
  return { services: runtime.services, show, sections, request, otherKiosk }
}

afterEach(async () => {
  await runtime?.close()
  runtime = null
  await rig.close()
})

describe('a vendor holding for less than the hold window setting', () => {
  it('a 2D hold is reckoned by the hold a 3D offer showed, lapses then, and is not released after that', async () => {
    const { services, show, sections, request, otherKiosk } = await start()
    const [first, second] = sections
    // A 3D offer says when it lapses: the vendor holds for 15 s, not the minute set.
    const threeD = await call(services.dispatcher, 'offers.request', request(first!, false))
    if (!threeD.ok) throw new Error(threeD.error.code)
    expect(Date.parse(threeD.value.offer.expirationTime!) - Date.parse(threeD.value.offer.reservedTime!)).toBe(VENDOR_HOLD_S * 1000)
    await call(services.dispatcher, 'holds.releaseAll', {})

    // A 2D offer gives only reservedTime: its expiry is reckoned by the shortest hold known.
    const twoD = await call(services.dispatcher, 'offers.request', request(second!, true))
    if (!twoD.ok) throw new Error(twoD.error.code)
    expect(twoD.value.offer.expirationTime).toBeNull()
    const reservedAt = Date.parse(twoD.value.offer.reservedTime!)
    expect(Date.parse(twoD.value.expiresAt) - reservedAt).toBe(VENDOR_HOLD_S * 1000)
    // The countdown the customer sees is that same expiry.
    const status = runtime!.holds.status()
    expect(status.expiresAt).toBe(twoD.value.expiresAt)
    expect(status.secondsLeft).toBeLessThanOrEqual(VENDOR_HOLD_S)

    // The customer walks away; the vendor's hold lapses and the other kiosk takes the same seats.
    const ids = twoD.value.offer.sets.flat().map((s) => s.inventoryId)
    vendorAhead += (VENDOR_HOLD_S + 1) * 1000
    expect((await otherKiosk.post(`/products/${show.productId}/seats`, { reservedSeatList: ids })).body.status).toBe(0)
    // Foyer goes on talking to the vendor (a customer browsing), and so hears its clock.
    for (let i = 0; i < 2; i++) expect((await call(services.dispatcher, 'catalogue.events', { lang: 'EN_SG', page: 0, size: 1 })).ok).toBe(true)
    expect(runtime!.holds.status().count).toBe(0)

    // Foyer's idle reset gives back what it held: the other kiosk's seats stay the other kiosk's.
    await call(services.dispatcher, 'offers.release', { productId: show.productId, inventoryIds: ids })
    const where = { productId: show.productId, seatSectionId: second!.seatSectionId, priceCategoryId: second!.priceCategoryId }
    expect((await orderHeldSeats(otherKiosk, where, ids)).status).toBe(200)
  })

  it('a 2D hold taken before any 3D offer is shortened once one shows the vendor’s hold, on the countdown too', async () => {
    const { services, sections, request } = await start()
    const [first, second] = sections
    const twoD = await call(services.dispatcher, 'offers.request', request(second!, true))
    if (!twoD.ok) throw new Error(twoD.error.code)
    const reservedAt = Date.parse(twoD.value.offer.reservedTime!)
    // Nothing known yet but the setting.
    expect(Date.parse(twoD.value.expiresAt) - reservedAt).toBe(SETTING_MS)

    const threeD = await call(services.dispatcher, 'offers.request', request(first!, false))
    if (!threeD.ok) throw new Error(threeD.error.code)
    // The 3D seats go back; the 2D ones left now lapse 15 s after they were taken, on the countdown too.
    const threeDIds = threeD.value.offer.sets.flat().map((s) => s.inventoryId)
    expect(await call(services.dispatcher, 'offers.release', { productId: request(first!, false).productId, inventoryIds: threeDIds })).toEqual({ ok: true, value: { released: 2 } })
    expect(runtime!.holds.status()).toMatchObject({ count: 2, expiresAt: new Date(reservedAt + VENDOR_HOLD_S * 1000).toISOString() })
  })
})
