import type { FastifyInstance } from 'fastify'
import { DASHBOARD_PATHS, SaleLookupQuery, type SaleLookupAnswer, type TodayAnswer } from '../protocol'
import { refuse, requireManager, type DashboardContext } from './dashboard-api'
import { salesWithReference, todayAnswer } from './today-views'

/** Today's sales across every device, and a sale looked up by its reference, for a signed-in manager. */
export function todayRoutes(api: FastifyInstance, ctx: DashboardContext): void {
  api.get(DASHBOARD_PATHS.today, async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    return (await todayAnswer(ctx.db, ctx.now())) satisfies TodayAnswer
  })

  api.get(DASHBOARD_PATHS.sales, async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    const query = SaleLookupQuery.safeParse(request.query)
    if (!query.success) return refuse(reply, 400, 'invalid-request')
    return { sales: await salesWithReference(ctx.db, query.data.reference) } satisfies SaleLookupAnswer
  })
}
