import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../electron/sandbox/server'
import { sandboxWithClient, type SandboxClient } from '../../support/sandbox-client'
import { expectErrorBody, NOW, priceCategoryIdOf, productIdOf, sectionIdOf, ymd } from './helpers'

/**
 * Pins docs/sandbox-api.md, "Errors common to every operation", against a table
 * of malformed requests to every operation: each answers a documented 4xx with
 * the spec's error body, never a 500 and never a stack trace.
 */
let sandbox: Sandbox
let client: SandboxClient
let token: string

beforeAll(async () => {
  ;({ sandbox, client } = await sandboxWithClient({ now: () => NOW }))
  token = await client.token()
})
afterAll(() => sandbox.close())

// A reserved-seating show on sale, with one of its categories and sections; and a general-admission one.
const RS = productIdOf((p) => p.event.code === 'FY26HAMLET')
const CAT = priceCategoryIdOf('FY26HAMLET')
const SECTION = sectionIdOf('FY26HAMLET')
const GA = productIdOf((p) => p.event.code === 'FY26ROCKLAWN')
const offer = (query: string) => `/products/${RS}/seatmap/availability?${query}`
const offerWith = (override: Record<string, string>) =>
  offer(new URLSearchParams({ priceCatId: String(CAT), seatSectionId: String(SECTION), mode: 'HS', quantity: '2', ...override }).toString())
const order = (override: Record<string, unknown> = {}, item: Record<string, unknown> = {}) => ({
  patronInfo: { patronType: 'G', email: 'boxoffice@venue.example' },
  cartItemList: [{ productId: GA, seatSectionId: sectionIdOf('FY26ROCKLAWN'), priceCatId: priceCategoryIdOf('FY26ROCKLAWN'), mode: '', quantity: 1, priceClassList: [{ priceClassCode: 'A', quantity: 1 }], ...item }],
  deliveryMethodCode: 'ETICKET',
  paymentMethodCode: 'VISA',
  totalAmount: 50,
  ...override,
})

interface Case {
  method?: string
  /** Relative to the API base, or to `base`. */
  path: string
  base?: 'api' | 'auth' | 'origin' | 'image'
  /** A JSON body (stringified), or a raw one. */
  body?: unknown
  raw?: string
  contentType?: string
  auth?: 'bearer' | 'none' | 'basic'
}
type Row = [label: string, request: Case, status: number, errorCode?: string]

const JSON_BAD = 'error.request.body.malformed'
const PARAM = 'error.request.parameter.invalid'
const IDS = 'error.cart.product-ids.invalid'
const SEATS_BODY = 'error.request.body.invalid'
const ORDER = 'error.order.request.invalid'
const CRITERIA = 'error.product.icc.search.criteria.invalid'
const NOT_FOUND = 'error.request.not-found'
const MEDIA = 'error.request.malformed'
const post = (path: string, body: unknown, extra: Partial<Case> = {}): Case => ({ method: 'POST', path, body, ...extra })
const postRaw = (path: string, raw: string, contentType = 'application/json', extra: Partial<Case> = {}): Case => ({ method: 'POST', path, raw, contentType, ...extra })
const big = (bytes: number) => JSON.stringify({ productIdList: [10001], padding: 'x'.repeat(bytes) })

