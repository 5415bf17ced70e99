import { describe, expect, it } from 'vitest'
import { overviewSeatMapSchema, seatOfferSchema } from '../../../electron/contract/model'
import { readOverview, readRelease, readSeatOffer, readSectionAvailability } from '../../../electron/api/reader'
import { expectShapeError } from './reader-expect'

/** Hand-written answers for seat maps, section availability, seat offers and release. */

const sgd = (amount: number) => ({ amount, currency: 'SGD', formatted: `S$${amount.toFixed(2)}` })
const level = (fields: Record<string, unknown> = {}) => ({
  seatLevelAlias: 'L1', seatSectionId: 2001, seatSectionAlias: 'Stalls', seatSectionType: 'RS', seatEntrance: 'Door A',
  priceCategoryNum: 1, priceCategoryId: 500001, price: sgd(120), redeem: false, coordinatesList: ['0,0,10,0,10,10'], ...fields,
})
const overview = (seatSectionList: unknown[], fields: Record<string, unknown> = {}) => ({
  hideStandardPrice: 0, imageAvailable: 1, interactive: 1, mode: 'BA', imageURL: 'images/o.svg', groupBookingMode: 0, isMembership: 0, seatSectionList, ...fields,
})

describe('overview seat map', () => {
  it('reads an empty or null answer (no seat-map data) as null', () => {
    for (const raw of [null, undefined, '', {}]) expect(readOverview(raw)).toBeNull()
  })

  it('reads SeatLevel and seatLevel alike; one category per entry; sections flattened', () => {
    const entries = (key: string) => [
      { priceCatAlias: 'CAT 1', priceCatAmount: sgd(120), [key]: [level(), level({ seatSectionId: 2002, seatSectionAlias: 'Circle' })] },
      { priceCatAlias: 'CAT 2', priceCatAmount: { amount: 80, currency: 702 }, [key]: [level({ seatSectionId: 2003, priceCategoryNum: 2, priceCategoryId: 500002, price: { amount: '80', currency: 702 } })] },
    ]
    const a = readOverview(overview(entries('SeatLevel')))!
    const b = readOverview(overview(entries('seatLevel'), { imageURL: '/images/o.svg', interactive: true, hideStandardPrice: '0' }))!
    overviewSeatMapSchema.parse(a)
    expect(b).toEqual(a)
    expect(a).toMatchObject({ mode: 'BA', interactive: true, imageAvailable: true, imagePath: 'images/o.svg', hideStandardPrice: false })
    expect(a.categories).toEqual([
      { priceCategoryId: 500001, alias: 'CAT 1', num: 1, colour: '#FECD84', amount: sgd(120) },
      { priceCategoryId: 500002, alias: 'CAT 2', num: 2, colour: '#A5C7F5', amount: sgd(80) },
    ])
    expect(a.sections.map((s) => s.sectionId)).toEqual([2001, 2002, 2003])
    expect(a.sections[0]).toEqual({
      sectionId: 2001, sectionAlias: 'Stalls', levelAlias: 'L1', sectionType: 'RS', entrance: 'Door A', priceCategoryId: 500001, price: sgd(120), outlines: [[0, 0, 10, 0, 10, 10]],
    })
  })

  it('colours a category without a number, or out of range, grey; leaves out a category with no sections', () => {
    const read = readOverview(overview([
      { priceCatAlias: 'A', SeatLevel: [level({ priceCategoryNum: null })] },
      { priceCatAlias: 'B', SeatLevel: [level({ priceCategoryNum: 25, priceCategoryId: 500002 })] },
      { priceCatAlias: 'Empty', SeatLevel: [] },
      { priceCatAlias: 'None' },
    ]))!
    expect(read.categories.map((c) => [c.alias, c.num, c.colour, c.amount])).toEqual([['A', null, '#B0B0B0', null], ['B', 25, '#B0B0B0', null]])
  })

  it('reads coordinatesList outlines: spaces tolerated, empty entries skipped; nullable fields null', () => {
    const read = readOverview(overview([{ SeatLevel: [level({ coordinatesList: ['1,2,3,4', '', ' 5 , 6 ,7,8 ,', null]}), level({ coordinatesList: null, seatSectionAlias: undefined, seatEntrance: null })] }], { mode: null, imageURL: null }))!
    expect(read.sections.map((s) => s.outlines)).toEqual([[[1, 2, 3, 4], [5, 6, 7, 8]], []])
    expect(read.sections[1]).toMatchObject({ sectionAlias: null, entrance: null })
    expect(read).toMatchObject({ mode: null, imagePath: null })
    expect(readOverview({ mode: 'GA' })).toEqual({ mode: 'GA', interactive: false, imageAvailable: false, imagePath: null, hideStandardPrice: false, categories: [], sections: [] })
  })

  it('refuses non-numbers in coordinates, and sections without their keys or price', () => {
    expectShapeError(() => readOverview(overview([{ SeatLevel: [level(), level({ coordinatesList: ['1,2', '3,x4'] })] }])), 'overview seat map', 'seatSectionList[0].SeatLevel[1].coordinatesList[1]', ['x4'])
    expectShapeError(() => readOverview(overview([{ seatLevel: [level({ seatSectionId: undefined })] }])), 'overview seat map', 'seatSectionList[0].seatLevel[0].seatSectionId')
    expectShapeError(() => readOverview(overview([{ SeatLevel: [level({ priceCategoryId: 'cat' })] }])), 'overview seat map', 'seatSectionList[0].SeatLevel[0].priceCategoryId', ['cat'])
    expectShapeError(() => readOverview(overview([{ SeatLevel: [level({ price: undefined })] }])), 'overview seat map', 'seatSectionList[0].SeatLevel[0].price')
    expectShapeError(() => readOverview(overview([{ SeatLevel: [level({ price: { currency: 'SGD' } })] }])), 'overview seat map', 'seatSectionList[0].SeatLevel[0].price.amount')
    expectShapeError(() => readOverview('not json'), 'overview seat map', '', ['not json'])
  })
})

