import type { SaleOutcomeName, SaleOutcomeView } from '../contract/checkout-channels'
import { FoyerError } from '../ipc-core/foyer-error'
import type { SaleRecord, SaleState } from '../journal/sales-journal'

/**
 * What the customer is told about their sale when their screen lost track of
 * it (Foyer crashed or restarted mid-payment, the window reloaded), read from
 * the journal after recovery has had its say. Only words that are true of the
 * money: "not charged" only where nothing was or can still be taken, "paid"
 * only where the vendor issued the tickets, "refunded" only once the refund
 * went through; anything still moving is "checking", anything nobody here can
 * settle goes to staff.
 */
export function outcomeOfState(state: SaleState, finding: boolean): SaleOutcomeName {
  switch (state) {
    case 'printed':
      return 'printed'
    // Issued; while main is still printing (or recovery prints again) the customer waits for the tickets.
    case 'confirmed':
      return finding ? 'checking' : 'confirmed'
    case 'refunded':
      return 'refunded'
    case 'cancelled':
    case 'failed':
      return 'not-charged'
    // Nothing taken, but the order is still open: a payment may yet start (or recovery voids it).
    case 'invoiced':
    case 'declined':
      return finding ? 'checking' : 'unpaid'
    // A call is in flight: only its answer (or recovery) can say where the money is.
    case 'submitting':
    case 'paying':
    case 'paid':
      return 'checking'
    // Part of a split sale is taken, the rest is not: only staff can finish it or give the part back.
    case 'part-paid':
      return finding ? 'checking' : 'staff'
    case 'needs-staff':
      return 'staff'
  }
}

/** A screen's own sale is minutes old: an id older than this is no screen's any more, and its order is not handed out. */
export const OUTCOME_WINDOW_MS = 6 * 60 * 60 * 1000

const unknownSale = (saleId: string) =>
  new FoyerError({ code: 'checkout.unknown-sale', messageKey: 'checkout.errors.notPayable', retryable: false, detail: `no recent sale ${saleId}` })

/**
 * The answer to `checkout.outcome` for one sale. `finding`: main is still
 * working on it (recovery running, or its payment under way here). The order
 * (its tickets) only once issued; nothing about the card ever.
 */
export function saleOutcome(sale: SaleRecord | null, saleId: string, finding: boolean, now: number): SaleOutcomeView {
  if (!sale || now - sale.createdAt > OUTCOME_WINDOW_MS) throw unknownSale(saleId)
  const outcome = outcomeOfState(sale.state, finding)
  const issued = outcome === 'printed' || outcome === 'confirmed'
  return {
    saleId: sale.saleId,
    outcome,
    reference: sale.reference,
    amountCents: sale.amountCents,
    order: issued ? sale.order : null,
    printed: sale.state === 'printed',
  }
}
