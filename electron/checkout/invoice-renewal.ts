import type { SalesApi } from '../api/sales-api'
import { centsOf } from '../contract/money'
import type { GiveBackReason } from '../contract/staff-note'
import type { HoldManager } from '../holds/hold-manager'
import type { SaleRecord, SalesJournal } from '../journal/sales-journal'
import { renewalBody } from './order-body'
import { takenOf } from '../journal/sale-states'

export interface RenewalDeps {
  api: SalesApi
  holds: HoldManager
  journal: SalesJournal
  /** The least time a payment needs before the order lapses. */
  budgetMs: number
  now: () => number
  /** Checkout's crash hook, after each journal step. */
  step: (step: string) => Promise<void>
  /** The error the customer gets when the seats could not be kept. */
  expired: (detail: string) => Error
  /** Gives back what a split sale's parts took, its order voided (settlement's giveBack). */
  giveBack: (sale: SaleRecord, why: GiveBackReason) => Promise<unknown>
}

/**
 * A payment must not outlast the order: with too little time left, the order
 * is placed again for the same seats (picked seats, mode SP), which starts a
 * fresh hold. The seats never go on sale in between: the old order is voided
 * with its seats kept held for this kiosk (recorded as holds, so a crash
 * releases them on the next start), then ordered again. If that fails, the
 * held seats go back, the customer is told plainly and nothing is charged.
 */
export async function renewIfShort(sale: SaleRecord, deps: RenewalDeps): Promise<SaleRecord> {
  const { api, holds, journal } = deps
  if (sale.expiresAt === null || sale.expiresAt - deps.now() >= deps.budgetMs) return sale
  const previous = sale.order!
  journal.note(sale.saleId, 'invoice-renewing', { msLeft: sale.expiresAt - deps.now() })
  // A failure here leaves the sale invoiced: paying again retries (a second void of a voided order is harmless).
  await api.cancelOrder(sale.reference!, { keepSeatsHeld: true })
  for (const item of previous.items) holds.recordSeats(item.productId, item.seats.map((s) => s.inventoryId))
  await deps.step('invoice-seats-held')
  try {
    const order = await api.submitOrder(renewalBody(sale.request, previous))
    holds.handOverOrder(order)
    const expiresAt = order.expirationTime ? Date.parse(order.expirationTime) : null
    return journal.record(sale.saleId, 'order-renewed', 'submitted', { reference: order.reference, expiresAt, order, amountCents: centsOf(order.amountToBePaid.amount) })
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unknown'
    // A split sale's cash part was taken for this order: it goes back with it, recorded as a refund.
    if (takenOf(sale) > 0) await deps.giveBack(sale, { key: 'whyOrderLapsed', params: { code } })
    else journal.record(sale.saleId, 'order-renewal-failed', 'cancelled', {}, { code })
    for (const item of previous.items) {
      await holds.release(item.productId, item.seats.map((s) => s.inventoryId)).catch(() => {
        // Unreachable: they stay recorded and are released later, or lapse at the vendor.
      })
    }
    throw deps.expired(`the order of ${sale.saleId} ran out of time and the seats could not be kept`)
  }
}
