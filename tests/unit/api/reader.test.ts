import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  deliveryMethodSchema,
  eventPageSchema,
  eventShowsSchema,
  orderSchema,
  overviewSeatMapSchema,
  priceClassSchema,
  releaseResultSchema,
  sectionAvailabilitySchema,
  seatOfferSchema,
  type PriceClass,
  type SeatOffer,
} from '../../../electron/contract/model'
import {
  readDeliveryMethods,
  readErrorBody,
  readEventPage,
  readEventShows,
  readOrder,
  readOverview,
  readPaymentMethods,
  readPriceClasses,
  readRelease,
  readSeatOffer,
  readSectionAvailability,
  readToken,
} from '../../../electron/api/reader'
import type { Sandbox } from '../../../electron/sandbox/server'
import { sandboxWithClient, type SandboxClient } from '../../support/sandbox-client'
import { allShows, isOnSale, sectionsOf, type SectionFixture, type ShowFixture } from '../../support/sandbox-fixtures'

/**
 * The reader against the live sandbox, in its normal shapes and under quirks
 * (the other documented shapes and the real service's recorded behaviours).
 * Both sandboxes run on the same fixed clock and receive the same requests in
 * the same order, so they hold the same data and make the same offers: after
 * reading, the two answers must be equal, except where a documented
 * difference survives reading (each one named where it is checked).
 */
const FIXED = Date.parse('2026-03-02T01:00:00Z') // 09:00 in Singapore
const TOKEN_TTL = 3600

interface Side {
  sandbox: Sandbox
  client: SandboxClient
}
let normal: Side
let quirks: Side
let shows: ShowFixture[]
let theatre: ShowFixture
let stalls: SectionFixture

/** The same request to both sandboxes; both must answer with `status`. Returns [normal, quirks] bodies. */
async function both(method: 'GET' | 'POST', path: string, options: { query?: Record<string, string | number>; body?: unknown } = {}, status = 200) {
  const answers = [await normal.client.request(method, path, options), await quirks.client.request(method, path, options)]
  for (const answer of answers) expect(answer.status).toBe(status)
  return answers.map((a) => a.body as unknown) as [unknown, unknown]
}

/** Reads both answers, checks each against the model schema, and returns them. */
function readBoth<T>(raws: [unknown, unknown], read: (raw: unknown) => T, schema: { parse(value: unknown): unknown }): [T, T] {
  const [a, b] = [read(raws[0]), read(raws[1])]
  schema.parse(a)
  schema.parse(b)
  return [a, b]
}

const listOf = <S extends { parse(value: unknown): unknown }>(schema: S) => ({ parse: (v: unknown) => (v as unknown[]).map((x) => schema.parse(x)) })

beforeAll(async () => {
  normal = await sandboxWithClient({ now: () => FIXED, quirks: false, tokenTtlSeconds: TOKEN_TTL })
  quirks = await sandboxWithClient({ now: () => FIXED, quirks: true, tokenTtlSeconds: TOKEN_TTL })
  shows = await allShows(normal.client)
  // A reserved-seating theatre show on sale whose ticket types quirks answers (id not a multiple of 13).
  theatre = shows.find((s) => s.venue === 'Grand Theatre' && isOnSale(s) && s.productId % 13 !== 0)!
  stalls = (await sectionsOf(normal.client, theatre.productId)).find((s) => s.seatSectionAlias === 'Stalls Centre')!
})
afterAll(async () => {
  await normal?.sandbox.close()
  await quirks?.sandbox.close()
})

