import { describe, expect, it } from 'vitest'
import { orderSchema, priceClassSchema } from '../../../electron/contract/model'
import { readDeliveryMethods, readOrder, readOverview, readPaymentMethods, readPriceClasses, readSeatOffer } from '../../../electron/api/reader'
import { expectShapeError } from './reader-expect'

/** Hand-written answers for ticket types, delivery and payment methods, orders; and the reader's speed. */

const sgd = (amount: number) => ({ amount, currency: 'SGD', formatted: `S$${amount.toFixed(2)}` })
const priceClass = (fields: Record<string, unknown> = {}) => ({
  priceClassId: 7001, priceClassCode: 'A', priceClassAlias: 'Standard', priceValueAmount: sgd(50), availableQty: '1,2,3',
  passwordRequired: 0, feeList: [{ code: 'BOOKING_FEE', charge: sgd(4) }], ...fields,
})

describe('price classes', () => {
  it('reads a bare list and the priceClassList wrapper alike (passwordRequired / passwordRequire, currency 702)', () => {
    const a = readPriceClasses([priceClass(), priceClass({ priceClassId: 7002, priceClassCode: 'CORP', passwordRequired: 1 })])
    const b = readPriceClasses({
      priceClassList: [
        priceClass({ passwordRequired: undefined, passwordRequire: 0, priceValueAmount: { amount: 50, currency: 702, formatted: 'S$50.00' } }),
        priceClass({ priceClassId: 7002, priceClassCode: 'CORP', passwordRequired: undefined, passwordRequire: true }),
      ],
    })
    for (const c of a) priceClassSchema.parse(c)
    expect(b).toEqual(a)
    expect(a[0]).toEqual({ priceClassId: 7001, code: 'A', alias: 'Standard', unitPrice: sgd(50), quantities: [1, 2, 3], passwordRequired: false, fees: [{ code: 'BOOKING_FEE', charge: sgd(4) }] })
    expect(a[1]!.passwordRequired).toBe(true)
  })

  it('reads passwordRequired as 0/1 or a boolean, absent as false', () => {
    const flags: [unknown, boolean][] = [[0, false], [1, true], [false, false], [true, true], ['1', true], [null, false], [undefined, false]]
    for (const [value, flag] of flags) expect(readPriceClasses([priceClass({ passwordRequired: value })])[0]!.passwordRequired).toBe(flag)
    expectShapeError(() => readPriceClasses([priceClass({ passwordRequired: 2 })]), 'price classes', '[0].passwordRequired')
  })

  it('reads availableQty as numbers: spaces tolerated, empties dropped', () => {
    const quantities = (availableQty: unknown) => readPriceClasses([priceClass({ availableQty })])[0]!.quantities
    expect(quantities('2, 4,6 ,8')).toEqual([2, 4, 6, 8])
    expect(quantities('1,,2,')).toEqual([1, 2])
    expect(quantities('5')).toEqual([5])
    expect(quantities('')).toEqual([])
    expect(quantities(null)).toEqual([])
    expect(quantities(undefined)).toEqual([])
  })

  it('refuses availableQty parts that are not positive whole numbers', () => {
    for (const availableQty of ['1,two,3', '1;2', '0', '1.5', '-2']) {
      expectShapeError(() => readPriceClasses([priceClass(), priceClass({ availableQty })]), 'price classes', '[1].availableQty', ['two'])
    }
  })

  it('reads an empty list (the older back end\'s failure answer) as [], fees absent as []', () => {
    expect(readPriceClasses([])).toEqual([])
    expect(readPriceClasses({ priceClassList: [] })).toEqual([])
    expect(readPriceClasses([priceClass({ feeList: null, priceClassAlias: undefined })])[0]).toMatchObject({ fees: [], alias: null })
  })

  it('refuses price classes without their keys or price', () => {
    expectShapeError(() => readPriceClasses({}), 'price classes', 'priceClassList')
    expectShapeError(() => readPriceClasses(null), 'price classes', '')
    expectShapeError(() => readPriceClasses([priceClass({ priceClassId: undefined })]), 'price classes', '[0].priceClassId')
    expectShapeError(() => readPriceClasses([priceClass({ priceClassCode: null })]), 'price classes', '[0].priceClassCode')
    expectShapeError(() => readPriceClasses([priceClass({ priceValueAmount: undefined })]), 'price classes', '[0].priceValueAmount')
    expectShapeError(() => readPriceClasses([priceClass({ feeList: [{ code: 'FEE', charge: { currency: 'SGD' } }] })]), 'price classes', '[0].feeList[0].charge.amount')
  })
})

