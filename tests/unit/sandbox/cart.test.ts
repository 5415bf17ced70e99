import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../electron/sandbox/server'
import { sandboxWithClient, type SandboxClient } from '../../support/sandbox-client'
import { allShows, DAY_MS, expectErrorBody, firstShow, NOW, seedEvent, type ShowJson } from './helpers'

/**
 * Pins operations 7 to 9 (docs/sandbox-api.md, "Operations 7–9"): price
 * classes and fees of a show, and the delivery and payment methods common to
 * a set of products.
 */
let clock = NOW
let sandbox: Sandbox
let client: SandboxClient
let shows: ShowJson[]

beforeAll(async () => {
  ;({ sandbox, client } = await sandboxWithClient({ now: () => clock, tokenTtlSeconds: 365 * 86400 }))
  shows = await allShows(client)
})
afterAll(() => sandbox.close())

interface Monetary {
  amount: number
  currency: string
  formatted: string
}
interface PriceClassJson {
  priceClassId: number
  priceClassCode: string
  priceClassAlias: string
  priceValueAmount: Monetary
  availableQty: string
  passwordRequired: number
  feeList: { code: string; charge: Monetary }[]
}
interface DeliveryJson {
  code: string
  charge: Monetary
  order: number
  addressRequired: boolean
  feeWaived: boolean
}

const ticketTypes = async (productId: number, query: Record<string, string | number> = {}) => {
  const answer = await client.get(`/products/${productId}/tickettype`, query)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  expect(Array.isArray(answer.body)).toBe(true)
  return answer.body as PriceClassJson[]
}
const categoriesOf = async (productId: number) =>
  ((await client.get(`/products/${productId}/seatmap/overview`)).body.seatSectionList as { priceCatAmount: Monetary; SeatLevel: { priceCategoryId: number }[] }[]).map((c) => ({
    id: c.SeatLevel[0]!.priceCategoryId,
    amount: c.priceCatAmount.amount,
  }))
const expectMonetary = (money: Monetary) => {
  expect(typeof money.amount).toBe('number')
  expect(money.currency).toBe('SGD')
  expect(money.formatted).toBe(`S$${money.amount.toFixed(2)}`)
}
const cents = (amount: number) => Math.round(amount * 100)
const show = (test: (s: ShowJson) => boolean) => {
  const found = shows.find(test)
  if (!found) throw new Error('no show matches')
  return found
}
const onSale = (s: ShowJson) => s.availabilityStatus === 18 || s.availabilityStatus === 19
const showOf = (code: string) => show((s) => s.eventCode === code && onSale(s))
const delivery = (body?: unknown) => client.post('/cart/deliverymethods', body)
const payment = (body: unknown) => client.post('/cart/paymentmethods', body)

