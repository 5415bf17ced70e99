import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { isoSgt } from '../format/dates'
import { sectionAvailabilities } from '../model/availability'
import type { Product } from '../model/catalogue'
import { ApiError, badRequest, invalidParameter } from './api-error'
import { authorize, idParam, intParam, param, type Query, type SandboxContext } from './context'
import { randomUUID } from 'node:crypto'
import { jsonArrayParts, SeatTextCache, seatJson } from './seat-json'

/** Operations 3 to 6: overview seat map, section availability, seat offers, release. */

/** The tenant's maximum tickets per cart bounds one offer too. */
const MAX_OFFER_QUANTITY = 20

function productOr(ctx: SandboxContext, id: string, errorCode: string): Product {
  const product = ctx.catalogue.product(idParam(id, 'productId'))
  if (!product) throw badRequest(errorCode, `No show ${id}`)
  return product
}

const seatsBodySchema = z
  .object({
    releasedSeatList: z.array(z.number().int().positive()).max(200).optional(),
    reservedSeatList: z.array(z.number().int().positive()).max(200).optional(),
  })
  .refine((b) => (b.releasedSeatList?.length ?? 0) + (b.reservedSeatList?.length ?? 0) > 0, {
    message: 'releasedSeatList must list at least one seat inventory id',
  })

export function seatmapRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const answerOffer = seatOfferAnswer(ctx)
  app.get('/api/v0/:tenant/products/:productId/seatmap/overview', (request, reply: FastifyReply) => {
    authorize(ctx, request, 'product')
    const { productId } = request.params as { productId: string }
    return overview(ctx, productOr(ctx, productId, 'error.product.overview-seatmap.generation.fail'), reply)
  })
  // One address, two operations: without offer parameters it is the sections' availability.
  app.get('/api/v0/:tenant/products/:productId/seatmap/availability', (request, reply: FastifyReply) => {
    const client = authorize(ctx, request, 'product')
    const { productId } = request.params as { productId: string }
    const query = request.query as Query
    const product = productOr(ctx, productId, 'error.product.invalid')
    const offerParams = ['priceCatId', 'seatSectionId', 'mode', 'quantity'].filter((name) => param(query, name) !== undefined)
    if (offerParams.length === 0) return sectionAvailability(ctx, product)
    return answerOffer(product, readOfferQuery(query), client, reply)
  })
  app.post('/api/v0/:tenant/products/:productId/seats', (request) => {
    const client = authorize(ctx, request, 'product')
    const { productId } = request.params as { productId: string }
    return changeSeats(ctx, productOr(ctx, productId, 'error.product.invalid'), request.body, client)
  })
}

/** Operation 3: the overview seat map, sections by price category. */
function overview(ctx: SandboxContext, product: Product, reply: FastifyReply) {
  const s = ctx.shapes
  if (ctx.quirks && product.event.venue.id === 'expo-centre') {
    // Vendor notes: a product with no seat-map data answered with an empty body.
    return reply.code(200).type('application/json').send('null')
  }
  return {
    hideStandardPrice: 0,
    imageAvailable: 1,
    interactive: product.ticketType === 'RS' ? 1 : 0,
    mode: product.salesMode,
    imageURL: s.imagePath(`images/seatmaps/${product.id}/overview.svg`),
    groupBookingMode: 0,
    isMembership: 0,
    seatSectionList: product.event.categories.map((category) => ({
      priceCatAlias: category.alias,
      priceCatAmount: s.money(category.cents),
      [s.seatLevelKey]: product.sections
        .filter((ps) => ps.category.id === category.id)
        .map(({ section }) => ({
          seatLevelAlias: section.levelAlias,
          seatSectionId: section.id,
          seatSectionAlias: section.alias,
          seatSectionType: section.type,
          seatEntrance: section.entrance,
          priceCategoryNum: category.num,
          priceCategoryId: category.id,
          price: s.money(category.cents),
          redeem: false,
          coordinatesList: [section.polygon.join(',')],
        })),
    })),
  }
}

/** Operation 4: each section's availability. */
function sectionAvailability(ctx: SandboxContext, product: Product) {
  const list = sectionAvailabilities(ctx.book, product, ctx.now()).map((a) => ({
    seatSectionId: a.sectionId,
    priceCategoryId: a.priceCategoryId,
    seatSectionAvailability: a.availability,
  }))
  return ctx.shapes.list('seatAvailibilityList', list)
}

interface OfferQuery {
  priceCatId: number
  sectionId: number
  mode: 'BA' | 'HS'
  quantity: number
  twoD: boolean
}

/** A seat offer's parameters: every one is required. */
function readOfferQuery(query: Query): OfferQuery {
  const priceCatId = intParam(query, 'priceCatId', { min: 1, max: Number.MAX_SAFE_INTEGER })
  const sectionId = intParam(query, 'seatSectionId', { min: 1, max: Number.MAX_SAFE_INTEGER })
  const mode = param(query, 'mode')
  if (mode !== 'BA' && mode !== 'HS') throw invalidParameter('mode', 'must be BA or HS')
  const quantity = intParam(query, 'quantity', { min: 1, max: MAX_OFFER_QUANTITY })
  return { priceCatId, sectionId, mode, quantity, twoD: param(query, '2DSeatmap') === '1' }
}

