import { describe, expect, it } from 'vitest'
import { eventPageSchema, eventShowsSchema } from '../../../electron/contract/model'
import { neutralCategoryColour, priceCategoryColour, priceCategoryColours } from '../../../electron/contract/palette'
import { readErrorBody, readEventPage, readEventShows, readPriceClasses, readToken } from '../../../electron/api/reader'
import { expectShapeError } from './reader-expect'

/**
 * Hand-written answers for the edge cases of tokens, error bodies, Monetary
 * objects, events and shows: every variant the spec and the vendor notes
 * document, and what must be refused.
 */

const event = (fields: Record<string, unknown> = {}) => ({ internetContentCode: 'FY26TEST', ...fields })
const page = (fields: Record<string, unknown>) => ({ content: [event()], ...fields })

describe('token', () => {
  it('reads the token response: scope split on spaces, expires_in also as text', () => {
    expect(readToken({ access_token: 'a.b.c', token_type: 'bearer', expires_in: '3599', scope: 'tenant  product cart', jti: 'j-1', extra: true })).toEqual({
      accessToken: 'a.b.c', tokenType: 'bearer', expiresIn: 3599, scope: ['tenant', 'product', 'cart'], jti: 'j-1',
    })
    expect(readToken({ access_token: 'a.b.c', token_type: 'bearer', expires_in: 60 })).toMatchObject({ scope: [], jti: null })
  })

  it('refuses a token answer without the token, never quoting it', () => {
    expectShapeError(() => readToken({ token_type: 'bearer', expires_in: 60 }), 'token', 'access_token')
    expectShapeError(() => readToken({ access_token: 'secret.token.value', token_type: 'bearer', expires_in: 'soon' }), 'token', 'expires_in', ['secret.token.value', 'soon'])
    expectShapeError(() => readToken(null), 'token', '')
  })
})

describe('error body', () => {
  it('reads the spec\'s error body; httpStatus as text or number', () => {
    const body = { httpStatus: '400', errorCode: 'error.product.icc.invalid', errorTime: '2026-03-02T09:00:00+08:00', exceptionName: 'ApiException', exceptionCode: 'x', statusMessage: 'Invalid', url: 'u' }
    expect(readErrorBody(body)).toEqual({ httpStatus: 400, errorCode: 'error.product.icc.invalid', statusMessage: 'Invalid', exceptionName: 'ApiException', errorTime: '2026-03-02T09:00:00+08:00' })
    // The generic 500: no errorCode.
    expect(readErrorBody({ httpStatus: 500, statusMessage: 'Internal' })).toEqual({ httpStatus: 500, errorCode: null, statusMessage: 'Internal', exceptionName: null, errorTime: null })
    expect(readErrorBody({ httpStatus: 'bad', errorCode: 7 })).toMatchObject({ httpStatus: null, errorCode: null })
  })

  it('is null for what is not an error body, and never throws', () => {
    for (const raw of [null, undefined, '', 'oops', [], [{ httpStatus: '400' }], { status: '1', statusMessage: 'Error releasing seats' }, { content: [] }]) {
      expect(readErrorBody(raw)).toBeNull()
    }
  })
})

describe('Monetary', () => {
  const priced = (money: Record<string, unknown>) => readPriceClasses([{ priceClassId: 1, priceClassCode: 'A', priceValueAmount: money }])[0]!.unitPrice

  it('reads the currency as a code, or as its ISO numeric code', () => {
    expect(priced({ amount: 12.5, currency: 'SGD', formatted: 'S$12.50' })).toEqual({ amount: 12.5, currency: 'SGD', formatted: 'S$12.50' })
    const byNumber: [number | string, string][] = [[702, 'SGD'], [458, 'MYR'], [344, 'HKD'], [156, 'CNY'], [840, 'USD'], [999, '999'], ['702', 'SGD'], ['myr', 'MYR']]
    for (const [currency, code] of byNumber) expect(priced({ amount: 1, currency, formatted: 'x' }).currency).toBe(code)
  })

  it('makes formatted from the amount when missing; takes amounts given as text', () => {
    expect(priced({ amount: 12.5, currency: 702 })).toEqual({ amount: 12.5, currency: 'SGD', formatted: 'S$12.50' })
    expect(priced({ amount: '8', currency: 'MYR', formatted: null })).toMatchObject({ amount: 8, currency: 'MYR', formatted: expect.stringMatching(/^MYR\s8\.00$/) })
    // Written as the screen and the receipt write money: Intl's form, thousands separator included.
    expect(priced({ amount: ' 1234.5 ', currency: 840 }).formatted).toBe('US$1,234.50')
    expect(priced({ amount: 1234.5, currency: 'SGD' }).formatted).toBe('S$1,234.50')
  })

  it('refuses an amount in fractions of a cent, which Foyer could not charge exactly', () => {
    const sample = (money: Record<string, unknown>) => () => readPriceClasses({ priceClassList: [{ priceClassId: 1, priceClassCode: 'A', priceValueAmount: money }] })
    expectShapeError(sample({ amount: 10.505, currency: 'SGD' }), 'price classes', 'priceClassList[0].priceValueAmount.amount')
  })

  it('refuses money without an amount or currency, or with an unusable one', () => {
    const sample = (money: Record<string, unknown>) => () => readPriceClasses({ priceClassList: [{ priceClassId: 1, priceClassCode: 'A', priceValueAmount: money }] })
    expectShapeError(sample({ currency: 'SGD', formatted: 'S$98.76' }), 'price classes', 'priceClassList[0].priceValueAmount.amount', ['98.76'])
    expectShapeError(sample({ amount: 'twelve', currency: 'SGD' }), 'price classes', 'priceClassList[0].priceValueAmount.amount', ['twelve'])
    expectShapeError(sample({ amount: '0x10', currency: 'SGD' }), 'price classes', 'priceClassList[0].priceValueAmount.amount')
    expectShapeError(sample({ amount: 5 }), 'price classes', 'priceClassList[0].priceValueAmount.currency')
    expectShapeError(sample({ amount: 5, currency: true }), 'price classes', 'priceClassList[0].priceValueAmount.currency')
  })
})