describe('ticket types', () => {
  it('is a bare list of price classes in the spec shape, passwordRequired included', async () => {
    const classes = await ticketTypes(firstShow(shows, 'theatre').productId)
    expect(classes.length).toBeGreaterThan(0)
    for (const c of classes) {
      expect(Number.isInteger(c.priceClassId)).toBe(true)
      expect(c.priceClassCode).toBeTypeOf('string')
      expect(c.priceClassAlias).toBeTypeOf('string')
      expectMonetary(c.priceValueAmount)
      expect(c.availableQty).toMatch(/^\d+(,\d+)*$/)
      expect(Object.keys(c)).toContain('passwordRequired')
      expect(Object.keys(c)).not.toContain('passwordRequire')
      for (const fee of c.feeList) {
        expect(fee.code).toBeTypeOf('string')
        expectMonetary(fee.charge)
      }
    }
  })

  it('offers the documented classes and quantities', async () => {
    const plain = await ticketTypes(firstShow(shows, 'stadium').productId)
    const qty = (list: PriceClassJson[], code: string) => list.find((c) => c.priceClassCode === code)?.availableQty
    expect(plain.map((c) => c.priceClassCode).sort()).toEqual(['A', 'SEN', 'STU', 'TWIN'])
    expect(qty(plain, 'A')).toBe('1,2,3,4,5,6,7,8,9,10')
    expect(qty(plain, 'SEN')).toBe('1,2,3,4')
    expect(qty(plain, 'STU')).toBe('1,2,3,4')
    expect(qty(plain, 'TWIN')).toBe('2,4,6,8')
    for (const c of plain) expect(c.passwordRequired).toBe(0)

    const family = await ticketTypes(showOf('FY26LANTERNKD').productId)
    expect(qty(family, 'CHD')).toBe('1,2,3,4,5,6')
    const mice = await ticketTypes(showOf('FY26TROPCITY').productId)
    expect(mice.find((c) => c.priceClassCode === 'CORP')?.passwordRequired).toBe(1)
    expect(qty(mice, 'CHD')).toBeUndefined()
  })

  it('prices every class as a share of its category price, rounded to 10 cents; Standard is the category price', async () => {
    const productId = firstShow(shows, 'theatre').productId
    const categories = await categoriesOf(productId)
    expect(categories.length).toBeGreaterThan(1)
    for (const category of categories) {
      const classes = await ticketTypes(productId, { priceCatId: category.id })
      expect(classes.find((c) => c.priceClassCode === 'A')!.priceValueAmount.amount).toBe(category.amount)
      for (const c of classes) {
        expect(cents(c.priceValueAmount.amount) % 10).toBe(0)
        expect(c.priceValueAmount.amount).toBeGreaterThan(0)
        expect(c.priceValueAmount.amount).toBeLessThanOrEqual(category.amount)
      }
    }
    // Without priceCatId: the first category's classes.
    expect(await ticketTypes(productId)).toEqual(await ticketTypes(productId, { priceCatId: categories[0]!.id }))
  })

  it("charges the event's booking fee per ticket, as its price description states it, and none where it states none", async () => {
    const checked = new Set<string>()
    for (const s of shows.filter(onSale)) {
      if (checked.has(s.eventCode)) continue
      checked.add(s.eventCode)
      const stated = /booking fee of S\$(\d+(?:\.\d+)?) per ticket/.exec(seedEvent(s.eventCode).priceDescription.EN_SG)
      for (const c of await ticketTypes(s.productId)) {
        const fees = c.feeList.filter((f) => f.code === 'BOOKING_FEE')
        if (stated) expect(fees.map((f) => f.charge.amount), s.eventCode).toEqual([Number(stated[1])])
        else expect(fees, s.eventCode).toEqual([])
      }
    }
    expect(checked.size).toBeGreaterThan(20)
  })

  it('answers an unknown price category with 400 error.product.package.classtype.invalid', async () => {
    const productId = firstShow(shows, 'theatre').productId
    const otherEvent = (await categoriesOf(firstShow(shows, 'stadium').productId))[0]!.id
    for (const priceCatId of [1, otherEvent]) {
      const answer = await client.get(`/products/${productId}/tickettype`, { priceCatId })
      expectErrorBody(answer.status, answer.body, { status: 400, errorCode: 'error.product.package.classtype.invalid' })
    }
  })
})

