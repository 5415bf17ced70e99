import { DASHBOARD_PATHS, SaleLookupAnswer, SaleLookupQuery, TodayAnswer } from '../../protocol'
import { REFUSALS } from '../plugins/dashboard-rules'
import type { HubRoutes } from '../plugins/zod-schemas'
import { salesWithReference, todayAnswer } from './today-views'

/** Today's sales across every device, and a sale looked up by its reference: for the signed-in group. */
export const todayRoutes: HubRoutes = async (api) => {
  api.get(DASHBOARD_PATHS.today, { schema: { response: { 200: TodayAnswer, ...REFUSALS } } }, () => todayAnswer(api.db, api.clock()))

  const lookup = { querystring: SaleLookupQuery, response: { 200: SaleLookupAnswer, ...REFUSALS } }
  api.get(DASHBOARD_PATHS.sales, { schema: lookup }, async (request) => ({ sales: await salesWithReference(api.db, request.query.reference) }))
}
