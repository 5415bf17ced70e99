import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiCallError } from '../../../electron/api/api-error'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { findShow, isOnSale, sectionsOf } from '../../support/sandbox-fixtures'

let rig: ApiRig
afterEach(() => rig.close())

const ICC = /\/icc\?/
const OFFER = /\/seatmap\/availability\?priceCatId/
const busyBody = { httpStatus: '400', errorCode: 'error.product.detail-seatmap.system-allocation-busy', statusMessage: 'busy' }

async function failureOf(promise: Promise<unknown>): Promise<ApiCallError> {
  const result = await promise.catch((e: unknown) => e)
  expect(result).toBeInstanceOf(ApiCallError)
  return result as ApiCallError
}

async function theatre() {
  const show = await findShow(rig.direct, (s) => s.venue === 'Grand Theatre' && isOnSale(s))
  const section = (await sectionsOf(rig.direct, show.productId)).find((s) => s.seatSectionAlias === 'Stalls Centre')!
  return { show, section, offer: { productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'HS' as const, quantity: 2 } }
}

describe('when the backend misbehaves', () => {
  it('retries a read after a 500 and succeeds; gives up after three attempts with a typed error', async () => {
    rig = await apiRig({ proxy: true })
    rig.proxy!.fail(ICC, { kind: 'status', status: 500 })
    expect((await rig.api.listEvents({ lang: 'EN_SG', size: 1 })).events).toHaveLength(1)
    expect(rig.proxy!.count(ICC)).toBe(2)

    rig.proxy!.fail(ICC, { kind: 'status', status: 503 }, 10)
    const failure = await failureOf(rig.api.listEvents({ lang: 'EN_SG' }))
    expect(failure).toMatchObject({ kind: 'server', messageKey: 'errors.api.unavailable', retryable: true, httpStatus: 503 })
    expect(rig.proxy!.count(ICC)).toBe(2 + 3)
  })

  it('waits with growing, jittered delays between attempts', async () => {
    const waits: number[] = []
    rig = await apiRig({ proxy: true, api: { sleeper: { sleep: async (ms) => void waits.push(ms), random: () => 0.999 } } })
    rig.proxy!.fail(ICC, { kind: 'status', status: 500 }, 10)
    await failureOf(rig.api.listEvents({ lang: 'EN_SG' }))
    expect(waits).toHaveLength(2)
    expect(waits[1]!).toBeGreaterThan(waits[0]!)
  })

  it('asks again when seat allocation is busy (nothing was reserved), a bounded number of times', async () => {
    rig = await apiRig({ proxy: true })
    const { offer } = await theatre()
    rig.proxy!.fail(OFFER, { kind: 'status', status: 400, body: busyBody }, 2)
    const ok = await rig.api.offerSeats(offer)
    expect(ok.sets[0]).toHaveLength(2)
    expect(rig.proxy!.count(OFFER)).toBe(3)
    await rig.api.releaseSeats(offer.productId, ok.sets.flat().map((s) => s.inventoryId))

    rig.proxy!.fail(OFFER, { kind: 'status', status: 400, body: busyBody }, 10)
    const failure = await failureOf(rig.api.offerSeats(offer))
    expect(failure).toMatchObject({ kind: 'busy', messageKey: 'errors.api.allocationBusy', retryable: true })
  })

  it('answers a slow backend with a timeout, and a closed connection with "offline"', async () => {
    rig = await apiRig({ proxy: true, api: { timeouts: { readMs: 300 } } })
    rig.proxy!.fail(ICC, { kind: 'slow', delayMs: 1_000 }, 10)
    expect(await failureOf(rig.api.listEvents({ lang: 'EN_SG' }))).toMatchObject({ kind: 'timeout', messageKey: 'errors.api.timeout', retryable: true })
    expect(rig.proxy!.count(ICC)).toBe(3)
    rig.proxy!.clear()
    rig.proxy!.fail(ICC, { kind: 'close' }, 10)
    expect(await failureOf(rig.api.listEvents({ lang: 'EN_SG' }))).toMatchObject({ kind: 'network', messageKey: 'errors.api.offline' })
  })

  it('answers an unreachable backend with "offline"', async () => {
    rig = await apiRig()
    await rig.sandbox.close()
    expect(await failureOf(rig.api.listEvents({ lang: 'EN_SG' }))).toMatchObject({ kind: 'network', retryable: true })
    rig.close = async () => {}
  })

  it('never repeats a timed-out seat offer, and releases the seats its late answer reserved', async () => {
    rig = await apiRig({ proxy: true, api: { timeouts: { writeMs: 300 } } })
    const { offer } = await theatre()
    // The best seats right now (the ranking is deterministic): a probe takes and returns them.
    const probe = await rig.api.offerSeats(offer)
    const best = probe.sets[0]!.map((s) => s.inventoryId)
    await rig.api.releaseSeats(offer.productId, best)

    rig.proxy!.fail(OFFER, { kind: 'late-answer', delayMs: 900 })
    const failure = await failureOf(rig.api.offerSeats(offer))
    expect(failure.kind).toBe('timeout')
    expect(rig.proxy!.count(OFFER)).toBe(2) // the probe, and the lost offer once: never repeated
    // The lost offer did reserve the best seats: until its late answer arrives they are taken.
    expect((await rig.direct.post(`/products/${offer.productId}/seats`, { reservedSeatList: best })).body.status).toBe('1')
    // Its late answer arrives and the client gives those seats back on its own.
    await expect.poll(() => rig.proxy!.count(/\/seats$/, 'POST'), { timeout: 5_000 }).toBe(2)
    const next = await rig.api.offerSeats(offer)
    expect(next.sets[0]!.map((s) => s.inventoryId)).toEqual(best)
    await rig.api.releaseSeats(offer.productId, best)
  })

  it('never repeats an order submission after a timeout (it may have been placed)', async () => {
    rig = await apiRig({ proxy: true, api: { timeouts: { writeMs: 300 } } })
    rig.proxy!.fail(/\/orders\/$/, { kind: 'slow', delayMs: 800 })
    const failure = await failureOf(rig.api.submitOrder({ patronInfo: { patronType: 'G', email: 'x@y.example' }, cartItemList: [] }))
    expect(failure.kind).toBe('timeout')
    expect(rig.proxy!.count(/\/orders\/$/, 'POST')).toBe(1)
  })

  it('stops at once, without retrying, when the caller cancels', async () => {
    rig = await apiRig({ proxy: true })
    rig.proxy!.fail(ICC, { kind: 'slow', delayMs: 10_000 }, 10)
    const controller = new AbortController()
    const pending = rig.api.listEvents({ lang: 'EN_SG' }, controller.signal)
    // Cancelled while the request is at the (slow) service, however long a busy machine took to send it.
    await vi.waitFor(() => expect(rig.proxy!.count(ICC)).toBe(1), { timeout: 15_000, interval: 10 })
    controller.abort()
    expect(await failureOf(pending)).toMatchObject({ kind: 'cancelled', retryable: false })
    expect(rig.proxy!.count(ICC)).toBe(1)
  })

  it('answers an unreadable response with a typed error, not a crash', async () => {
    rig = await apiRig({ proxy: true })
    rig.proxy!.fail(ICC, { kind: 'status', status: 200, body: { content: [{ title: 'no code here' }] } })
    expect(await failureOf(rig.api.listEvents({ lang: 'EN_SG' }))).toMatchObject({ kind: 'shape', messageKey: 'errors.api.unexpected', retryable: false })
  })
})