describe('section availability', () => {
  const entries = [
    { seatSectionId: 1, priceCategoryId: 500001, seatSectionAvailability: 0 },
    { seatSectionId: 2, priceCategoryId: 500001, seatSectionAvailability: 1 },
    { seatSectionId: 3, seatSectionAvailability: 2, extra: 'x' },
    { seatSectionId: 4, priceCategoryId: null, seatSectionAvailability: '3' },
    { seatSectionId: 5, priceCategoryId: 500002, seatSectionAvailability: 9 },
  ]

  it('reads a bare list, seatAvailibilityList and seatAvailabilityList alike', () => {
    const read = readSectionAvailability(entries)
    expect(read.map((s) => [s.sectionId, s.priceCategoryId, s.code, s.availability])).toEqual([
      [1, 500001, 0, 'sold-out'], [2, 500001, 1, 'available'], [3, null, 2, 'limited'], [4, null, 3, 'single-seat'], [5, 500002, 9, 'unknown'],
    ])
    expect(readSectionAvailability({ seatAvailibilityList: entries })).toEqual(read)
    expect(readSectionAvailability({ seatAvailabilityList: entries })).toEqual(read)
    expect(readSectionAvailability([])).toEqual([])
  })

  it('refuses a wrapper without the list and entries without their keys', () => {
    expectShapeError(() => readSectionAvailability({}), 'section availability', 'seatAvailibilityList')
    expectShapeError(() => readSectionAvailability([{ seatSectionId: 1 }]), 'section availability', '[0].seatSectionAvailability')
    expectShapeError(() => readSectionAvailability({ seatAvailabilityList: [entries[0], { seatSectionAvailability: 1 }] }), 'section availability', 'seatAvailabilityList[1].seatSectionId')
  })
})