describe('token and error body', () => {
  it('reads both tokens alike; quirks reports expires_in one second short', async () => {
    const raws = await Promise.all(
      [normal, quirks].map(async ({ sandbox, client }) => {
        const response = await fetch(`${sandbox.authUrl}?grant_type=client_credentials`, { method: 'POST', headers: { authorization: client.basic() } })
        return response.json() as Promise<unknown>
      }),
    )
    const [a, b] = raws.map(readToken) as [ReturnType<typeof readToken>, ReturnType<typeof readToken>]
    expect(a).toMatchObject({ tokenType: 'bearer', expiresIn: TOKEN_TTL, scope: ['foyer-training', 'product', 'cart', 'payment', 'patron', 'package', 'membership'] })
    expect(a.accessToken.split('.')).toHaveLength(3)
    expect(a.jti).toEqual(expect.any(String))
    // Documented difference: the vendor notes record expires_in 3599 for an hour. Token and jti are per issue.
    expect(b).toEqual({ ...a, expiresIn: TOKEN_TTL - 1, accessToken: b.accessToken, jti: b.jti })
  })

  it('reads the error body of a refused call, the same in both', async () => {
    const [a, b] = (await both('GET', '/icc/FY00NOSUCHEVENT', {}, 400)).map(readErrorBody)
    expect(a).toMatchObject({ httpStatus: 400, errorCode: 'error.product.icc.invalid', errorTime: '2026-03-02T09:00:00+08:00' })
    expect(b).toEqual(a)
  })
})