describe('delivery and payment methods', () => {
  const method = (code: string, order: unknown, fields: Record<string, unknown> = {}) => ({ code, charge: sgd(0), order, addressRequired: false, feeWaived: false, ...fields })

  it('reads delivery methods sorted by order; feeWaived absent as its documented default, false', () => {
    const read = readDeliveryMethods([method('MAIL', 3, { charge: { amount: 5, currency: 702 }, addressRequired: true }), method('ETICKET', 1, { feeWaived: undefined }), method('BOX', '2')])
    expect(read).toEqual([
      { code: 'ETICKET', charge: sgd(0), order: 1, addressRequired: false, feeWaived: false },
      { code: 'BOX', charge: sgd(0), order: 2, addressRequired: false, feeWaived: false },
      { code: 'MAIL', charge: sgd(5), order: 3, addressRequired: true, feeWaived: false },
    ])
  })

  it('refuses delivery methods without code, charge, order or addressRequired', () => {
    expectShapeError(() => readDeliveryMethods([method('A', 1), { charge: sgd(0), order: 2, addressRequired: false }]), 'delivery methods', '[1].code')
    expectShapeError(() => readDeliveryMethods([method('A', 1, { charge: null })]), 'delivery methods', '[0].charge')
    expectShapeError(() => readDeliveryMethods([method('A', undefined)]), 'delivery methods', '[0].order')
    expectShapeError(() => readDeliveryMethods([method('A', 1, { addressRequired: undefined })]), 'delivery methods', '[0].addressRequired')
    expectShapeError(() => readDeliveryMethods({ deliveryMethodList: [] }), 'delivery methods', '')
  })

  it('reads paymentMethodList', () => {
    expect(readPaymentMethods({ paymentMethodList: ['VISA', 'MASTERCARD', 'NETS'], other: 1 })).toEqual(['VISA', 'MASTERCARD', 'NETS'])
    expect(readPaymentMethods({ paymentMethodList: [] })).toEqual([])
    expectShapeError(() => readPaymentMethods({}), 'payment methods', 'paymentMethodList')
    expectShapeError(() => readPaymentMethods({ paymentMethodList: ['VISA', null] }), 'payment methods', 'paymentMethodList[1]')
  })
})

describe('order', () => {
  const pending = (fields: Record<string, unknown> = {}) => ({
    orderId: 70000001, transactionReferenceNumber: 'FY20260302000001', orderStatus: 'PENDING_PAYMENT', patronAccountNo: 1000001, amountToBePaid: sgd(108),
    reservedTime: 't0', expirationTime: 't1', deliveryMethodCode: 'ETICKET', deliveryCharge: { amount: 0, currency: 702 }, paymentMethodCode: 'VISA',
    cartItemList: [
      {
        productId: 10003, showTitle: 'Show', showDate: 'd', seatSectionId: 2002, seatSectionAlias: 'Stalls', priceCatId: 500001, priceCatAlias: 'CAT 1', mode: 'BA', quantity: 2,
        seatList: [{ inventoryId: 1000300101, seatRowAlias: 'C', seatAlias: '14' }, { inventoryId: 1000300102, seatRowAlias: 'C', seatAlias: '15' }],
        priceClassList: [{ priceClassCode: 'A', priceClassAlias: 'Standard', quantity: 2, unitPrice: sgd(50), feeList: [{ code: 'BOOKING_FEE', charge: sgd(4) }] }],
        subtotal: sgd(108),
      },
    ],
    ...fields,
  })

  it('reads a pending order: transactionReferenceNumber as reference, no tickets, no confirmation', () => {
    const read = readOrder(pending())
    orderSchema.parse(read)
    expect(read).toMatchObject({ orderId: 70000001, reference: 'FY20260302000001', status: 'PENDING_PAYMENT', deliveryCharge: sgd(0), tickets: [], confirmedTime: null, paymentReference: null })
    expect(read.items[0]).toMatchObject({ sectionId: 2002, priceCategoryId: 500001, priceCategoryAlias: 'CAT 1', seats: [{ inventoryId: 1000300101, row: 'C', seat: '14' }, { inventoryId: 1000300102, row: 'C', seat: '15' }] })
    expect(read.items[0]!.lines).toEqual([{ priceClassCode: 'A', priceClassAlias: 'Standard', quantity: 2, unitPrice: sgd(50), fees: [{ code: 'BOOKING_FEE', charge: sgd(4) }] }])
    expect(readOrder(pending({ cartItemList: undefined, patronAccountNo: null, deliveryCharge: undefined }))).toMatchObject({ items: [], patronAccountNo: null, deliveryCharge: null })
  })

  it('reads a confirmed order with its tickets', () => {
    const ticket = { ticketNumber: 'FY20260302000001-01', barcode: '0123456789012345', productId: 10003, seatSectionAlias: 'Stalls', seatRowAlias: 'C', seatAlias: '14', inventoryId: 1000300101, priceClassCode: 'A' }
    const read = readOrder(pending({ orderStatus: 'CONFIRMED', confirmedTime: 't2', paymentReference: 'PAY-1', amountPaid: sgd(108), tickets: [ticket, { ...ticket, inventoryId: null, seatRowAlias: null }] }))
    orderSchema.parse(read)
    expect(read.tickets[0]).toEqual({ ticketNumber: 'FY20260302000001-01', barcode: '0123456789012345', productId: 10003, sectionAlias: 'Stalls', row: 'C', seat: '14', inventoryId: 1000300101, priceClassCode: 'A' })
    expect(read.tickets[1]).toMatchObject({ inventoryId: null, row: null })
    expectShapeError(() => readOrder(pending({ tickets: [{ ...ticket, barcode: 1234567890123456 }] })), 'order', 'tickets[0].barcode', ['1234567890123456'])
  })

  it('refuses an order without its keys or amounts, or with an unknown status, quoting nothing', () => {
    expectShapeError(() => readOrder(pending({ transactionReferenceNumber: undefined })), 'order', 'transactionReferenceNumber')
    expectShapeError(() => readOrder(pending({ orderStatus: 'REFUNDED' })), 'order', 'orderStatus', ['REFUNDED'])
    expectShapeError(() => readOrder(pending({ amountToBePaid: { currency: 'SGD', formatted: 'S$108.00' } })), 'order', 'amountToBePaid.amount', ['108'])
    const item = pending().cartItemList[0]!
    expectShapeError(() => readOrder(pending({ cartItemList: [{ ...item, subtotal: { amount: 1 } }] })), 'order', 'cartItemList[0].subtotal.currency')
    expectShapeError(() => readOrder(pending({ cartItemList: [{ ...item, seatList: [{ seatAlias: '14' }] }] })), 'order', 'cartItemList[0].seatList[0].inventoryId')
    expectShapeError(() => readOrder(pending({ cartItemList: [{ ...item, mode: undefined }] })), 'order', 'cartItemList[0].mode')
    expect(readOrder(pending({ cartItemList: [{ ...item, mode: '' }] })).items[0]!.mode).toBe('')
  })
})