const rows: Row[] = [
  // bodies that are not JSON, sent as JSON
  ['delivery: truncated JSON', postRaw('/cart/deliverymethods', '[{"productId":'), 400, JSON_BAD],
  ['payment: truncated JSON', postRaw('/cart/paymentmethods', '[1,2'), 400, JSON_BAD],
  ['seats: not JSON', postRaw(`/products/${RS}/seats`, 'not json'), 400, JSON_BAD],
  ['order: truncated JSON', postRaw('/orders/', '{'), 400, JSON_BAD],
  ['confirm: single quotes', postRaw('/orders/FY0/confirm', "{'paymentReference':'x'}"), 400, JSON_BAD],
  ['token: JSON body not JSON', postRaw('?grant_type=client_credentials', '{', 'application/json', { base: 'auth', auth: 'basic' }), 400, JSON_BAD],
  // wrong JSON types
  ['delivery: string product id', post('/cart/deliverymethods', [{ productId: '10001' }]), 400, IDS],
  ['delivery: string price category', post('/cart/deliverymethods', [{ productId: RS, priceCatId: 'x' }]), 400, IDS],
  ['payment: string list', post('/cart/paymentmethods', { productIdList: String(RS) }), 400, IDS],
  ['payment: booleans', post('/cart/paymentmethods', { productIdList: [true] }), 400, IDS],
  ['seats: string list', post(`/products/${RS}/seats`, { releasedSeatList: '1' }), 400, SEATS_BODY],
  ['seats: fractional id', post(`/products/${RS}/seats`, { releasedSeatList: [1.5] }), 400, SEATS_BODY],
  ['seats: negative id', post(`/products/${RS}/seats`, { reservedSeatList: [-1] }), 400, SEATS_BODY],
  ['order: wrong field types', post('/orders/', { patronInfo: 'G', cartItemList: {} }), 400, ORDER],
  ['order: string amount', post('/orders/', order({ totalAmount: '50' })), 400, ORDER],
  ['confirm: numeric reference', post('/orders/FY0/confirm', { paymentReference: 5, amountPaid: 1 }), 400, ORDER],
  // arrays where objects are expected, objects where arrays are, empty lists
  ['payment: bare list', post('/cart/paymentmethods', [RS]), 400, IDS],
  ['seats: bare list', post(`/products/${RS}/seats`, [RS * 100000]), 400, SEATS_BODY],
  ['order: bare list', post('/orders/', []), 400, ORDER],
  ['confirm: bare list', post('/orders/FY0/confirm', []), 400, ORDER],
  ['delivery: object', post('/cart/deliverymethods', { productId: RS }), 400, IDS],
  ['delivery: empty list', post('/cart/deliverymethods', []), 400, IDS],
  ['payment: empty list', post('/cart/paymentmethods', { productIdList: [] }), 400, IDS],
  ['seats: no ids', post(`/products/${RS}/seats`, { releasedSeatList: [] }), 400, SEATS_BODY],
  ['seats: empty object', post(`/products/${RS}/seats`, {}), 400, SEATS_BODY],
  ['order: empty cart', post('/orders/', order({ cartItemList: [] })), 400, ORDER],
  // quantities
  ...['-1', '0', '1.5', '21', '99999999999999999999', 'two', '', ' 2', '0x2'].map((quantity): Row => [`offer: quantity "${quantity}"`, { path: offerWith({ quantity }) }, 400, PARAM]),
  ['order: zero tickets', post('/orders/', order({}, { priceClassList: [{ priceClassCode: 'A', quantity: 0 }] })), 400, ORDER],
  ['order: fractional quantity', post('/orders/', order({}, { quantity: 1.5 })), 400, ORDER],
  ['order: huge quantity', post('/orders/', order({}, { quantity: 100000, priceClassList: [{ priceClassCode: 'A', quantity: 100000 }] })), 400],
  // product ids that are not numbers, and unknown ids
  ['overview: product abc', { path: '/products/abc/seatmap/overview' }, 400, PARAM],
  ['availability: product -1', { path: '/products/-1/seatmap/availability' }, 400, PARAM],
  ['ticket types: product 1.5', { path: '/products/1.5/tickettype' }, 400, PARAM],
  ['overview: product 1e4', { path: '/products/1e4/seatmap/overview' }, 400, PARAM],
  ['seats: product abc', post('/products/abc/seats', { releasedSeatList: [1] }), 400, PARAM],
  ['delivery: product abc', post('/cart/deliverymethods', [{ productId: 'abc' }]), 400, IDS],
  ['payment: product 0', post('/cart/paymentmethods', { productIdList: [0] }), 400, IDS],
  ['overview: unknown product', { path: '/products/99999/seatmap/overview' }, 400, 'error.product.overview-seatmap.generation.fail'],
  ['availability: unknown product', { path: '/products/99999/seatmap/availability' }, 400],
  ['ticket types: unknown product', { path: '/products/99999/tickettype' }, 400],
  ['seats: unknown product', post('/products/99999/seats', { releasedSeatList: [1] }), 400],
  ['shows: unknown event', { path: '/icc/FY26NOSUCH' }, 400, 'error.product.icc.invalid'],
  ['delivery: unknown product', post('/cart/deliverymethods', [{ productId: 99999 }]), 400, IDS],
  ['payment: unknown product', post('/cart/paymentmethods', { productIdList: [RS, 99999] }), 400, IDS],
  ['offer: unknown section', { path: offerWith({ seatSectionId: '999999' }) }, 400, 'error.product.detail-seatmap.section.invalid'],
  ['offer: category of another show', { path: offerWith({ priceCatId: '500001' }) }, 400, 'error.product.detail-seatmap.section.invalid'],
  ['ticket types: unknown category', { path: `/products/${RS}/tickettype?priceCatId=1` }, 400, 'error.product.package.classtype.invalid'],
  ['ticket types: category abc', { path: `/products/${RS}/tickettype?priceCatId=abc` }, 400, PARAM],
  ['order: unknown product', post('/orders/', order({}, { productId: 99999 })), 400, 'error.order.product.invalid'],
  ['order look-up: unknown reference', { path: '/orders/FY20260302999999' }, 400, 'error.order.not-found'],
  ['cancel: unknown reference', post('/orders/FY0/cancel', undefined), 400, 'error.order.not-found'],
  ['confirm: unknown reference', post('/orders/FY0/confirm', { paymentReference: 'P1', amountPaid: 1 }), 400, 'error.order.not-found'],
  // seat offers: missing parameters, unknown modes, a general-admission show
  ['offer: mode only', { path: offer('mode=BA') }, 400, PARAM],
  ['offer: quantity only', { path: offer('quantity=2') }, 400, PARAM],
  ['offer: no quantity', { path: offer(`priceCatId=${CAT}&seatSectionId=${SECTION}&mode=HS`) }, 400, PARAM],
  ['offer: no mode', { path: offer(`priceCatId=${CAT}&seatSectionId=${SECTION}&quantity=2`) }, 400, PARAM],
  ...['SP', 'ba', 'GA', '', 'BAHS'].map((mode): Row => [`offer: mode "${mode}"`, { path: offerWith({ mode }) }, 400, PARAM]),
  ['offer: general-admission show', { path: `/products/${GA}/seatmap/availability?priceCatId=${priceCategoryIdOf('FY26ROCKLAWN')}&seatSectionId=${sectionIdOf('FY26ROCKLAWN')}&mode=HS&quantity=2` }, 400, 'error.product.detail-seatmap.mode.invalid'],
  // repeated query parameters
  ['events: page twice', { path: '/icc?page=0&page=1' }, 400, PARAM],
  ['events: q twice', { path: '/icc?q=ham&q=let' }, 400, PARAM],
  ['events: sort twice', { path: '/icc?sort=title&sort=venue' }, 400, PARAM],
  ['events: lang twice', { path: '/icc?lang=EN_SG&lang=ZH_CN' }, 400, PARAM],
  ['shows: startDate twice', { path: `/icc/FY26HAMLET?startDate=${ymd(0)}&startDate=${ymd(1)}` }, 400, PARAM],
  ['offer: mode twice', { path: `${offerWith({})}&mode=HS` }, 400, PARAM],
  ['ticket types: priceCatId twice', { path: `/products/${RS}/tickettype?priceCatId=${CAT}&priceCatId=${CAT}` }, 400, PARAM],
  ['token: grant_type twice', { method: 'POST', base: 'auth', auth: 'basic', path: '?grant_type=client_credentials&grant_type=client_credentials' }, 400, PARAM],
  // search criteria under 3 characters
  ...['q=ab', 'title=a', 'genre=c*', 'internetContentCode=FY', 'promoter=%20x%20', 'venue=??', 'synopsis=a?b'].map((q): Row => [`events: ${q}`, { path: `/icc?${q}` }, 400, CRITERIA]),
  // unknown paths and methods
  ['unknown path', { path: '/nope' }, 404, NOT_FOUND],
  ['product without operation', { path: `/products/${RS}` }, 404, NOT_FOUND],
  ['seat map without kind', { path: `/products/${RS}/seatmap` }, 404, NOT_FOUND],
  ['payment methods by GET', { path: '/cart/paymentmethods' }, 404, NOT_FOUND],
  ['events by PUT', { method: 'PUT', path: '/icc', body: {} }, 404, NOT_FOUND],
  ['seats by DELETE', { method: 'DELETE', path: `/products/${RS}/seats` }, 404, NOT_FOUND],
  ['token by GET', { base: 'auth', path: '', auth: 'basic' }, 404, NOT_FOUND],
  ['server root', { base: 'origin', path: '/' }, 404, NOT_FOUND],
  ['other API version', { base: 'origin', path: '/api/v1/foyer-training/icc' }, 404, NOT_FOUND],
  ['unknown image folder', { base: 'image', path: '/images/posters/FY26HAMLET.svg', auth: 'none' }, 404],
  // bodies over 1 MiB
  ['payment: 1.1 MiB body', postRaw('/cart/paymentmethods', big(1.1 * 1024 * 1024)), 413, MEDIA],
  ['order: 2 MiB body', postRaw('/orders/', big(2 * 1024 * 1024)), 413, MEDIA],
  ['seats: 1.1 MiB body', postRaw(`/products/${RS}/seats`, big(1.1 * 1024 * 1024)), 413, MEDIA],
  ['token: 2 MiB form', postRaw('?grant_type=client_credentials', `a=${'x'.repeat(2 * 1024 * 1024)}`, 'application/x-www-form-urlencoded', { base: 'auth', auth: 'basic' }), 413, MEDIA],
  // content types the API does not take
  ['payment: XML', postRaw('/cart/paymentmethods', '<productIdList>10001</productIdList>', 'application/xml'), 415, MEDIA],
  ['order: multipart', postRaw('/orders/', '--x\r\n\r\n--x--', 'multipart/form-data; boundary=x'), 415, MEDIA],
  ['delivery: octet-stream', postRaw('/cart/deliverymethods', '[]', 'application/octet-stream'), 415, MEDIA],
  ['seats: CSV', postRaw(`/products/${RS}/seats`, '1,2', 'text/csv'), 415, MEDIA],
  // no bearer on every operation
  ...(
    [
      ['GET', '/icc'],
      ['GET', '/icc/FY26HAMLET'],
      ['GET', `/products/${RS}/seatmap/overview`],
      ['GET', `/products/${RS}/seatmap/availability`],
      ['GET', offerWith({})],
      ['POST', `/products/${RS}/seats`],
      ['GET', `/products/${RS}/tickettype`],
      ['POST', '/cart/deliverymethods'],
      ['POST', '/cart/paymentmethods'],
      ['POST', '/orders/'],
      ['GET', '/orders/FY0'],
      ['POST', '/orders/FY0/confirm'],
      ['POST', '/orders/FY0/cancel'],
    ] as const
  ).map(([method, path]): Row => [`${method} ${path.split('?')[0]} without a bearer`, { method, path, auth: 'none' }, 401, 'error.auth.token.missing']),
]

