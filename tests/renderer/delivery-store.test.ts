import { deliveryAddressSchema, orderRequestSchema, type DeliveryMethod } from '@contract'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { ADDRESS_MAX_LENGTH, deliveryAddressOf, emptyAddress, type AddressForm } from '../../renderer/src/cart/delivery-address'
import { useDeliveryStore } from '../../renderer/src/stores/delivery'

/**
 * How the tickets reach the customer, a store of its own: the address is
 * checked with the contract's schema and limits, so the screen refuses exactly
 * the addresses main would refuse (it kept a second copy of the rules, with no
 * limits, and let through an order main then refused as invalid).
 */
beforeEach(() => setActivePinia(createPinia()))

const mail = { code: 'REGISTERED_MAIL', order: 3, addressRequired: true } as DeliveryMethod
const methods = [mail, { code: 'ETICKET', order: 2, addressRequired: false }, { code: 'PRINT_ON_SITE', order: 1, addressRequired: false }] as DeliveryMethod[]
const good: AddressForm = { addressLine1: '1 Esplanade Drive', addressLine2: '', postalCode: '038981', country: 'SG' }
const limit = (field: 'addressLine1' | 'postalCode' | 'country') => deliveryAddressSchema.shape[field].maxLength!

/** What main makes of the address the order would carry (the order request's own schema). */
const mainTakes = (form: AddressForm) => orderRequestSchema.shape.deliveryAddress.safeParse(deliveryAddressOf(form)).success

describe('the delivery address', () => {
  it("refuses a postal code, street or country longer than the contract's limit, and takes one at the limit", () => {
    const delivery = useDeliveryStore()
    delivery.offer(methods)
    delivery.code = mail.code
    for (const field of ['postalCode', 'addressLine1', 'country'] as const) {
      delivery.address = { ...good, [field]: 'A'.repeat(limit(field) + 1) }
      expect(delivery.addressComplete, `${field} over the limit`).toBe(false)
      expect(delivery.complete).toBe(false)
      delivery.address = { ...good, [field]: 'A'.repeat(limit(field)) }
      expect(delivery.addressComplete, `${field} at the limit`).toBe(true)
      expect(delivery.complete).toBe(true)
    }
  })

  it('refuses exactly what main would refuse', () => {
    const delivery = useDeliveryStore()
    const forms: AddressForm[] = [
      good,
      emptyAddress(),
      { ...good, addressLine1: '   ' },
      { ...good, postalCode: ' ' },
      { ...good, country: ' S ' },
      { ...good, addressLine2: '  #02-01  ' },
      { ...good, addressLine2: 'x'.repeat(256) },
      { ...good, postalCode: ` ${'1'.repeat(20)} ` },
      { ...good, postalCode: '1'.repeat(21) },
      { ...good, country: 'C'.repeat(61) },
    ]
    for (const form of forms) {
      delivery.address = form
      expect(delivery.addressComplete, JSON.stringify(form)).toBe(mainTakes(form))
    }
  })

  it("gives the screen's fields the contract's lengths", () => {
    expect(ADDRESS_MAX_LENGTH).toEqual({ addressLine1: 255, addressLine2: 255, postalCode: 20, country: 60 })
    expect(ADDRESS_MAX_LENGTH.postalCode).toBe(limit('postalCode'))
  })

  it('is asked for only where the method posts the tickets', () => {
    const delivery = useDeliveryStore()
    delivery.offer(methods)
    expect(delivery.code).toBe('PRINT_ON_SITE')
    expect(delivery.complete).toBe(true)
    delivery.code = mail.code
    expect(delivery.complete).toBe(false)
    delivery.address = { ...good }
    expect(delivery.complete).toBe(true)
  })
})

describe('the methods and the e-mail', () => {
  it("lists the methods in the vendor's order, printed here chosen first, and keeps a choice still offered", () => {
    const delivery = useDeliveryStore()
    delivery.offer(methods)
    expect(delivery.methods.map((m) => m.code)).toEqual(['PRINT_ON_SITE', 'ETICKET', 'REGISTERED_MAIL'])
    delivery.code = 'ETICKET'
    delivery.offer(methods.slice(1))
    expect(delivery.code).toBe('ETICKET')
    delivery.offer([mail])
    expect(delivery.code).toBe(mail.code)
  })

  it('needs the e-mail twice for e-tickets, and sends none for tickets printed here', () => {
    const delivery = useDeliveryStore()
    delivery.offer(methods)
    delivery.email = 'mei.tan@example.com'
    expect(delivery.patronEmail).toBe('')
    delivery.code = 'ETICKET'
    expect(delivery.emailProblem).toBe('mismatch')
    expect(delivery.complete).toBe(false)
    delivery.emailRepeat = 'MEI.TAN@example.com'
    expect(delivery.complete).toBe(true)
    expect(delivery.patronEmail).toBe('mei.tan@example.com')
  })

  it("refuses an e-mail the order's own schema would refuse, so main never sees it as an invalid order", () => {
    const delivery = useDeliveryStore()
    delivery.offer(methods)
    delivery.code = 'ETICKET'
    const mainTakesEmail = (email: string) => orderRequestSchema.shape.patron.shape.email.safeParse(email).success
    for (const email of ['mei@example.c', 'mei..tan@example.com', '.mei@example.com', 'mei@-example.com', 'mei.tan@example.com', 'MEI.TAN@example.com.sg']) {
      delivery.email = ` ${email} `
      delivery.emailRepeat = email
      expect(delivery.emailProblem === null, email).toBe(mainTakesEmail(email))
    }
    delivery.code = 'BOX_OFFICE_COLLECTION'
    delivery.email = 'mei@example.c'
    expect(delivery.emailProblem).toBe('malformed')
  })

  it('forgets everything for the next customer', () => {
    const delivery = useDeliveryStore()
    delivery.offer(methods)
    delivery.code = mail.code
    delivery.address = { ...good }
    delivery.email = 'mei.tan@example.com'
    delivery.clear()
    expect([delivery.methods, delivery.code, delivery.address, delivery.email, delivery.emailRepeat]).toEqual([[], null, emptyAddress(), '', ''])
  })
})
