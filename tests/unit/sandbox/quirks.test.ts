import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../electron/sandbox/server'
import { sandboxWithClient, type SandboxClient } from '../../support/sandbox-client'
import { allShows, expectErrorBody, firstShow, ISO_SGT, isOnSale, kindOfShow, NOW, seedProduct, soldOutId, venueOf, type ShowJson } from './helpers'

/**
 * Pins the sandbox under `quirks: true` (docs/sandbox-api.md): the other
 * documented shapes, and the real service's behaviours the vendor notes record,
 * which the client must tolerate.
 */
const TOKEN_TTL = 3600
let sandbox: Sandbox
let client: SandboxClient
let shows: ShowJson[]

beforeAll(async () => {
  ;({ sandbox, client } = await sandboxWithClient({ quirks: true, now: () => NOW, tokenTtlSeconds: TOKEN_TTL }))
  shows = await allShows(client)
})
afterAll(() => sandbox.close())

interface QuirkSection {
  seatSectionId: number
  priceCategoryId: number
  price: { amount: number; currency: unknown }
}
interface QuirkOverview {
  seatSectionList: { priceCatAmount: { currency: unknown }; seatLevel: QuirkSection[]; [key: string]: unknown }[]
  imageURL: string
}

const overview = async (productId: number) => {
  const answer = await client.get(`/products/${productId}/seatmap/overview`)
  expect(answer.status).toBe(200)
  return answer.body as QuirkOverview
}
const offer = (productId: number, section: QuirkSection, mode: 'BA' | 'HS', quantity: number) =>
  client.get(`/products/${productId}/seatmap/availability`, { priceCatId: section.priceCategoryId, seatSectionId: section.seatSectionId, mode, quantity })

