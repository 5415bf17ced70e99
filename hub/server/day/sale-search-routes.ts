import { HUB_PATHS, RefundPayload, SaleSearchAnswer, SaleSearchRequest, SearchedSale, type FoundSale } from '../../protocol'
import type { HubRoutes } from '../plugins/zod-schemas'
import { salesWithCode } from './today-views'

/**
 * A counter's scanned code looked up among the venue's sales (hub/protocol/sale-search.ts), through the
 * hub's index of sales' codes (a booking or payment reference, as the dashboard's lookup finds, or a
 * ticket's barcode; any case): read-only, for the group of devices in service (a stranger 401, a
 * revoked device 403, both before the body is read). The patron is left out of the answer, whatever
 * the hub keeps.
 */
function searched(found: FoundSale): SaleSearchAnswer['sales'][number] {
  const refunds = found.steps.flatMap((step) => (step.kind === 'refund' ? [RefundPayload.parse(step.payload)] : []))
  // The patron stays at the hub: taken off before the answer is made, and the answer's schema has no place for one.
  const { patron: _patron, patronDays: _days, ...sale } = found.sale
  return { deviceName: found.deviceName, occurredAt: found.occurredAt, sale: SearchedSale.parse(sale), refunds }
}

export const saleSearchRoute: HubRoutes = async (app) => {
  app.post(HUB_PATHS.saleSearch, { schema: { body: SaleSearchRequest, response: { 200: SaleSearchAnswer } } }, async (request) => ({
    sales: (await salesWithCode(app.db, request.body.code)).map(searched),
  }))
}
