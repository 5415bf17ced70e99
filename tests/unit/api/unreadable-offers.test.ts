import { afterEach, describe, expect, it } from 'vitest'
import { ApiCallError } from '../../../electron/api/api-error'
import { salvageOfferedSeatIds } from '../../../electron/api/offer-salvage'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { findShow, isOnSale, sectionsOf } from '../../support/sandbox-fixtures'

/**
 * A seat offer reserves seats at the vendor before its answer reaches the
 * kiosk. When that answer cannot be read, or the caller gives up once it was
 * sent, the kiosk never records the seats, so it must give them back itself:
 * otherwise they stay held from every other customer until the hold lapses.
 * The fault proxy corrupts the sandbox's real answer; the sandbox is then
 * asked whether the seats are free.
 */
let rig: ApiRig
afterEach(() => rig.close())

const OFFER = /\/seatmap\/availability\?priceCatId/

async function offerRequest() {
  const show = await findShow(rig.direct, (s) => s.venue === 'Grand Theatre' && isOnSale(s))
  const section = (await sectionsOf(rig.direct, show.productId)).find((s) => s.seatSectionAlias === 'Stalls Centre')!
  return { productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'BA' as const, quantity: 2 }
}

/** The seats the sandbox reserved for the offer, from its answer as sent (before the proxy spoiled it). */
function reservedIn(text: string): number[] {
  const body = JSON.parse(text) as { setsReservedList: { setsReserved: { inventoryId: number }[] }[] }
  return body.setsReservedList.flatMap((set) => set.setsReserved.map((s) => s.inventoryId))
}

/** Free at the sandbox: another reservation of them goes through (and is given back). */
async function freeAtVendor(productId: number, ids: number[]): Promise<boolean> {
  const attempt = await rig.direct.post(`/products/${productId}/seats`, { reservedSeatList: ids })
  if (attempt.body.status === 0) await rig.direct.post(`/products/${productId}/seats`, { releasedSeatList: ids })
  return attempt.body.status === 0
}

async function failureOf(promise: Promise<unknown>): Promise<ApiCallError> {
  const result = await promise.catch((e: unknown) => e)
  expect(result).toBeInstanceOf(ApiCallError)
  return result as ApiCallError
}

const corruptions: [string, (text: string) => string][] = [
  ['cut short (not JSON)', (text) => text.slice(0, Math.floor(text.length / 2))],
  ['JSON of the wrong shape', (text) => text.replace(/"reservedTime":("[^"]*")/, '"reservedTime":{"at":$1}')],
  ['garbage before the JSON', (text) => `<!-- proxy -->${text}`],
]

describe('a seat offer whose answer cannot be read', () => {
  for (const [what, corrupt] of corruptions) {
    it(`gives back the seats it reserved when the answer is ${what}`, async () => {
      rig = await apiRig({ proxy: true })
      const request = await offerRequest()
      let sent = ''
      rig.proxy!.fail(OFFER, { kind: 'rewrite', body: (text) => corrupt((sent = text)) })
      const failure = await failureOf(rig.api.offerSeats(request))
      expect(failure.kind).toBe('shape')
      const ids = reservedIn(sent)
      expect(ids).toHaveLength(4)
      expect(await freeAtVendor(request.productId, ids)).toBe(true)
    })
  }

  it('gives back the seats of an offer the caller gave up on after it was sent, once its answer arrives', async () => {
    rig = await apiRig({ proxy: true })
    const request = await offerRequest()
    let sent = ''
    rig.proxy!.fail(OFFER, { kind: 'rewrite', body: (text) => (sent = text), delayMs: 500 })
    const leaving = new AbortController()
    const offer = rig.api.offerSeats(request, leaving.signal)
    // The customer leaves while the offer is on its way: the vendor has it, its answer is still coming.
    await expect.poll(() => rig.proxy!.count(OFFER)).toBe(1)
    leaving.abort()
    expect((await failureOf(offer)).kind).toBe('cancelled')
    await expect.poll(() => sent).not.toBe('')
    const ids = reservedIn(sent)
    await expect.poll(() => rig.proxy!.count(/\/seats$/, 'POST'), { timeout: 5_000 }).toBe(1)
    expect(await freeAtVendor(request.productId, ids)).toBe(true)
  })

  it('sends nothing when the caller gave up before the offer was sent', async () => {
    rig = await apiRig({ proxy: true })
    const request = await offerRequest()
    const leaving = new AbortController()
    leaving.abort()
    expect((await failureOf(rig.api.offerSeats(request, leaving.signal))).kind).toBe('cancelled')
    expect(rig.proxy!.count(OFFER)).toBe(0)
  })
})

describe('salvaging the reserved seats from an unreadable answer', () => {
  const answer = JSON.stringify({
    reservedTime: '2026-03-02T09:00:00+08:00',
    setsReservedList: [{ setsReserved: [{ inventoryId: 1000100001 }, { inventoryId: '1000100002' }] }, { setsReserved: [{ inventoryId: 1000100003 }] }],
    seatsAvailableList: [{ inventoryId: 1000100009 }],
    seatsUnavailableList: [{ inventoryId: 1000100010 }],
  })

  it('takes only the reserved sets’ seats, never the available or unavailable ones (the basket’s holds are among them)', () => {
    expect(salvageOfferedSeatIds(answer).sort()).toEqual([1000100001, 1000100002, 1000100003])
    expect(salvageOfferedSeatIds(answer.slice(0, answer.indexOf('seatsUnavailableList') + 30)).sort()).toEqual([1000100001, 1000100002, 1000100003])
    expect(salvageOfferedSeatIds(answer.slice(0, answer.indexOf('1000100003') + 10)).sort()).toEqual([1000100001, 1000100002, 1000100003])
  })

  it('finds nothing where there is nothing to find', () => {
    expect(salvageOfferedSeatIds('')).toEqual([])
    expect(salvageOfferedSeatIds('<html>502 Bad Gateway</html>')).toEqual([])
    expect(salvageOfferedSeatIds('{"seatsAvailableList":[{"inventoryId":5}]}')).toEqual([])
    expect(salvageOfferedSeatIds('{"setsReservedList":[{"setsReserved":[{"inventoryId":-3},{"inventoryId":"x"}]}]}')).toEqual([])
  })
})
