import { CardPaymentsAnswer, CardPaymentsQuery, END_OF_DAY_PATHS } from '../../protocol'
import { dayClose } from '../../storage/day-close-table'
import { dayCardPayments } from '../../storage/end-of-day-table'
import { REFUSALS, route } from '../plugins/dashboard-rules'
import type { HubRoutes } from '../plugins/zod-schemas'
import { cardPayment } from './end-of-day-figures'
import { DateParams, dayOf } from './end-of-day-routes'

/**
 * A day's card payments and refunds a page at a time, for End of day's page (issue #35): a busy day has
 * tens of thousands, which the day's answer no longer carries. On a closed day, those its close counted,
 * as its figures are; the card file (end-of-day-routes.ts) has them all. For the signed-in group.
 */
export const cardPaymentRoutes: HubRoutes = async (api) => {
  const schema = { params: DateParams, querystring: CardPaymentsQuery, response: { 200: CardPaymentsAnswer, ...REFUSALS } }
  api.get(route(END_OF_DAY_PATHS.cardPayments, 'date'), { schema }, async (request, reply) => {
    const day = dayOf(request.params.date, reply)
    if (!day) return reply
    const close = await dayClose(api.db, day.date)
    const upTo = close?.last_record_id ?? null
    const rows = await dayCardPayments(api.db, day.window, { upTo, ...request.query })
    // A page past the last has no row to say the total: counted again without a limit's offset (rare: the page asks within it).
    const total = rows[0]?.total ?? (request.query.offset === 0 ? 0 : ((await dayCardPayments(api.db, day.window, { upTo, limit: 1, offset: 0 }))[0]?.total ?? 0))
    return { total, offset: request.query.offset, payments: rows.map(cardPayment) }
  })
}
