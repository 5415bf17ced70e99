import type { FastifyInstance } from 'fastify'
import { CardPaymentsAnswer, CardPaymentsQuery, END_OF_DAY_PATHS } from '../protocol'
import { dayClose } from '../storage/day-close-table'
import { dayCardPayments } from '../storage/end-of-day-table'
import { refuse, requireManager, route, type DashboardContext } from './dashboard-api'
import { cardPayment } from './end-of-day-figures'
import { dayOf } from './end-of-day-routes'

/**
 * A day's card payments and refunds a page at a time, for End of day's page (issue #35): a busy day has
 * tens of thousands, which the day's answer no longer carries. On a closed day, those its close counted,
 * as its figures are; the card file (end-of-day-routes.ts) has them all.
 */
export function cardPaymentRoutes(api: FastifyInstance, ctx: DashboardContext): void {
  api.get(route(END_OF_DAY_PATHS.cardPayments, 'date'), async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    const day = dayOf(request.params, reply)
    if (!day) return reply
    const query = CardPaymentsQuery.safeParse(request.query)
    if (!query.success) return refuse(reply, 400, 'invalid-request')
    const close = await dayClose(ctx.db, day.date)
    const rows = await dayCardPayments(ctx.db, day.window, { upTo: close?.last_record_id ?? null, ...query.data })
    // A page past the last has no row to say the total: counted again without a limit's offset (rare: the page asks within it).
    const total = rows[0]?.total ?? (query.data.offset === 0 ? 0 : (await dayCardPayments(ctx.db, day.window, { upTo: close?.last_record_id ?? null, limit: 1, offset: 0 }))[0]?.total ?? 0)
    return CardPaymentsAnswer.parse({ total, offset: query.data.offset, payments: rows.map(cardPayment) })
  })
}