describe('the largest answers', () => {
  // A large overview (100 sections) and a large 3D offer (600 seats), as the sandbox's biggest venues answer.
  const bigOverview = {
    mode: 'HS', interactive: 1, imageAvailable: 1, imageURL: 'images/o.svg',
    seatSectionList: Array.from({ length: 10 }, (_, c) => ({
      priceCatAlias: `CAT ${c + 1}`, priceCatAmount: sgd(100 - c),
      SeatLevel: Array.from({ length: 10 }, (_, s) => ({
        seatSectionId: 3000 + c * 10 + s, seatSectionAlias: `S${s}`, priceCategoryNum: c + 1, priceCategoryId: 500001 + c, price: sgd(100 - c),
        coordinatesList: ['100,100,300,100,320,240,80,240,60,180'],
      })),
    })),
  }
  const seat = (i: number) => ({
    inventoryId: 1000300000 + i, seatRowAlias: String.fromCharCode(65 + Math.floor(i / 30)), seatAlias: String(i % 30), seatType: 1,
    topLeftCoordinates: `${(i % 30) * 20},${Math.floor(i / 30) * 22}`, seatAngle: '3.5', coordinates: '101.2,198.7,119.7,202.8,115.6,221.3,97.1,217.2',
  })
  const bigOffer = {
    reservedTime: 't', imageAvailable: 1, imageURL: 'images/3d.svg', sectionAlias: 'Stalls',
    setsReservedList: [{ setsReserved: [seat(0), seat(1)] }, { setsReserved: [seat(2), seat(3)] }],
    seatsAvailableList: Array.from({ length: 400 }, (_, i) => seat(4 + i)),
    seatsUnavailableList: Array.from({ length: 196 }, (_, i) => ({ topLeftCoordinates: seat(404 + i).topLeftCoordinates, seatAngle: '3.5', coordinates: seat(0).coordinates })),
  }

  // How fast: `npm run bench:client` prints each reader's time on the sandbox's answers (a Hot Show offer
  // among them). A test asserting a time failed on a busy machine while the reading took no longer (#35).
  it('reads a 100-section overview and a 600-seat offer whole', () => {
    expect(readOverview(bigOverview)!.sections).toHaveLength(100)
    const offer = readSeatOffer(bigOffer)
    expect(offer.available).toHaveLength(400)
    expect(offer.unavailable).toHaveLength(196)
  })
})
