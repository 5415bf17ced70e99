import type { DeliveryMethod, Show } from '@contract'
import { describe, expect, it } from 'vitest'
import type { CartLine } from '../../renderer/src/cart/cart-line'
import { orderRequestFor, type Basket } from '../../renderer/src/cart/order-request'

/** The order request is a pure function of the basket: what goes to main, read without a store. */
const line = (over: Partial<CartLine> = {}): CartLine => ({
  id: 1,
  eventCode: 'EV1',
  show: { productId: 42 } as Show,
  sectionId: 7,
  sectionAlias: null,
  levelAlias: null,
  priceCategoryId: 3,
  priceCategoryAlias: null,
  mode: 'SP',
  seats: [],
  quantity: 2,
  priceClasses: [],
  tickets: { A: 2 },
  ...over,
})
const posted = { code: 'POST', addressRequired: true } as DeliveryMethod
const basket = (over: Partial<Basket> = {}): Basket => ({
  lines: [line({ mode: '' })],
  delivery: posted,
  paymentCode: 'VISA',
  optionsComplete: true,
  address: { addressLine1: ' 1 Esplanade Dr ', addressLine2: '  ', postalCode: ' 038981 ', country: 'SG' },
  patronEmail: '',
  totalCents: 12_345,
  ...over,
})

describe('the order request', () => {
  it("is the basket's lines, delivery with the trimmed address, payment and total; an anonymous sale goes under the box office", () => {
    const order = orderRequestFor(basket(), 'boxoffice@venue.example')
    expect(order).toMatchObject({
      patron: { email: 'boxoffice@venue.example' },
      items: [{ productId: 42, sectionId: 7, priceCategoryId: 3, mode: '', quantity: 2, lines: [{ priceClassCode: 'A', quantity: 2 }] }],
      deliveryMethodCode: 'POST',
      deliveryAddress: { addressLine1: '1 Esplanade Dr', postalCode: '038981', country: 'SG' },
      paymentMethodCode: 'VISA',
    })
    expect(order?.deliveryAddress).not.toHaveProperty('addressLine2')
  })

  it('is nothing while the basket is empty or a choice is missing', () => {
    expect(orderRequestFor(basket({ lines: [] }), 'b@x.example')).toBeNull()
    expect(orderRequestFor(basket({ paymentCode: null }), 'b@x.example')).toBeNull()
    expect(orderRequestFor(basket({ optionsComplete: false }), 'b@x.example')).toBeNull()
  })

  it("names the customer's own e-mail when given", () => {
    expect(orderRequestFor(basket({ patronEmail: 'ann@example.com' }), 'b@x.example')?.patron.email).toBe('ann@example.com')
  })
})
