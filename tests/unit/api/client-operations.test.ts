import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiCallError } from '../../../electron/api/api-error'
import { eventPageSchema, orderSchema, overviewSeatMapSchema, seatOfferSchema } from '../../../electron/contract/model'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { findShow, isOnSale, sectionsOf } from '../../support/sandbox-fixtures'

/** Every operation of the spec through Foyer's client, against the sandbox in both its shapes. */
describe.each([
  { quirks: false, label: 'response shapes' },
  { quirks: true, label: 'the other documented shapes (--quirks)' },
])('the API client over $label', ({ quirks }) => {
  let rig: ApiRig
  beforeAll(async () => {
    rig = await apiRig({ sandbox: { quirks } })
  })
  afterAll(() => rig.close())

  const theatreShow = () => findShow(rig.direct, (s) => s.venue === 'Grand Theatre' && isOnSale(s) && s.productId % 13 !== 0)

  it('lists events with paging, search, sort and language, unescaped', async () => {
    const page = await rig.api.listEvents({ lang: 'ZH_HK', size: 5, sort: 'title' })
    expect(eventPageSchema.parse(page).events).toHaveLength(5)
    expect(page.hasNext).toBe(true)
    expect(page.hasPrevious).toBe(false)
    const rock = await rig.api.listEvents({ lang: 'EN_SG', q: 'rock' })
    const escaped = rock.events.find((e) => e.promoters.some((p) => p.includes('&')))
    expect(escaped, 'a promoter with an ampersand, unescaped').toBeDefined()
    expect(JSON.stringify(rock)).not.toContain('&amp;')
  })

  it('reads an event’s shows with their availability in words', async () => {
    const show = await theatreShow()
    const shows = await rig.api.eventShows(show.eventCode, { lang: 'MS_MY' })
    const mine = shows.shows.find((s) => s.productId === show.productId)!
    expect(mine.ticketType).toBe('RS')
    expect(['available', 'limited']).toContain(mine.availability)
  })

  it('reads the overview seat map and section availability', async () => {
    const show = await theatreShow()
    const overview = overviewSeatMapSchema.parse(await rig.api.overview(show.productId))
    expect(overview.mode).toBe('BA')
    expect(overview.sections.length).toBeGreaterThan(5)
    expect(overview.categories.every((c) => /^#[0-9A-F]{6}$/i.test(c.colour))).toBe(true)
    expect(overview.sections[0]!.price.currency).toBe('SGD')
    const availability = await rig.api.sectionAvailability(show.productId)
    expect(availability.map((a) => a.sectionId).sort()).toEqual(overview.sections.map((s) => s.sectionId).sort())
  })

  it('offers seats (BA two sets, HS one), releases and reserves them', async () => {
    const show = await theatreShow()
    const section = (await sectionsOf(rig.direct, show.productId)).find((s) => s.seatSectionAlias === 'Stalls Centre')!
    const ba = seatOfferSchema.parse(
      await rig.api.offerSeats({ productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'BA', quantity: 2 }),
    )
    expect(ba.sets).toHaveLength(2)
    expect(ba.sets[0]![0]!.geometry).not.toBeNull()
    expect(typeof ba.sets[0]![0]!.geometry!.angle).toBe('number')
    const ids = ba.sets.flat().map((s) => s.inventoryId)
    expect(await rig.api.releaseSeats(show.productId, ids)).toMatchObject({ ok: true })
    expect(await rig.api.releaseSeats(show.productId, ids)).toMatchObject({ ok: false })
    expect(await rig.api.exchangeSeats(show.productId, ids, [])).toMatchObject({ ok: true })
    expect(await rig.api.releaseSeats(show.productId, ids)).toMatchObject({ ok: true })
    const hs = await rig.api.offerSeats({
      productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'HS', quantity: 3, twoD: true,
    })
    expect(hs.sets).toHaveLength(1)
    expect(hs.sets[0]![0]!.geometry).toBeNull()
    await rig.api.releaseSeats(show.productId, hs.sets.flat().map((s) => s.inventoryId))
  })

  it('turns "no seats" into one typed error, whichever shape the vendor used', async () => {
    // Sold out, not started: a show that has started also answers 16, but "not on sale".
    const soldOut = await findShow(rig.direct, (s) => s.availabilityStatus === 16 && s.ticketType === 'RS' && Date.parse(s.showDate) > Date.now() + 3_600_000)
    const section = (await sectionsOf(rig.direct, soldOut.productId))[0]!
    for (const mode of ['BA', 'HS'] as const) {
      const failure = await rig.api
        .offerSeats({ productId: soldOut.productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode, quantity: 1 })
        .catch((e: unknown) => e)
      expect(failure).toBeInstanceOf(ApiCallError)
      expect((failure as ApiCallError).messageKey).toBe('errors.api.notEnoughSeats')
      expect((failure as ApiCallError).retryable).toBe(false)
    }
  })

  it('reads ticket types, delivery and payment methods', async () => {
    const show = await theatreShow()
    const section = (await sectionsOf(rig.direct, show.productId))[0]!
    const classes = await rig.api.ticketTypes(show.productId, section.priceCategoryId)
    expect(classes.find((c) => c.code === 'TWIN')!.quantities).toEqual([2, 4, 6, 8])
    expect(classes.every((c) => typeof c.passwordRequired === 'boolean')).toBe(true)
    const delivery = await rig.api.deliveryMethods([{ productId: show.productId }])
    expect(delivery.map((d) => d.code)).toContain('ETICKET')
    expect(await rig.api.paymentMethods([show.productId])).toContain('VISA')
  })

  it('submits an order, confirms it (twice, idempotently), looks it up; cancels another', async () => {
    const show = await theatreShow()
    const section = (await sectionsOf(rig.direct, show.productId))[0]!
    const offer = await rig.api.offerSeats({ productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'HS', quantity: 2 })
    const classes = await rig.api.ticketTypes(show.productId, section.priceCategoryId)
    const a = classes.find((c) => c.code === 'A')!
    const total = Math.round(2 * (a.unitPrice.amount + a.fees.reduce((n, f) => n + f.charge.amount, 0)) * 100) / 100
    const body = (ids: number[]) => ({
      patronInfo: { patronType: 'G', email: 'client@boxoffice.example' },
      cartItemList: [{ productId: show.productId, seatSectionId: section.seatSectionId, priceCatId: section.priceCategoryId, mode: 'HS', inventoryIdList: ids, priceClassList: [{ priceClassCode: 'A', quantity: 2 }] }],
      deliveryMethodCode: 'ETICKET',
      paymentMethodCode: 'VISA',
      totalAmount: total,
    })
    const order = orderSchema.parse(await rig.api.submitOrder(body(offer.sets[0]!.map((s) => s.inventoryId))))
    expect(order.status).toBe('PENDING_PAYMENT')
    expect(order.amountToBePaid.amount).toBe(total)
    const confirmed = await rig.api.confirmOrder(order.reference, { paymentReference: 'T-1', amountPaid: total })
    expect(confirmed.tickets).toHaveLength(2)
    expect(await rig.api.confirmOrder(order.reference, { paymentReference: 'T-1', amountPaid: total })).toEqual(confirmed)
    expect((await rig.api.getOrder(order.reference)).status).toBe('CONFIRMED')

    const second = await rig.api.offerSeats({ productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'HS', quantity: 2 })
    const pending = await rig.api.submitOrder(body(second.sets[0]!.map((s) => s.inventoryId)))
    expect((await rig.api.cancelOrder(pending.reference)).status).toBe('CANCELLED')
  })

  it('fetches images from the image host', async () => {
    const page = await rig.api.listEvents({ lang: 'EN_SG', size: 1 })
    const image = await rig.api.image(page.events[0]!.summaryImagePath!)
    expect(image.contentType).toContain('image/svg+xml')
    expect(image.bytes.toString('utf8')).toContain('<svg')
  })
})