async function send(request: Case) {
  const base = { api: sandbox.baseUrl, auth: sandbox.authUrl, origin: new URL(sandbox.baseUrl).origin, image: sandbox.imageBaseUrl }[request.base ?? 'api']
  const headers: Record<string, string> = {}
  if ((request.auth ?? 'bearer') === 'bearer') headers.authorization = `Bearer ${token}`
  if (request.auth === 'basic') headers.authorization = client.basic()
  let body: string | undefined = request.raw
  if (body === undefined && request.body !== undefined) body = JSON.stringify(request.body)
  if (body !== undefined) headers['content-type'] = request.contentType ?? 'application/json'
  const response = await fetch(`${base}${request.path}`, { method: request.method ?? 'GET', headers, body })
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = text
  }
  return { status: response.status, text, json }
}

describe('malformed requests', () => {
  const titled = rows.map((row) => [`${row[0]} → ${row[2]}${row[3] ? ` ${row[3]}` : ''}`, row] as const)
  it.each(titled)('%s', async (_title, [, request, status, errorCode]) => {
    const answer = await send(request)
    expect(answer.status, answer.text).not.toBe(500)
    expectErrorBody(answer.status, answer.json, { status, errorCode }, answer.text)
  })

  it('answers a forged or scheme-less bearer with 401', async () => {
    for (const authorization of ['Bearer abc.def.ghi', `Token ${token}`, token]) {
      const response = await fetch(`${sandbox.baseUrl}/icc`, { headers: { authorization } })
      const text = await response.text()
      expectErrorBody(response.status, JSON.parse(text), { status: 401 }, text)
    }
  })

  // Errors the HTTP framework raises before routing still answer with the spec's error body.
  it('answers a path with a broken percent-encoding with the spec error body', async () => {
    const answer = await send({ path: '/icc/%E0%A4%A' })
    expectErrorBody(answer.status, answer.json, { status: 400 }, answer.text)
  })

  // A path segment over 200 characters is refused before routing, as a malformed request.
  it('answers an over-long event code or product id with a documented 4xx and the spec error body', async () => {
    for (const path of [`/icc/${'X'.repeat(300)}`, `/products/${'1'.repeat(300)}/tickettype`]) {
      const answer = await send({ path })
      expect([400, 404]).toContain(answer.status)
      expectErrorBody(answer.status, answer.json, { status: answer.status }, answer.text)
    }
  })

  // The API takes JSON bodies (and a form on the token endpoint only): text/plain is a 415.
  it('answers a JSON body sent as text/plain with 415 error.request.malformed', async () => {
    const answer = await send(postRaw('/cart/paymentmethods', JSON.stringify({ productIdList: [RS] }), 'text/plain'))
    expectErrorBody(answer.status, answer.json, { status: 415, errorCode: MEDIA }, answer.text)
  })
})
