import type { FastifyInstance } from 'fastify'
import { HUB_PATHS, RefundPayload, SaleSearchAnswer, SaleSearchRequest, SearchedSale, type FoundSale } from '../protocol'
import { authenticate, type DeviceRouteContext } from './device-routes'
import { salesWithCode } from './today-views'

/**
 * A counter's scanned code looked up among the venue's sales (hub/protocol/sale-search.ts), through the
 * hub's index of sales' codes (a booking or payment reference, as the dashboard's lookup finds, or a
 * ticket's barcode; any case): read-only, for an enrolled device not revoked. The patron is left out of
 * the answer, whatever the hub keeps.
 */
function searched(found: FoundSale): SaleSearchAnswer['sales'][number] {
  const refunds = found.steps.flatMap((step) => (step.kind === 'refund' ? [RefundPayload.parse(step.payload)] : []))
  // The patron stays at the hub: taken off before the answer is made, and the answer's schema has no place for one.
  const { patron: _patron, patronDays: _days, ...sale } = found.sale
  return { deviceName: found.deviceName, occurredAt: found.occurredAt, sale: SearchedSale.parse(sale), refunds }
}

export function saleSearchRoutes(app: FastifyInstance, ctx: DeviceRouteContext): void {
  app.post(HUB_PATHS.saleSearch, async (request, reply) => {
    const device = await authenticate(ctx, request, reply)
    if (!device) return reply
    if (device.revoked_at) return reply.code(403).send({ error: 'revoked' })
    const parsed = SaleSearchRequest.safeParse(request.body)
    if (!parsed.success) return reply.code(400).send({ error: 'unreadable-request' })
    const sales = (await salesWithCode(ctx.db, parsed.data.code)).map(searched)
    return reply.send(SaleSearchAnswer.parse({ sales }))
  })
}
