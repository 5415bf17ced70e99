import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Product } from '../model/catalogue'
import { commonOf, deliveryMethodsFor, priceClassesFor, tenantDeliveryMethods, type DeliveryMethod } from '../model/pricing'
import { badRequest } from './api-error'
import { authorize, idParam, intParam, param, type Query, type SandboxContext } from './context'

/** Operations 7 to 9: ticket types, and the delivery and payment methods common to a cart. */

const productIdsInvalid = () => badRequest('error.cart.product-ids.invalid', 'The product id list is empty or names an unknown show')

const deliveryBodySchema = z
  .array(
    z.object({
      productId: z.number().int().positive(),
      priceCatId: z.number().int().positive().optional(),
      mode: z.string().max(10).optional(),
      priceClassCodeList: z.array(z.string().max(255)).max(50).optional(),
    }),
  )
  .min(1)
  .max(50)

const paymentBodySchema = z.object({ productIdList: z.array(z.number().int().positive()).min(1).max(50) })

/**
 * Under quirks, some shows answer their ticket types with `[]`, as the older
 * back end did on any internal failure (vendor notes): the client must treat it
 * as "cannot sell now". Which shows: those whose id is a multiple of 13.
 */
const glitches = (product: Product) => product.id % 13 === 0

export function cartRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const s = ctx.shapes

  app.get('/api/v0/:tenant/products/:productId/tickettype', (request) => {
    authorize(ctx, request, 'product')
    const { productId } = request.params as { productId: string }
    const query = request.query as Query
    const product = ctx.catalogue.product(idParam(productId, 'productId'))
    if (!product) throw badRequest('error.product.invalid', `No show ${productId}`)
    const catId = param(query, 'priceCatId') ? intParam(query, 'priceCatId', { min: 1, max: Number.MAX_SAFE_INTEGER }) : null
    const category = catId === null ? product.event.categories[0] : product.event.categories.find((c) => c.id === catId)
    if (!category) throw badRequest('error.product.package.classtype.invalid', `Price category ${catId} is not sold for show ${product.id}`)
    if (ctx.quirks && glitches(product)) return s.list('priceClassList', [])
    const classes = priceClassesFor(product, category).map((c) => ({
      priceClassId: c.id,
      priceClassCode: c.code,
      priceClassAlias: c.alias,
      priceValueAmount: s.money(c.cents),
      availableQty: c.availableQty.join(','),
      [s.passwordKey]: c.passwordRequired,
      feeList: c.fees.map((f) => ({ code: f.code, charge: s.money(f.cents) })),
    }))
    return s.list('priceClassList', classes)
  })

  const renderDelivery = (m: DeliveryMethod, charge: number) => ({
    code: m.code,
    charge: s.money(charge),
    order: m.order,
    addressRequired: m.addressRequired,
    feeWaived: m.feeWaived,
  })

  app.post('/api/v0/:tenant/cart/deliverymethods', (request) => {
    authorize(ctx, request, 'cart')
    // The spec: with no body, every method of the tenant's profile, with charge zero.
    if (request.body === undefined || request.body === null) return tenantDeliveryMethods.map((m) => renderDelivery(m, 0))
    const body = deliveryBodySchema.safeParse(request.body)
    if (!body.success) throw productIdsInvalid()
    const now = ctx.now()
    const products = body.data.map((item) => ctx.catalogue.product(item.productId))
    if (products.some((p) => !p)) throw productIdsInvalid()
    const common = commonOf((products as Product[]).map((p) => deliveryMethodsFor(p, now)), (m) => m.code)
    return common.map((m) => renderDelivery(m, m.cents))
  })

  app.post('/api/v0/:tenant/cart/paymentmethods', (request) => {
    authorize(ctx, request, 'cart')
    const body = paymentBodySchema.safeParse(request.body)
    if (!body.success) throw productIdsInvalid()
    const products = body.data.productIdList.map((id) => ctx.catalogue.product(id))
    if (products.some((p) => !p)) throw productIdsInvalid()
    return { paymentMethodList: commonOf((products as Product[]).map((p) => [...p.event.paymentMethods]), (m) => m) }
  })
}
