import { formatMoney } from '../contract/money'
import type { NewRefund } from '../journal/sale-payments'
import type { PaymentRecord, SaleRecord } from '../journal/sales-journal'
import type { CheckoutService } from './checkout-service'
import type { CounterRefund } from './counter-refund'

/**
 * A split sale given back at the counter (./counter-refund.ts): each tender
 * goes back its own way, in one journal step with a refund record per part.
 * The cash part comes from the drawer, the card part is refunded at the
 * terminal by its own key, a standalone part is reversed on that terminal by
 * staff. A card the terminal would not refund holds the sale for staff (the
 * order stays sold); the note and the answer say each part.
 */
export interface SplitRefundContext {
  who: string
  voidAtVendor: string
  filed: { refundedByName: string; refundAskedByName: string | null }
  names: { askedBy: string | null; approvedBy: string }
  by: { askedBy: string | null; approvedBy: string }
  answer: Omit<CounterRefund, 'state' | 'printed'>
}

export async function refundParts(checkout: CheckoutService, sale: SaleRecord, taken: readonly PaymentRecord[], context: SplitRefundContext): Promise<CounterRefund> {
  const refunds: NewRefund[] = []
  const lines: string[] = []
  let failed = false
  for (const part of taken) {
    const amount = formatMoney(part.amountCents, 'en-SG')
    const given = { refersTo: part.seq, state: 'approved' as const, ...context.by }
    if (part.tender === 'card') {
      try {
        await checkout.terminal!.refund(part.attemptKey!)
        lines.push(`card payment ${part.attemptKey} of ${amount} refunded`)
        refunds.push(given)
      } catch (error) {
        failed = true
        lines.push(`card payment ${part.attemptKey} of ${amount} NOT refunded (${(error as Error).message}): refund it on the terminal`)
        refunds.push({ ...given, state: 'declined' })
      }
    } else if (part.tender === 'cash') {
      lines.push(`${amount} given back in cash from the drawer`)
      refunds.push(given)
    } else {
      lines.push(`reverse ${amount} (approval code ${part.approvalCode ?? 'unknown'}) on the standalone terminal`)
      refunds.push(given)
    }
  }
  const note = `Split sale ${sale.reference} refunded, ${context.who}: ${lines.join('; ')}. ${context.voidAtVendor}`
  const step = failed ? 'counter-refund-failed' : 'counter-refunded'
  const after = checkout.journal.refundPayment(sale.saleId, step, refunds, failed ? 'confirmed' : 'refunded', { staffNote: note, heldForStaff: failed, ...context.filed }, context.names)
  if (failed) return { state: 'needs-staff', printed: false, ...context.answer }
  return { state: 'refunded', printed: await checkout.print(after, 'refund'), ...context.answer }
}
