import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { orderAnswer } from '../model/order-answer'
import type { OrderRecord } from '../model/order-record'
import { confirmRequestSchema, orderRequestSchema } from '../model/order-request'
import { badRequest } from './api-error'
import { authorize, type SandboxContext } from './context'

/**
 * Operation 10 and what the spec leaves "not shown": the pre-payment order,
 * then confirm, look-up and cancel by transaction reference number.
 */
function describe(error: z.ZodError): string {
  const issue = error.issues[0]
  return issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'body is invalid'
}

export function orderRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  /** Checks the three scopes orders need; answers the client, who alone may read, confirm or cancel its orders. */
  const requireOrderScopes = (request: Parameters<typeof authorize>[1]): string => {
    authorize(ctx, request, 'cart')
    authorize(ctx, request, 'patron')
    return authorize(ctx, request, 'payment')
  }
  const answer = (order: OrderRecord) => orderAnswer(order, ctx.quirks, ctx.catalogue, ctx.book)

  app.post('/api/v0/:tenant/orders', (request) => {
    const client = requireOrderScopes(request)
    const body = orderRequestSchema.safeParse(request.body)
    if (!body.success) throw badRequest('error.order.request.invalid', describe(body.error))
    return answer(ctx.orders.create(body.data, ctx.now(), client))
  })

  app.get('/api/v0/:tenant/orders/:ref', (request) => {
    const client = requireOrderScopes(request)
    const { ref } = request.params as { ref: string }
    return answer(ctx.orders.get(ref, ctx.now(), client))
  })

  app.post('/api/v0/:tenant/orders/:ref/confirm', (request) => {
    const client = requireOrderScopes(request)
    const { ref } = request.params as { ref: string }
    const body = confirmRequestSchema.safeParse(request.body)
    if (!body.success) throw badRequest('error.order.request.invalid', describe(body.error))
    return answer(ctx.orders.confirm(ref, body.data, ctx.now(), client))
  })

  app.post('/api/v0/:tenant/orders/:ref/cancel', (request) => {
    const client = requireOrderScopes(request)
    const { ref } = request.params as { ref: string }
    // Optional body { keepSeatsHeld: true }: the seats go back to the client as holds (to place the order again), not on sale.
    const body = (request.body ?? {}) as { keepSeatsHeld?: unknown }
    if (typeof body !== 'object' || (body.keepSeatsHeld !== undefined && typeof body.keepSeatsHeld !== 'boolean')) {
      throw badRequest('error.order.request.invalid', 'keepSeatsHeld must be a boolean')
    }
    return answer(ctx.orders.cancel(ref, ctx.now(), client, body.keepSeatsHeld === true))
  })
}
