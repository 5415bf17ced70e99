import { describe, expect, it } from 'vitest'
import { readEventShows, readOrder, readPriceClasses, readSeatOffer, readSectionAvailability } from '../../../electron/api/reader'
import { expectShapeError } from './reader-expect'

/**
 * What a refusal says: the resource, the path and the problem in fixed words,
 * for the zod schemas' own issues as well as the tolerant scalars' and the
 * refinements'. A variant answer (a wrapper or a bare list) is refused where
 * it went wrong, not for being in neither shape.
 */

const words = (read: () => unknown, resource: string, path: string) => expectShapeError(read, resource, path).message

describe('the words of a refused answer', () => {
  it('says a field is missing, or not of a type Foyer can use', () => {
    const show = { productId: 1, showTitle: 'Evening', showDate: '2026-12-01T19:30:00+08:00' }
    expect(words(() => readEventShows({ showTimingList: [show, { ...show, productId: undefined }] }), 'event shows', 'showTimingList[1].productId')).toBe(
      'Unreadable event shows answer: showTimingList[1].productId is missing',
    )
    expect(words(() => readEventShows({ showTimingList: [{ ...show, productId: 'one' }] }), 'event shows', 'showTimingList[0].productId')).toMatch(/ is not a number$/)
    expect(words(() => readEventShows({ showTimingList: [{ ...show, productId: 1.5 }] }), 'event shows', 'showTimingList[0].productId')).toMatch(/ is not an integer$/)
    expect(words(() => readEventShows({ showTimingList: [{ ...show, showTitle: { text: 'Evening' } }] }), 'event shows', 'showTimingList[0].showTitle')).toMatch(/ is not a string$/)
    expect(words(() => readEventShows({ showTimingList: 'none' }), 'event shows', 'showTimingList')).toMatch(/ is not a list$/)
    expect(words(() => readEventShows('none'), 'event shows', '')).toBe('Unreadable event shows answer: the answer is not an object')
  })

  it('says what a refinement found: a fraction of a cent, a part that is not a number, an unknown order status', () => {
    const priceClass = { priceClassId: 1, priceClassCode: 'A', priceValueAmount: { amount: 10.505, currency: 'SGD' } }
    expect(words(() => readPriceClasses([priceClass]), 'price classes', '[0].priceValueAmount.amount')).toMatch(/ is not a whole number of cents$/)
    const seat = { inventoryId: 1, topLeftCoordinates: '0,0', coordinates: '1,2,x' }
    expect(words(() => readSeatOffer({ setsReservedList: [{ setsReserved: [seat] }] }), 'seat offer', 'setsReservedList[0].setsReserved[0].coordinates')).toMatch(
      / has a part that is not a number$/,
    )
    expect(words(() => readOrder({ orderId: 1, transactionReferenceNumber: 'R', orderStatus: 'REFUNDED' }), 'order', 'orderStatus')).toMatch(
      / is not one of the documented values$/,
    )
  })

  it('refuses a variant answer where it went wrong: inside the wrapper it carries, or at the wrapper it lacks', () => {
    const entry = { seatSectionId: 1, seatSectionAvailability: 1 }
    expect(words(() => readSectionAvailability({ seatAvailabilityList: [entry, { seatSectionAvailability: 1 }] }), 'section availability', 'seatAvailabilityList[1].seatSectionId')).toMatch(/ is missing$/)
    expect(words(() => readSectionAvailability([entry, { ...entry, seatSectionAvailability: 'none' }]), 'section availability', '[1].seatSectionAvailability')).toMatch(/ is not a number$/)
    expect(words(() => readSectionAvailability({}), 'section availability', 'seatAvailibilityList')).toMatch(/ is missing$/)
    expect(words(() => readSectionAvailability('none'), 'section availability', '')).toMatch(/ is in none of the documented shapes$/)
  })
})
