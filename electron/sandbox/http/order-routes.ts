import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
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
  const requireOrderScopes = (request: Parameters<typeof authorize>[1]) => {
    authorize(ctx, request, 'cart')
    authorize(ctx, request, 'patron')
    authorize(ctx, request, 'payment')
  }

  app.post('/api/v0/:tenant/orders', (request) => {
    requireOrderScopes(request)
    const body = orderRequestSchema.safeParse(request.body)
    if (!body.success) throw badRequest('error.order.request.invalid', describe(body.error))
    return ctx.orders.render(ctx.orders.create(body.data, ctx.now()), ctx.quirks)
  })

  app.get('/api/v0/:tenant/orders/:ref', (request) => {
    requireOrderScopes(request)
    const { ref } = request.params as { ref: string }
    return ctx.orders.render(ctx.orders.get(ref, ctx.now()), ctx.quirks)
  })

  app.post('/api/v0/:tenant/orders/:ref/confirm', (request) => {
    requireOrderScopes(request)
    const { ref } = request.params as { ref: string }
    const body = confirmRequestSchema.safeParse(request.body)
    if (!body.success) throw badRequest('error.order.request.invalid', describe(body.error))
    return ctx.orders.render(ctx.orders.confirm(ref, body.data, ctx.now()), ctx.quirks)
  })

  app.post('/api/v0/:tenant/orders/:ref/cancel', (request) => {
    requireOrderScopes(request)
    const { ref } = request.params as { ref: string }
    return ctx.orders.render(ctx.orders.cancel(ref, ctx.now()), ctx.quirks)
  })
}