describe('events and shows', () => {
  it('reads an event page in another language the same in both, with paging from the links', async () => {
    const raws = await both('GET', '/icc', { query: { lang: 'ZH_CN', size: 10, page: 1 } })
    const [a, b] = readBoth(raws, readEventPage, eventPageSchema)
    expect(a).toMatchObject({ page: 1, size: 10, hasNext: true, hasPrevious: true })
    expect(a.events).toHaveLength(10)
    expect(a.totalPages).toBe(Math.ceil(a.totalElements / 10))
    expect(b).toEqual(a)
  })

  it('decodes the escaped fields once and only those, the same in both', async () => {
    const raws = await both('GET', '/icc', { query: { size: 100 } })
    const [a, b] = readBoth(raws, readEventPage, eventPageSchema)
    expect(b).toEqual(a)
    const rock = a.events.find((e) => e.code === 'FY26ROCKLAWN')!
    expect(rock.title).toContain('Rock & Roll "Live"')
    expect(rock.promoters).toContain('Smith & Sons Productions')
    expect(rock.synopsis).toContain("a '70s tribute")
    const blue = a.events.find((e) => e.code === 'FY26BLUENOTES')!
    expect(blue.synopsis).toContain('<Encore>')
    // Not marked escaped: languageTitle is the JSON the API gave, as given.
    expect(JSON.parse(rock.languageTitle!)).toHaveProperty('EN_SG')
    for (const event of a.events) {
      expect(event.summaryImagePath).toBe(`images/events/${event.code}.svg`)
      for (const text of [event.title, event.synopsis, ...event.promoters]) expect(text).not.toMatch(/&(amp|lt|gt|quot|#39);/)
    }
  })

  it('reads an event\'s shows the same in both (sponsoredImage, promoStatus, "/" image paths)', async () => {
    const [a, b] = readBoth(await both('GET', `/icc/${theatre.eventCode}`), readEventShows, eventShowsSchema)
    expect(a.sponsoredImagePath).toBe(`images/events/${theatre.eventCode}.svg`)
    expect(a.shows.find((s) => s.productId === theatre.productId)).toMatchObject({ ticketType: 'RS', availability: expect.stringMatching(/^(available|limited)$/) })
    expect(b).toEqual(a)
  })
})

describe('seat maps', () => {
  it('reads the overview the same in both (SeatLevel/seatLevel, currency 702, "/" paths)', async () => {
    const raws = await both('GET', `/products/${theatre.productId}/seatmap/overview`)
    const [a, b] = readBoth(raws, readOverview, overviewSeatMapSchema.nullable())
    expect(a).not.toBeNull()
    expect(a!.mode).toBe('BA')
    expect(a!.imagePath).toBe(`images/seatmaps/${theatre.productId}/overview.svg`)
    expect(a!.categories[0]).toMatchObject({ num: 1, colour: '#FECD84', amount: { currency: 'SGD' } })
    expect(a!.sections.find((s) => s.sectionId === stalls.seatSectionId)!.outlines[0]!.length).toBeGreaterThanOrEqual(6)
    expect(b).toEqual(a)
  })

  it('reads section availability the same in both (bare list and seatAvailibilityList)', async () => {
    const raws = await both('GET', `/products/${theatre.productId}/seatmap/availability`)
    const [a, b] = readBoth(raws, readSectionAvailability, listOf(sectionAvailabilitySchema))
    expect(a.length).toBeGreaterThan(0)
    expect(a.find((s) => s.sectionId === stalls.seatSectionId)!.availability).toMatch(/^(available|limited)$/)
    expect(b).toEqual(a)
  })
})

/** Documented difference: quirks always omits expirationTime (the client applies its hold window). */
const withoutExpiry = (offer: SeatOffer): SeatOffer => ({ ...offer, expirationTime: null })
const offerQuery = (mode: 'BA' | 'HS', quantity: number, extra: Record<string, string> = {}) => ({
  priceCatId: stalls.priceCategoryId, seatSectionId: stalls.seatSectionId, mode, quantity, ...extra,
})

describe('offers and the sale', () => {
  it('reads a 3D Hot Show offer the same in both but for expirationTime, and its release', async () => {
    const raws = await both('GET', `/products/${theatre.productId}/seatmap/availability`, { query: offerQuery('HS', 2) })
    const [a, b] = readBoth(raws, readSeatOffer, seatOfferSchema)
    expect(a.sets).toHaveLength(1)
    expect(a.sets[0]).toHaveLength(2)
    expect(a.expirationTime).toEqual(expect.any(String))
    expect(b.expirationTime).toBeNull()
    expect(a.imagePath).toBe(`images/seatmaps/${theatre.productId}/${stalls.seatSectionId}/3d.svg`)
    // 3D: every seat has its geometry (seatAngle a string, a number under quirks), and the map its other seats.
    for (const seat of [...a.sets[0]!, ...a.available]) {
      expect(seat.geometry).not.toBeNull()
      expect(seat.geometry!.outline).toHaveLength(8)
    }
    expect(a.available.length + a.unavailable.length).toBeGreaterThan(100)
    expect(withoutExpiry(b)).toEqual(withoutExpiry(a))

    const ids = a.sets[0]!.map((s) => s.inventoryId)
    const released = await both('POST', `/products/${theatre.productId}/seats`, { body: { releasedSeatList: ids } })
    const [ra, rb] = readBoth(released, readRelease, releaseResultSchema)
    expect(ra).toEqual({ ok: true, message: 'Seats released successfully', reservedTime: '2026-03-02T09:00:00+08:00' })
    expect(rb).toEqual(ra)
    // Releasing again fails ("1" as a string; 1 as a number under quirks), read alike.
    const [fa, fb] = readBoth(await both('POST', `/products/${theatre.productId}/seats`, { body: { releasedSeatList: ids } }), readRelease, releaseResultSchema)
    expect(fa.ok).toBe(false)
    expect(fb).toEqual(fa)
  })

  it('sells through a 2D Best Available offer: ticket types, delivery, payment, order, confirm, look-up', async () => {
    const product = theatre.productId
    const offerRaws = await both('GET', `/products/${product}/seatmap/availability`, { query: offerQuery('BA', 2, { '2DSeatmap': '1' }) })
    const [offer, offerQ] = readBoth(offerRaws, readSeatOffer, seatOfferSchema)
    expect(offer.sets).toHaveLength(2)
    // 2D: no coordinates, so no geometry; no expirationTime in either (the spec's 2D example).
    for (const seat of offer.sets.flat()) expect(seat.geometry).toBeNull()
    expect(offer.expirationTime).toBeNull()
    expect(offerQ).toEqual(offer)
    const [kept, other] = offer.sets.map((set) => set.map((s) => s.inventoryId)) as [number[], number[]]
    await both('POST', `/products/${product}/seats`, { body: { releasedSeatList: other } })

    const [classes, classesQ] = readBoth(
      await both('GET', `/products/${product}/tickettype`, { query: { priceCatId: stalls.priceCategoryId } }),
      readPriceClasses,
      listOf(priceClassSchema),
    )
    expect(classes.find((c) => c.code === 'A')!.quantities).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(classesQ).toEqual(classes)

    const cart = [{ productId: product, priceCatId: stalls.priceCategoryId, mode: 'BA', priceClassCodeList: ['A'] }]
    const [delivery, deliveryQ] = readBoth(await both('POST', '/cart/deliverymethods', { body: cart }), readDeliveryMethods, listOf(deliveryMethodSchema))
    expect(delivery.map((m) => m.code)).toContain('ETICKET')
    expect(delivery.map((m) => m.order)).toEqual([...delivery.map((m) => m.order)].sort((x, y) => x - y))
    expect(deliveryQ).toEqual(delivery)

    const [payment, paymentQ] = (await both('POST', '/cart/paymentmethods', { body: { productIdList: [product] } })).map(readPaymentMethods)
    expect(payment).toContain('VISA')
    expect(paymentQ).toEqual(payment)

    // Priced from what the reader read, as Foyer will: (unit + fees) × quantity, in cents.
    const standard = classes.find((c) => c.code === 'A') as PriceClass
    const cents = 2 * (Math.round(standard.unitPrice.amount * 100) + standard.fees.reduce((n, f) => n + Math.round(f.charge.amount * 100), 0))
    const request = {
      patronInfo: { patronType: 'G', email: 'walkup@boxoffice.example' },
      cartItemList: [
        { productId: product, seatSectionId: stalls.seatSectionId, priceCatId: stalls.priceCategoryId, mode: 'BA', inventoryIdList: kept, priceClassList: [{ priceClassCode: 'A', quantity: 2 }] },
      ],
      deliveryMethodCode: 'ETICKET',
      paymentMethodCode: 'VISA',
      totalAmount: cents / 100,
    }
    const [placed, placedQ] = readBoth(await both('POST', '/orders/', { body: request }), readOrder, orderSchema)
    expect(placed).toMatchObject({ status: 'PENDING_PAYMENT', amountToBePaid: { amount: cents / 100, currency: 'SGD' }, tickets: [], confirmedTime: null })
    expect(placed.items[0]!.seats.map((s) => s.inventoryId)).toEqual(kept)
    expect(placedQ).toEqual(placed)

    const confirm = { paymentReference: 'PAY-READER-1', paymentMethodCode: 'VISA', amountPaid: cents / 100 }
    const [confirmed, confirmedQ] = readBoth(await both('POST', `/orders/${placed.reference}/confirm`, { body: confirm }), readOrder, orderSchema)
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', paymentReference: 'PAY-READER-1' })
    expect(confirmed.tickets.map((t) => t.inventoryId)).toEqual(kept)
    expect(confirmedQ).toEqual(confirmed)

    const [looked, lookedQ] = readBoth(await both('GET', `/orders/${placed.reference}`), readOrder, orderSchema)
    expect(looked).toEqual(confirmed)
    expect(lookedQ).toEqual(looked)
  })

  it('reads delivery methods without a body (every method, charge zero) alike', async () => {
    const [a, b] = readBoth(await both('POST', '/cart/deliverymethods'), readDeliveryMethods, listOf(deliveryMethodSchema))
    for (const method of a) expect(method.charge).toEqual({ amount: 0, currency: 'SGD', formatted: 'S$0.00' })
    expect(b).toEqual(a)
  })
})

describe('documented differences that remain after reading', () => {
  it('quirks answers [] for the ticket types of shows whose id is a multiple of 13: read as []', async () => {
    const glitchy = shows.find((s) => isOnSale(s) && s.productId % 13 === 0)!
    const [a, b] = (await both('GET', `/products/${glitchy.productId}/tickettype`)).map(readPriceClasses)
    expect(a!.length).toBeGreaterThan(0)
    expect(b).toEqual([])
  })

  it('quirks answers null for an Expo Centre overview: read as null', async () => {
    const expo = shows.find((s) => s.venue === 'Expo Centre')!
    const [a, b] = (await both('GET', `/products/${expo.productId}/seatmap/overview`)).map(readOverview)
    expect(a).not.toBeNull()
    expect(b).toBeNull()
  })

  it('an empty search: an empty page normally, 400 "No icc found" under quirks', async () => {
    const query = { q: 'zzzqqqxxx' }
    const page = readEventPage((await normal.client.get('/icc', query)).body)
    expect(page).toMatchObject({ events: [], totalElements: 0, hasNext: false, hasPrevious: false })
    const refused = await quirks.client.get('/icc', query)
    expect(refused.status).toBe(400)
    expect(readErrorBody(refused.body)).toMatchObject({ httpStatus: 400, errorCode: 'error.product.icc.not-found', statusMessage: 'No icc found' })
  })
})