/** Refuses an offer the show or section cannot make, with the service's error codes. */
function assertOfferable(ctx: SandboxContext, product: Product, query: OfferQuery, now: number): void {
  if (product.ticketType !== 'RS') {
    throw badRequest('error.product.detail-seatmap.mode.invalid', 'Seat offers are for reserved-seating shows only')
  }
  const productSection = product.sectionById.get(query.sectionId)
  if (!productSection || productSection.category.id !== query.priceCatId) {
    throw badRequest('error.product.detail-seatmap.section.invalid', `Section ${query.sectionId} does not sell price category ${query.priceCatId}`)
  }
  ctx.offers.assertSellable(product, now)
  if (!query.twoD && productSection.section.missingCoordinates) {
    throw badRequest('error.product.detail-seatmap.generation.coordinate.missing', 'Seat coordinates are not configured for this section')
  }
  if (!query.twoD && productSection.section.missingSeatAngle) {
    throw badRequest('error.product.detail-seatmap.generation.seatangle.missing', 'Seat angles are not configured for this section')
  }
}

/**
 * Operation 5: a seat offer (BA or HS). The answer's two long seat lists are
 * written from cached per-seat JSON and spliced in, not stringified per request.
 */
function seatOfferAnswer(ctx: SandboxContext) {
  const s = ctx.shapes
  const seatTexts = new SeatTextCache(s)
  // Stand-ins for the two long seat lists, replaced by pre-serialised text after
  // JSON.stringify of the rest of the answer. Random, so no data can contain them.
  const availableSlot = `"${randomUUID()}"`
  const unavailableSlot = `"${randomUUID()}"`

  return (product: Product, query: OfferQuery, client: string, reply: FastifyReply) => {
    const now = ctx.now()
    assertOfferable(ctx, product, query, now)
    const { sectionId, mode, quantity, twoD } = query
    const offer = ctx.offers.offer(product, sectionId, mode, quantity, now, client)
    if (!offer) {
      if (ctx.quirks && mode === 'HS') return {} // Vendor notes: HS with no seats answered 200 with an empty object.
      throw new ApiError(
        400,
        ctx.quirks ? 'detail.seatmap.insufficient.seats' : 'error.product.detail-seatmap.insufficient-seats',
        `Not enough seats left in section ${sectionId} for ${quantity}`,
      )
    }
    const { inventory, layout } = offer
    const options = { shapes: s, geometry: !twoD }
    const offered = new Set(offer.sets.flatMap((set) => set.ordinals))
    const available: Buffer[] = []
    const unavailable: Buffer[] = []
    if (!twoD) {
      for (let o = layout.start; o < layout.end; o++) {
        if (offered.has(o)) continue
        if (inventory.isFree(o, now)) available.push(seatTexts.availableSeat(inventory, o))
        else unavailable.push(seatTexts.geometry(inventory, o))
      }
    }
    const head = JSON.stringify({
      reservedTime: isoSgt(offer.reservedAt),
      // Absent in the spec's 2D example, and (vendor notes) often in the real service.
      ...(twoD || ctx.quirks ? {} : { expirationTime: isoSgt(offer.expiresAt) }),
      imageAvailable: 1,
      imageURL: s.imagePath(`images/seatmaps/${product.id}/${sectionId}/${twoD ? '2d' : '3d'}.svg`),
      sectionAlias: layout.section.alias,
      setsReservedList: offer.sets.map((set) => ({ setsReserved: set.ordinals.map((o) => seatJson(inventory, o, options)) })),
      seatsAvailableList: availableSlot.slice(1, -1),
      seatsUnavailableList: unavailableSlot.slice(1, -1),
      groupBookingSeatList: [],
      overlayImagePath: null,
      seatSelectedType: mode,
      viewFromSeatAvailable: 0,
    })
    // Splice the pre-encoded seat lists in where the stand-ins are.
    const [beforeAvailable, rest] = head.split(availableSlot) as [string, string]
    const [between, after] = rest.split(unavailableSlot) as [string, string]
    const parts = [Buffer.from(beforeAvailable), ...jsonArrayParts(available), Buffer.from(between), ...jsonArrayParts(unavailable), Buffer.from(after)]
    let length = 0
    for (const part of parts) length += part.length
    const body = Buffer.concat(parts, length)
    return reply.type('application/json; charset=utf-8').send(body)
  }
}

/** The unpaid orders of `client` that took any of these seats (an order that lapsed has let them go already). */
function pendingOrdersOf(ctx: SandboxContext, product: Product, inventoryIds: readonly number[], now: number, client: string): Set<string> {
  if (product.ticketType === 'GA') return new Set()
  const inventory = ctx.book.seats(product)
  const refs = inventoryIds.map((id) => inventory.ordinalOf(id)).map((ordinal) => (ordinal < 0 ? null : inventory.orderedBy(ordinal, client, now)))
  return new Set(refs.filter((ref): ref is string => ref !== null))
}

/** Operation 6: release offered seats (and reserve others in their place). */
function changeSeats(ctx: SandboxContext, product: Product, requestBody: unknown, client: string) {
  const s = ctx.shapes
  const body = seatsBodySchema.safeParse(requestBody)
  if (!body.success) {
    throw badRequest('error.request.body.invalid', `body: ${body.error.issues[0]?.message ?? 'invalid'}`)
  }
  const now = ctx.now()
  const released = body.data.releasedSeatList ?? []
  // A seat this client's unpaid order took is a reserved seat too (the spec: "an order submission … reserves
  // seats"): releasing it voids that order, its seats held for the client again, and so released below.
  for (const txnRef of pendingOrdersOf(ctx, product, released, now, client)) ctx.orders.cancel(txnRef, now, client, true)
  const failure = ctx.offers.changeSeats(product, released, body.data.reservedSeatList ?? [], now, client)
  if (failure) return { status: s.releaseStatus(false), statusMessage: `Error releasing seats: ${failure}` }
  return { status: s.releaseStatus(true), statusMessage: 'Seats released successfully', reservedTime: isoSgt(now) }
}