describe('shapes under quirks', () => {
  it('reports expires_in one second short of the token lifetime', async () => {
    const response = await fetch(`${sandbox.authUrl}?grant_type=client_credentials`, { method: 'POST', headers: { authorization: client.basic() } })
    const body = (await response.json()) as { expires_in: number }
    expect(body.expires_in).toBe(TOKEN_TTL - 1)
  })

  it('names the section list seatLevel and gives currencies as the number 702', async () => {
    const map = await overview(firstShow(shows, 'stadium').productId)
    for (const category of map.seatSectionList) {
      expect(category.seatLevel.length).toBeGreaterThan(0)
      expect(category.SeatLevel).toBeUndefined()
      expect(category.priceCatAmount.currency).toBe(702)
      for (const section of category.seatLevel) expect(section.price.currency).toBe(702)
    }
  })

  it('wraps section availability in seatAvailibilityList', async () => {
    const { body } = await client.get(`/products/${firstShow(shows, 'theatre').productId}/seatmap/availability`)
    expect(Array.isArray(body)).toBe(false)
    expect(Object.keys(body)).toEqual(['seatAvailibilityList'])
    expect(body.seatAvailibilityList.length).toBeGreaterThan(0)
    for (const entry of body.seatAvailibilityList) expect([0, 1, 2, 3]).toContain(entry.seatSectionAvailability)
  })

  it('wraps price classes in priceClassList, names passwordRequire, and gives currency 702', async () => {
    const productId = shows.find((s) => isOnSale(s) && s.productId % 13 !== 0)!.productId
    const { body } = await client.get(`/products/${productId}/tickettype`)
    expect(Object.keys(body)).toEqual(['priceClassList'])
    expect(body.priceClassList.length).toBeGreaterThan(0)
    for (const c of body.priceClassList) {
      expect(c.passwordRequire).toBeTypeOf('number')
      expect(c.passwordRequired).toBeUndefined()
      expect(c.priceValueAmount.currency).toBe(702)
      for (const fee of c.feeList) expect(fee.charge.currency).toBe(702)
    }
  })

  it('gives the show list sponsoredImage and each show a promoStatus', async () => {
    const { body } = await client.get(`/icc/${firstShow(shows, 'theatre').eventCode}`)
    expect(body.sponsoredImage).toBeTypeOf('string')
    expect(body.sponsoredImagePath).toBeUndefined()
    expect(body.showTimingList.length).toBeGreaterThan(0)
    for (const show of body.showTimingList) expect(show.promoStatus).toBeTypeOf('string')
  })

  it('starts image paths with "/" and serves them from an image host on another port', async () => {
    expect(new URL(sandbox.imageBaseUrl).port).not.toBe(new URL(sandbox.baseUrl).port)
    const { body } = await client.get('/icc', { size: 1 })
    const summary = body.content[0].summaryImagePath as string
    const map = (await overview(firstShow(shows, 'theatre').productId)).imageURL
    for (const path of [summary, map]) {
      expect(path.startsWith('/')).toBe(true)
      const response = await fetch(`${sandbox.imageBaseUrl}${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
      expect((await fetch(`${new URL(sandbox.baseUrl).origin}${path}`)).status, `${path} on the API host`).toBe(404)
    }
  })
})

describe("the real service's behaviours under quirks", () => {
  it('answers a search without a match with 400 "No icc found"', async () => {
    const answer = await client.get('/icc', { q: 'zzqqxx' })
    expectErrorBody(answer.status, answer.body, { status: 400, errorCode: 'error.product.icc.not-found' })
    expect(answer.body.statusMessage).toBe('No icc found')
    expect((await client.get('/icc', { q: 'hamlet' })).status).toBe(200)
  })

  it('answers the overview of an Expo Centre show with null', async () => {
    const expo = shows.find((s) => s.venue === 'Expo Centre')!
    const answer = await client.get(`/products/${expo.productId}/seatmap/overview`)
    expect(answer.status).toBe(200)
    expect(answer.body).toBeNull()
    expect((await client.get(`/products/${firstShow(shows, 'ga').productId}/seatmap/overview`)).body).not.toBeNull()
  })

  it('answers an empty list of price classes for a show whose id is a multiple of 13', async () => {
    const glitch = shows.find((s) => isOnSale(s) && s.productId % 13 === 0)!
    const answer = await client.get(`/products/${glitch.productId}/tickettype`)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ priceClassList: [] })
  })

  // Seat offers are for reserved seating: were the seed's sold-out fixture general admission, there would be nothing to offer.
  const soldOutReserved = venueOf(seedProduct(soldOutId())!.event).kind !== 'ga'
  it.skipIf(!soldOutReserved)('answers an HS offer with no seats left with 200 {}, and a BA offer with 400 detail.seatmap.insufficient.seats', async () => {
    const productId = soldOutId()
    expect(shows.find((s) => s.productId === productId)!.ticketType).toBe('RS')
    const section = (await overview(productId)).seatSectionList[0]!.seatLevel[0]!
    const hs = await offer(productId, section, 'HS', 2)
    expect(hs.status).toBe(200)
    expect(hs.body).toEqual({})
    const ba = await offer(productId, section, 'BA', 2)
    expectErrorBody(ba.status, ba.body, { status: 400, errorCode: 'detail.seatmap.insufficient.seats' })
  })

  it('gives a successful offer reservedTime without expirationTime and numeric seat angles; release answers "0", and 1 on failure', async () => {
    const show = firstShow(shows, 'theatre')
    expect(kindOfShow(show)).toBe('theatre')
    const section = (await overview(show.productId)).seatSectionList[0]!.seatLevel[0]!
    const answer = await offer(show.productId, section, 'HS', 2)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.reservedTime).toMatch(ISO_SGT)
    expect('expirationTime' in answer.body).toBe(false)
    const seats = answer.body.setsReservedList[0].setsReserved as { inventoryId: number; seatAngle: unknown }[]
    expect(seats).toHaveLength(2)
    for (const seat of seats) expect(seat.seatAngle).toBeTypeOf('number')

    const ids = seats.map((s) => s.inventoryId)
    const released = await client.post(`/products/${show.productId}/seats`, { releasedSeatList: ids })
    expect(released.status).toBe(200)
    expect(released.body.status).toBe('0')
    const again = await client.post(`/products/${show.productId}/seats`, { releasedSeatList: ids })
    expect(again.status).toBe(200)
    expect(again.body.status).toBe(1)
  })
})