describe('event page', () => {
  it('decodes the HTML-escaped fields once, and nothing else', () => {
    const escaped = '&amp;lt;b&amp;gt; Tom &amp; Jerry&#39;s &quot;Show&quot;'
    const [read] = readEventPage(
      page({
        content: [
          event({
            title: escaped, promoters: ['Smith &amp; Sons', 'A&lt;B'], synopsis: escaped, priceDescription: escaped, duration: escaped,
            admissionRules: escaped, salesDateText: escaped, venue: 'Hall &amp; Annex', languageTitle: '{"EN_SG":"A &amp; B"}', languageVenue: 'V &amp; W',
          }),
        ],
      }),
    ).events
    const once = '&lt;b&gt; Tom & Jerry\'s "Show"'
    expect(read).toMatchObject({ title: once, synopsis: once, priceDescription: once, duration: once, admissionRules: once, salesDateText: once })
    expect(read!.promoters).toEqual(['Smith & Sons', 'A<B'])
    expect(read).toMatchObject({ venue: 'Hall &amp; Annex', languageTitle: '{"EN_SG":"A &amp; B"}', venueDescription: 'V &amp; W' })
  })

  it('reads every field, ignores unknown ones, and reads missing nullable fields as null or []', () => {
    const full = readEventPage({
      content: [
        event({
          title: 'T', summaryImagePath: '/images/events/x.svg', genre: ['Concert'], promoters: ['P'], startDate: 's', endDate: 'e',
          sellabilityStartDate: 'ss', sellabilityEndDate: 'se', venue: 'V', language: 'English', synopsis: 'S', bookingUrl: 'b',
          priceDescription: 'pd', duration: 'd', admissionRules: 'a', salesDateText: 'sd', languageTitle: 'lt', updateDate: 'u', languageVenue: 'lv', surprise: { deep: 1 },
        }),
      ],
      number: 0, size: 20, totalElements: 1, totalPages: 1, last: true, first: true, sort: [{ direction: 'ASC' }], url: 'u', unknown: 1,
    })
    eventPageSchema.parse(full)
    expect(full.events[0]).toEqual({
      code: 'FY26TEST', title: 'T', summaryImagePath: 'images/events/x.svg', genres: ['Concert'], promoters: ['P'], startDate: 's', endDate: 'e',
      sellStart: 'ss', sellEnd: 'se', venue: 'V', language: 'English', synopsis: 'S', bookingUrl: 'b', priceDescription: 'pd', duration: 'd',
      admissionRules: 'a', salesDateText: 'sd', languageTitle: 'lt', updateDate: 'u', venueDescription: 'lv',
    })
    const bare = readEventPage({ content: [event({ title: null, genre: null })] })
    eventPageSchema.parse(bare)
    expect(bare.events[0]).toMatchObject({ title: null, genres: [], promoters: [], synopsis: null, summaryImagePath: null })
    expect(readEventPage({})).toEqual({ events: [], page: 0, size: 0, totalElements: 0, totalPages: 0, hasNext: false, hasPrevious: false })
    // The field list types internetContentCode as a number.
    expect(readEventPage({ content: [{ internetContentCode: 12345 }] }).events[0]!.code).toBe('12345')
  })

  it('takes paging from the links, then from first/last, then from the counts; page from number', () => {
    const links = (...rels: string[]) => rels.map((rel) => ({ rel, href: `https://x.invalid/icc?page=1` }))
    expect(readEventPage(page({ number: 1, size: 1, totalElements: 3, totalPages: 3, links: links('self', 'prev', 'next', 'last'), last: true, first: true })))
      .toMatchObject({ page: 1, size: 1, totalElements: 3, totalPages: 3, hasNext: true, hasPrevious: true })
    expect(readEventPage(page({ number: 2, links: links('self', 'previous'), last: false, first: true }))).toMatchObject({ page: 2, hasNext: false, hasPrevious: true })
    expect(readEventPage(page({ number: 1, last: false, first: false }))).toMatchObject({ hasNext: true, hasPrevious: true })
    expect(readEventPage(page({ number: 0, last: true, first: true }))).toMatchObject({ hasNext: false, hasPrevious: false })
    expect(readEventPage(page({ number: 1, size: 1, totalElements: 3, totalPages: 3 }))).toMatchObject({ hasNext: true, hasPrevious: true })
  })

  it('refuses an event without its code, naming the path and no value', () => {
    const raw = { content: [event({ title: 'Fine' }), { title: 'Private Viewing for Jane Tan', venue: 'jane@example.com' }] }
    expectShapeError(() => readEventPage(raw), 'event page', 'content[1].internetContentCode', ['Jane Tan', 'jane@example.com'])
    expectShapeError(() => readEventPage({ content: [event({ promoters: ['ok', { name: 'Jane' }] })] }), 'event page', 'content[0].promoters[1]', ['Jane'])
    expectShapeError(() => readEventPage({ content: 'none' }), 'event page', 'content')
    expectShapeError(() => readEventPage([]), 'event page', '')
  })
})