describe('seat offer', () => {
  const seat3d = (inventoryId: number, fields: Record<string, unknown> = {}) => ({
    inventoryId, seatRowAlias: 'C', seatAlias: String(inventoryId % 100), seatType: 1, topLeftCoordinates: '100,200', seatAngle: '12.5',
    coordinates: '101.2,198.7,119.7,202.8,115.6,221.3,97.1,217.2', isGroupBookingReserved: false, ...fields,
  })
  const offer = (fields: Record<string, unknown> = {}) => ({
    reservedTime: '2026-03-02T09:00:00+08:00', expirationTime: '2026-03-02T09:15:00+08:00', imageAvailable: 1, imageURL: 'images/3d.svg', sectionAlias: 'Stalls',
    setsReservedList: [{ setsReserved: [seat3d(1000300101), seat3d(1000300102)] }, { setsReserved: [seat3d(1000300201)] }],
    seatsAvailableList: [seat3d(1000300301, { isGroupBookingReserved: undefined })],
    seatsUnavailableList: [{ topLeftCoordinates: '1,2', seatAngle: 0, coordinates: '1,2,3,4' }],
    groupBookingSeatList: [], overlayImagePath: null, seatSelectedType: 'BA', viewFromSeatAvailable: 0, ...fields,
  })

  it('reads an HS answer of {} as an offer of no sets', () => {
    expect(readSeatOffer({})).toEqual({ reservedTime: null, expirationTime: null, imageAvailable: false, imagePath: null, sectionAlias: null, sets: [], available: [], unavailable: [] })
  })

  it('reads setsReservedList[].setsReserved[] as sets, with 3D geometry; seatAngle as text or number', () => {
    const read = readSeatOffer(offer())
    seatOfferSchema.parse(read)
    expect(read.sets.map((set) => set.map((s) => s.inventoryId))).toEqual([[1000300101, 1000300102], [1000300201]])
    expect(read.sets[0]![0]).toEqual({
      inventoryId: 1000300101, row: 'C', seat: '1', seatType: 1,
      geometry: { x: 100, y: 200, angle: 12.5, outline: [101.2, 198.7, 119.7, 202.8, 115.6, 221.3, 97.1, 217.2] },
    })
    expect(read.available[0]!.geometry!.angle).toBe(12.5)
    expect(read.unavailable).toEqual([{ x: 1, y: 2, angle: 0, outline: [1, 2, 3, 4] }])
    const numeric = readSeatOffer(offer({ imageURL: '/images/3d.svg', setsReservedList: [{ setsReserved: [seat3d(1000300101, { seatAngle: 12.5 }), seat3d(1000300102, { seatAngle: 12.5 })] }, { setsReserved: [seat3d(1000300201, { seatAngle: 12.5 })] }] }))
    expect(numeric).toEqual(read)
  })

  it('reads 2D seats without coordinates with geometry null; expirationTime absent as null', () => {
    const twoD = (inventoryId: number) => ({ inventoryId, seatRowAlias: 'A', seatAlias: '1', seatType: 2, isGroupBookingReserved: false })
    const read = readSeatOffer(offer({ expirationTime: undefined, setsReservedList: [{ setsReserved: [twoD(1), twoD(2)] }], seatsAvailableList: [], seatsUnavailableList: [] }))
    seatOfferSchema.parse(read)
    expect(read.expirationTime).toBeNull()
    expect(read.sets).toEqual([[{ inventoryId: 1, row: 'A', seat: '1', seatType: 2, geometry: null }, { inventoryId: 2, row: 'A', seat: '1', seatType: 2, geometry: null }]])
    // A seat placed without angle or outline keeps its place (angle 0, no outline); an empty set offers nothing.
    const partial = readSeatOffer({ setsReservedList: [{ setsReserved: [{ inventoryId: 3, topLeftCoordinates: ' 4 , 5 ' }] }, { setsReserved: [] }, {}] })
    expect(partial.sets).toEqual([[{ inventoryId: 3, row: null, seat: null, seatType: null, geometry: { x: 4, y: 5, angle: 0, outline: [] } }]])
  })

  it('parses coordinates exactly as Number() does, in every form of a plain decimal', () => {
    // Deterministic pseudo-random decimals: integers, fractions of 1–6 places, signs, long and exponent forms.
    let state = 42
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648
    const parts: string[] = []
    for (let i = 0; i < 2000; i++) {
      const magnitude = (next() * 10 ** Math.floor(next() * 7)).toFixed(Math.floor(next() * 7))
      parts.push(`${next() < 0.3 ? '-' : next() < 0.1 ? '+' : ''}${magnitude}`)
    }
    parts.push('1234567890.1234567', '.5', '7.', '1e3', '-2.5E-2', ' 0 ', '-0', '000012.50')
    const text = parts.join(',')
    const read = readSeatOffer({ setsReservedList: [{ setsReserved: [{ inventoryId: 1, topLeftCoordinates: '0,0', coordinates: text }] }] })
    expect(read.sets[0]![0]!.geometry!.outline).toEqual(parts.map(Number))
    for (const bad of ['0x10', 'Infinity', '1,2e', '-', '.', '1..2', '1 2', '1-2', '\u0661']) {
      expectShapeError(() => readSeatOffer({ setsReservedList: [{ setsReserved: [{ inventoryId: 1, topLeftCoordinates: '0,0', coordinates: bad }] }] }), 'seat offer', 'setsReservedList[0].setsReserved[0].coordinates')
    }
  })

  it('refuses a seat without inventoryId, and unusable coordinates or angles', () => {
    const missing = offer({ setsReservedList: [{ setsReserved: [seat3d(1), seat3d(2, { inventoryId: undefined, seatAlias: 'Jane' })] }] })
    expectShapeError(() => readSeatOffer(missing), 'seat offer', 'setsReservedList[0].setsReserved[1].inventoryId', ['Jane'])
    const bad = (fields: Record<string, unknown>) => () => readSeatOffer(offer({ setsReservedList: [{ setsReserved: [seat3d(1, fields)] }] }))
    expectShapeError(bad({ topLeftCoordinates: '1,2,3' }), 'seat offer', 'setsReservedList[0].setsReserved[0].topLeftCoordinates')
    expectShapeError(bad({ topLeftCoordinates: 'left,top' }), 'seat offer', 'setsReservedList[0].setsReserved[0].topLeftCoordinates', ['left'])
    expectShapeError(bad({ seatAngle: 'tilted' }), 'seat offer', 'setsReservedList[0].setsReserved[0].seatAngle', ['tilted'])
    expectShapeError(bad({ coordinates: '1,2,NaN' }), 'seat offer', 'setsReservedList[0].setsReserved[0].coordinates')
    expectShapeError(() => readSeatOffer(offer({ seatsAvailableList: [{ seatRowAlias: 'A' }] })), 'seat offer', 'seatsAvailableList[0].inventoryId')
    expectShapeError(() => readSeatOffer([]), 'seat offer', '')
  })
})

describe('release', () => {
  it('reads status 0 / "0" as ok and 1 / "1" as failed', () => {
    expect(readRelease({ status: 0, statusMessage: 'Seats released successfully', reservedTime: '2026-03-02T09:00:00+08:00' })).toEqual({ ok: true, message: 'Seats released successfully', reservedTime: '2026-03-02T09:00:00+08:00' })
    expect(readRelease({ status: '0' })).toEqual({ ok: true, message: null, reservedTime: null })
    expect(readRelease({ status: '1', statusMessage: 'Error releasing seats: held by another' })).toEqual({ ok: false, message: 'Error releasing seats: held by another', reservedTime: null })
    expect(readRelease({ status: 1, extra: true }).ok).toBe(false)
  })

  it('refuses any other status', () => {
    for (const status of [2, '2', -1, true, '', ' 0', 'done']) expectShapeError(() => readRelease({ status }), 'release result', 'status', ['done'])
    expectShapeError(() => readRelease({ statusMessage: 'x' }), 'release result', 'status')
    expectShapeError(() => readRelease(null), 'release result', '')
  })
})
