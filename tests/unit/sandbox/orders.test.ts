import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../electron/sandbox/server'
import { sandboxWithClient, type SandboxClient } from '../../support/sandbox-client'
import { findShow, isOnSale, sectionsOf, type SectionFixture, type ShowFixture } from '../../support/sandbox-fixtures'

/** A clock the tests move, so expiry is tested without waiting. */
let clock = Date.now()
let sandbox: Sandbox
let client: SandboxClient
let theatre: ShowFixture
let stalls: SectionFixture

const idsOf = (body: any): number[] => body.setsReservedList.flatMap((s: any) => s.setsReserved.map((seat: any) => seat.inventoryId))
const hotShow = async (quantity: number, section = stalls, productId = theatre.productId) =>
  (await client.get(`/products/${productId}/seatmap/availability`, { priceCatId: section.priceCategoryId, seatSectionId: section.seatSectionId, mode: 'HS', quantity })).body

/** Prices a cart line from the ticket types the sandbox publishes: (unit + fees) × quantity. */
async function price(productId: number, priceCatId: number, lines: [code: string, quantity: number][]): Promise<number> {
  const classes = (await client.get(`/products/${productId}/tickettype`, { priceCatId })).body as any[]
  let cents = 0
  for (const [code, quantity] of lines) {
    const c = classes.find((x) => x.priceClassCode === code)
    const fees = c.feeList.reduce((n: number, f: any) => n + Math.round(f.charge.amount * 100), 0)
    cents += quantity * (Math.round(c.priceValueAmount.amount * 100) + fees)
  }
  return cents / 100
}

function order(items: object[], totalAmount: number, extra: object = {}) {
  return client.post('/orders/', {
    patronInfo: { patronType: 'G', email: 'walkup@boxoffice.example' },
    cartItemList: items,
    deliveryMethodCode: 'ETICKET',
    paymentMethodCode: 'VISA',
    totalAmount,
    ...extra,
  })
}

const seatItem = (mode: string, ids: number[], lines: [string, number][]) => ({
  productId: theatre.productId,
  seatSectionId: stalls.seatSectionId,
  priceCatId: stalls.priceCategoryId,
  mode,
  inventoryIdList: ids,
  priceClassList: lines.map(([priceClassCode, quantity]) => ({ priceClassCode, quantity })),
})

beforeAll(async () => {
  ;({ sandbox, client } = await sandboxWithClient({ now: () => clock, holdTtlSeconds: 600 }))
  theatre = await findShow(client, (s) => s.venue === 'Grand Theatre' && isOnSale(s))
  stalls = (await sectionsOf(client, theatre.productId)).find((s) => s.seatSectionAlias === 'Stalls Centre')!
})
afterAll(() => sandbox.close())