describe('delivery methods', () => {
  const codes = (list: DeliveryJson[]) => list.map((m) => m.code)
  const far = () => show((s) => onSale(s) && Date.parse(s.showDate) - NOW >= 7 * DAY_MS)
  const today = () => show((s) => onSale(s) && Date.parse(s.showDate) - NOW < DAY_MS)

  it('offers registered mail, with an address and a charge, for a show at least 7 days away', async () => {
    const { status, body } = await delivery([{ productId: far().productId }])
    expect(status).toBe(200)
    expect(codes(body)).toEqual(['PRINT_ON_SITE', 'ETICKET', 'BOX_OFFICE_COLLECTION', 'REGISTERED_MAIL'])
    for (const method of body as DeliveryJson[]) {
      expectMonetary(method.charge)
      expect(method.order).toBeTypeOf('number')
      expect(method.feeWaived).toBe(false)
      expect(method.addressRequired).toBe(method.code === 'REGISTERED_MAIL')
      expect(method.charge.amount > 0).toBe(method.code === 'REGISTERED_MAIL')
    }
    expect((body as DeliveryJson[]).find((m) => m.code === 'REGISTERED_MAIL')!.charge.amount).toBe(5)
  })

  it('does not offer registered mail for a show today, nor in common with one', async () => {
    expect(codes((await delivery([{ productId: today().productId }])).body)).toEqual(['PRINT_ON_SITE', 'ETICKET', 'BOX_OFFICE_COLLECTION'])
    const common = await delivery([{ productId: far().productId }, { productId: today().productId, mode: 'BA', priceClassCodeList: ['A'] }])
    expect(common.status).toBe(200)
    expect(codes(common.body)).toEqual(['PRINT_ON_SITE', 'ETICKET', 'BOX_OFFICE_COLLECTION'])
  })

  it('offers registered mail until exactly 7 days before the show', async () => {
    const target = show((s) => onSale(s) && Date.parse(s.showDate) - NOW > 7 * DAY_MS && Date.parse(s.showDate) - NOW < 8 * DAY_MS)
    try {
      clock = Date.parse(target.showDate) - 7 * DAY_MS
      expect(codes((await delivery([{ productId: target.productId }])).body)).toContain('REGISTERED_MAIL')
      clock += 1000
      expect(codes((await delivery([{ productId: target.productId }])).body)).not.toContain('REGISTERED_MAIL')
    } finally {
      clock = NOW
    }
  })

  it('answers no body with every method of the profile at charge zero', async () => {
    const { status, body } = await delivery()
    expect(status).toBe(200)
    expect(codes(body)).toEqual(['PRINT_ON_SITE', 'ETICKET', 'BOX_OFFICE_COLLECTION', 'REGISTERED_MAIL'])
    for (const method of body as DeliveryJson[]) expect(method.charge.amount).toBe(0)
  })

  it.each([
    ['an empty list', []],
    ['an object', { productId: 10001 }],
    ['a list of numbers', [10001]],
    ['an unknown product', [{ productId: 99999 }]],
    ['a string product id', [{ productId: '10001' }]],
    ['a fractional product id', [{ productId: 10001.5 }]],
  ])('answers %s with 400 error.cart.product-ids.invalid', async (_name, body) => {
    const answer = await delivery(body)
    expectErrorBody(answer.status, answer.body, { status: 400, errorCode: 'error.cart.product-ids.invalid' })
  })
})

describe('payment methods', () => {
  const methods = async (productIdList: number[]) => {
    const answer = await payment({ productIdList })
    expect(answer.status).toBe(200)
    return answer.body.paymentMethodList as string[]
  }

  it('answers the methods of a product, and the common list of several (some events take no AMEX)', async () => {
    const lists = new Map<number, string[]>()
    for (const s of shows.filter(onSale)) lists.set(s.productId, await methods([s.productId]))
    for (const list of lists.values()) {
      expect(list.length).toBeGreaterThan(0)
      for (const m of list) expect(['VISA', 'MASTERCARD', 'AMEX', 'NETS', 'CASH']).toContain(m)
    }
    const entries = [...lists.entries()]
    const [withAmex, full] = entries.find(([, list]) => list.length === 5)!
    const [withoutAmex, partial] = entries.find(([, list]) => !list.includes('AMEX') && list.includes('CASH'))!
    expect(full).toContain('AMEX')
    const common = await methods([withAmex, withoutAmex])
    expect(common).toEqual(full.filter((m) => partial.includes(m)))
    expect(common).not.toContain('AMEX')
  })

  it('takes cards only for a MICE event, and only cards in common with it', async () => {
    const mice = showOf('FY26TROPCITY').productId
    const cards = await methods([mice])
    expect(cards.length).toBeGreaterThan(0)
    for (const m of cards) expect(['VISA', 'MASTERCARD', 'AMEX']).toContain(m)
    const common = await methods([firstShow(shows, 'theatre').productId, mice])
    for (const m of common) expect(cards).toContain(m)
  })

  it.each([
    ['no list', {}],
    ['an empty list', { productIdList: [] }],
    ['a bare list', [10001]],
    ['a string list', { productIdList: '10001' }],
    ['string ids', { productIdList: ['10001'] }],
    ['an unknown product', { productIdList: [10001, 99999] }],
    ['a negative id', { productIdList: [-10001] }],
  ])('answers %s with 400 error.cart.product-ids.invalid', async (_name, body) => {
    const answer = await payment(body)
    expectErrorBody(answer.status, answer.body, { status: 400, errorCode: 'error.cart.product-ids.invalid' })
  })
})