describe('event shows', () => {
  const show = (fields: Record<string, unknown> = {}) => ({ productId: 10001, showTitle: 'Show', showDate: '2026-03-10T19:30:00+08:00', availabilityStatus: 19, ticketType: 'RS', venue: 'V', isPromo: false, ...fields })

  it('reads sponsoredImagePath or sponsoredImage, strips a leading "/", ignores promoStatus/promotionStatus', () => {
    const a = readEventShows({ summaryImagePath: 'images/a.svg', sponsoredImagePath: 'images/s.svg', icAttributesList: ['1', 2], promotionStatus: '0', advisory: 'Mind the step', showTimingList: [show({ promoStatus: '0' })] })
    const b = readEventShows({ summaryImagePath: '/images/a.svg', sponsoredImage: '/images/s.svg', icAttributesList: ['1', '2'], promoStatus: '1', advisory: 'Mind the step', showTimingList: [show()] })
    eventShowsSchema.parse(a)
    expect(a).toEqual(b)
    expect(a).toMatchObject({ summaryImagePath: 'images/a.svg', sponsoredImagePath: 'images/s.svg', attributes: ['1', '2'] })
    expect(a.shows[0]).toEqual({ productId: 10001, title: 'Show', date: '2026-03-10T19:30:00+08:00', availabilityStatus: 19, availability: 'available', ticketType: 'RS', venue: 'V' })
    expect(readEventShows({})).toEqual({ summaryImagePath: null, sponsoredImagePath: null, attributes: [], advisory: null, shows: [] })
  })

  it('words every availability code, and unknown for others', () => {
    const words: [unknown, string][] = [
      [20, 'coming-soon'], [16, 'sold-out'], [17, 'single-seats'], [18, 'limited'], [19, 'available'], [-6, 'reconfig'], [-7, 'cancelled'],
      [-8, 'postponed'], ['19', 'available'], [0, 'unknown'], [21, 'unknown'], [null, 'unknown'], [undefined, 'unknown'],
    ]
    for (const [status, word] of words) expect(readEventShows({ showTimingList: [show({ availabilityStatus: status })] }).shows[0]!.availability).toBe(word)
    expect(readEventShows({ showTimingList: [show({ ticketType: 'GA' }), show({ ticketType: null }), show({ ticketType: 'XX' })] }).shows.map((s) => s.ticketType)).toEqual(['GA', null, null])
  })

  it('refuses a show without productId, title or date', () => {
    expectShapeError(() => readEventShows({ showTimingList: [show(), show({ productId: undefined })] }), 'event shows', 'showTimingList[1].productId')
    expectShapeError(() => readEventShows({ showTimingList: [show({ productId: 10001.5 })] }), 'event shows', 'showTimingList[0].productId')
    expectShapeError(() => readEventShows({ showTimingList: [show({ showTitle: null })] }), 'event shows', 'showTimingList[0].showTitle')
    expectShapeError(() => readEventShows({ showTimingList: [show({ showDate: { at: 'Jane' } })] }), 'event shows', 'showTimingList[0].showDate', ['Jane'])
  })
})

describe('palette', () => {
  it('has the spec\'s 20 colours and a neutral grey outside 1–20', () => {
    expect(priceCategoryColours).toHaveLength(20)
    for (const colour of priceCategoryColours) expect(colour).toMatch(/^#[0-9A-F]{6}$/)
    expect([1, 2, 10, 11, 14, 20].map(priceCategoryColour)).toEqual(['#FECD84', '#A5C7F5', '#D6CC1B', '#929E92', '#A80717', '#FFC7CE'])
    expect(neutralCategoryColour).toBe('#B0B0B0')
    for (const num of [null, 0, 21, -1, 1.5, Number.NaN]) expect(priceCategoryColour(num)).toBe('#B0B0B0')
  })
})