describe('pre-payment order and confirm', () => {
  it('sells held seats: invoice, confirm, tickets; the seats are sold for good', async () => {
    const offer = await hotShow(2)
    const ids = idsOf(offer)
    const total = await price(theatre.productId, stalls.priceCategoryId, [['A', 1], ['SEN', 1]])
    const placed = await order([seatItem('HS', ids, [['A', 1], ['SEN', 1]])], total)
    expect(placed.status).toBe(200)
    expect(placed.body).toMatchObject({
      orderStatus: 'PENDING_PAYMENT',
      transactionReferenceNumber: expect.stringMatching(/^FY\d{14}$/),
      amountToBePaid: { amount: total, currency: 'SGD' },
    })
    expect(placed.body.cartItemList[0].seatList.map((s: any) => s.inventoryId)).toEqual(ids)
    const ref = placed.body.transactionReferenceNumber

    const confirmed = await client.post(`/orders/${ref}/confirm`, { paymentReference: 'PAY-1', amountPaid: total })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.orderStatus).toBe('CONFIRMED')
    expect(confirmed.body.tickets).toHaveLength(2)
    expect(confirmed.body.tickets.map((t: any) => t.inventoryId)).toEqual(ids)
    expect(confirmed.body.tickets[0].barcode).toMatch(/^\d{16}$/)

    // Idempotent by reference: the same payment confirms to the same answer; another payment is refused.
    const again = await client.post(`/orders/${ref}/confirm`, { paymentReference: 'PAY-1', amountPaid: total })
    expect(again.body).toEqual(confirmed.body)
    const other = await client.post(`/orders/${ref}/confirm`, { paymentReference: 'PAY-2', amountPaid: total })
    expect(other.body.errorCode).toBe('error.order.already-confirmed')

    // Sold: cannot be released, never offered again, and the order looks up as confirmed.
    expect((await client.post(`/products/${theatre.productId}/seats`, { releasedSeatList: ids })).body.status).toBe('1')
    const next = await hotShow(1)
    expect(next.seatsAvailableList.map((s: any) => s.inventoryId)).not.toContain(ids[0])
    await client.post(`/products/${theatre.productId}/seats`, { releasedSeatList: idsOf(next) })
    expect((await client.get(`/orders/${ref}`)).body.orderStatus).toBe('CONFIRMED')
  })

  it('takes the Best Available set the customer chose after the other was released', async () => {
    const offer = await client.get(`/products/${theatre.productId}/seatmap/availability`, {
      priceCatId: stalls.priceCategoryId, seatSectionId: stalls.seatSectionId, mode: 'BA', quantity: 2,
    })
    const [chosen, other] = offer.body.setsReservedList.map((s: any) => s.setsReserved.map((x: any) => x.inventoryId))
    expect((await client.post(`/products/${theatre.productId}/seats`, { releasedSeatList: other })).body.status).toBe(0)
    const total = await price(theatre.productId, stalls.priceCategoryId, [['TWIN', 2]])
    const placed = await order([seatItem('BA', chosen, [['TWIN', 2]])], total)
    expect(placed.status).toBe(200)
    // The released set cannot go into an order: it is no longer held.
    const stale = await order([seatItem('BA', other, [['A', 2]])], await price(theatre.productId, stalls.priceCategoryId, [['A', 2]]))
    expect(stale.body.errorCode).toBe('error.order.inventory.invalid')
    await client.post(`/orders/${placed.body.transactionReferenceNumber}/cancel`)
  })

  it('allocates seats itself for mode "" and counts places for general admission', async () => {
    const ga = await findShow(client, (s) => s.ticketType === 'GA' && isOnSale(s))
    const gaSection = (await sectionsOf(client, ga.productId))[0]!
    const gaTotal = await price(ga.productId, gaSection.priceCategoryId, [['A', 3]])
    const gaOrder = await order(
      [{ productId: ga.productId, seatSectionId: gaSection.seatSectionId, priceCatId: gaSection.priceCategoryId, mode: '', quantity: 3, priceClassList: [{ priceClassCode: 'A', quantity: 3 }] }],
      gaTotal,
    )
    expect(gaOrder.status).toBe(200)
    expect(gaOrder.body.cartItemList[0]).toMatchObject({ quantity: 3, seatList: [] })

    const rsTotal = await price(theatre.productId, stalls.priceCategoryId, [['A', 2]])
    const rsOrder = await order([{ ...seatItem('', [], [['A', 2]]), inventoryIdList: undefined }], rsTotal)
    expect(rsOrder.status).toBe(200)
    expect(rsOrder.body.cartItemList[0].seatList).toHaveLength(2)
    const confirmed = await client.post(`/orders/${gaOrder.body.transactionReferenceNumber}/confirm`, { paymentReference: 'GA-1', amountPaid: gaTotal })
    expect(confirmed.body.tickets).toHaveLength(3)
    await client.post(`/orders/${rsOrder.body.transactionReferenceNumber}/cancel`)
  })

  it('checks the amount, price classes, quantities, delivery and payment, and keeps the hold on refusal', async () => {
    const ids = idsOf(await hotShow(2))
    const lines: [string, number][] = [['A', 2]]
    const total = await price(theatre.productId, stalls.priceCategoryId, lines)
    const cases: [object[], number, object, string][] = [
      [[seatItem('HS', ids, lines)], total + 0.01, {}, 'error.order.amount.mismatch'],
      [[seatItem('HS', ids, [['NOPE', 2]])], total, {}, 'error.order.price-class.invalid'],
      [[seatItem('HS', ids, [['TWIN', 1], ['A', 1]])], total, {}, 'error.order.price-class.quantity.invalid'],
      [[seatItem('HS', ids, [['A', 1]])], total / 2, {}, 'error.order.quantity.mismatch'],
      [[seatItem('HS', ids, lines)], total, { deliveryMethodCode: 'PIGEON' }, 'error.order.delivery-method.invalid'],
      [[seatItem('HS', ids, lines)], total, { paymentMethodCode: 'SHELLS' }, 'error.order.payment-method.invalid'],
      [[seatItem('HS', ids, lines)], total, { patronInfo: { patronType: 'G', email: 'not-an-email' } }, 'error.order.patron.email.invalid'],
      [[seatItem('HS', ids, lines)], total, { cartItemList: 'x' }, 'error.order.request.invalid'],
    ]
    for (const [items, amount, extra, code] of cases) {
      const refused = await order(items, amount, extra)
      expect(refused.status, code).toBe(400)
      expect(refused.body.errorCode).toBe(code)
    }
    // After all those refusals the seats are still held by the offer, and sell.
    expect((await order([seatItem('HS', ids, lines)], total)).status).toBe(200)
  })

  it('reuses the patron account of an e-mail address, whatever its case', async () => {
    const first = await order([seatItem('HS', idsOf(await hotShow(1)), [['A', 1]])], await price(theatre.productId, stalls.priceCategoryId, [['A', 1]]), {
      patronInfo: { patronType: 'G', email: 'Regular@Patron.example' },
    })
    const second = await order([seatItem('HS', idsOf(await hotShow(1)), [['A', 1]])], await price(theatre.productId, stalls.priceCategoryId, [['A', 1]]), {
      patronInfo: { patronType: 'G', email: 'regular@patron.example' },
    })
    expect(second.body.patronAccountNo).toBe(first.body.patronAccountNo)
  })

  it('an unconfirmed order expires and releases its seats; confirm then says expired', async () => {
    const ids = idsOf(await hotShow(2))
    const total = await price(theatre.productId, stalls.priceCategoryId, [['A', 2]])
    const placed = await order([seatItem('HS', ids, [['A', 2]])], total)
    const ref = placed.body.transactionReferenceNumber
    clock += 601_000
    sandbox.sweep()
    expect((await client.get(`/orders/${ref}`)).body.orderStatus).toBe('EXPIRED')
    const late = await client.post(`/orders/${ref}/confirm`, { paymentReference: 'LATE', amountPaid: total })
    expect(late.body.errorCode).toBe('error.order.expired')
    // The seats are free again: they can be picked.
    expect((await client.post(`/products/${theatre.productId}/seats`, { reservedSeatList: ids })).body.status).toBe(0)
    await client.post(`/products/${theatre.productId}/seats`, { releasedSeatList: ids })
  })

  it('cancel voids an unpaid order and frees its seats; a confirmed order cannot be cancelled', async () => {
    const ids = idsOf(await hotShow(1))
    const total = await price(theatre.productId, stalls.priceCategoryId, [['A', 1]])
    const ref = (await order([seatItem('HS', ids, [['A', 1]])], total)).body.transactionReferenceNumber
    expect((await client.post(`/orders/${ref}/cancel`)).body.orderStatus).toBe('CANCELLED')
    expect((await client.post(`/orders/${ref}/cancel`)).body.orderStatus).toBe('CANCELLED')
    expect((await client.post(`/orders/${ref}/confirm`, { paymentReference: 'X', amountPaid: total })).body.errorCode).toBe('error.order.cancelled')
    expect((await client.post(`/products/${theatre.productId}/seats`, { reservedSeatList: ids })).body.status).toBe(0)
    const again = (await order([seatItem('SP', ids, [['A', 1]])], total)).body.transactionReferenceNumber
    await client.post(`/orders/${again}/confirm`, { paymentReference: 'P', amountPaid: total })
    expect((await client.post(`/orders/${again}/cancel`)).body.errorCode).toBe('error.order.already-confirmed')
    expect((await client.get('/orders/FY00000000000000')).body.errorCode).toBe('error.order.not-found')
  })

  it('requires an address for registered mail', async () => {
    const later = await findShow(client, (s) => s.venue === 'Grand Theatre' && isOnSale(s) && Date.parse(s.showDate) - clock > 8 * 86_400_000)
    const section = (await sectionsOf(client, later.productId))[0]!
    const ids = idsOf(await hotShow(1, section, later.productId))
    const methods = (await client.post('/cart/deliverymethods', [{ productId: later.productId }])).body as any[]
    const mail = methods.find((m) => m.code === 'REGISTERED_MAIL')
    const total = (await price(later.productId, section.priceCategoryId, [['A', 1]])) + mail.charge.amount
    const item = { productId: later.productId, seatSectionId: section.seatSectionId, priceCatId: section.priceCategoryId, mode: 'HS', inventoryIdList: ids, priceClassList: [{ priceClassCode: 'A', quantity: 1 }] }
    const noAddress = await order([item], total, { deliveryMethodCode: 'REGISTERED_MAIL' })
    expect(noAddress.body.errorCode).toBe('error.order.delivery-address.required')
    const address = { addressLine1: '1 Esplanade Drive', postalCode: '038981', country: 'SG' }
    const ok = await order([item], total, { deliveryMethodCode: 'REGISTERED_MAIL', deliveryAddress: address })
    expect(ok.body.deliveryCharge.amount).toBe(mail.charge.amount)
  })
})
