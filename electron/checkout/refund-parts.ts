import type { StaffNoteSentence } from '../contract/staff-note'
import type { PaymentRecord, SaleRecord } from '../journal/sales-journal'
import { staffNoteText } from '../journal/staff-note'
import type { CheckoutService } from './checkout-service'
import { partBack, type PartBack } from './give-back-parts'
import { openForCashBack } from './checkout-types'
import type { CounterRefund } from './refund-answer'

/**
 * A split sale given back at the counter (./counter-refund.ts): each tender
 * goes back its own way, in one journal step with a refund record per part.
 * The cash part comes from the drawer, the card part is refunded at the
 * terminal by its own key, a standalone part is reversed on that terminal by
 * staff. A card the terminal would not refund holds the sale for staff (the
 * order stays sold); the note and the answer say each part.
 */
export interface SplitRefundContext {
  who: StaffNoteSentence
  voidAtVendor: StaffNoteSentence
  filed: { refundedByName: string; refundAskedByName: string | null }
  /** Who asked and who approved: the step's detail and each refund record's. */
  names: { askedBy: string | null; approvedBy: string }
  answer: Omit<CounterRefund, 'state' | 'printed'>
}

export async function refundParts(checkout: CheckoutService, sale: SaleRecord, taken: readonly PaymentRecord[], context: SplitRefundContext): Promise<CounterRefund> {
  const parts: PartBack[] = []
  for (const part of taken) parts.push(await partBack(part, checkout.terminal, context.names))
  const refunds = parts.map((p) => p.refund)
  const lines = parts.map((p) => p.line)
  const failed = parts.some((p) => p.refused)
  const note = staffNoteText([{ key: 'splitRefunded', params: { reference: sale.reference } }, ...lines, context.who, context.voidAtVendor])
  const step = failed ? 'counter-refund-failed' : 'counter-refunded'
  const after = checkout.journal.refundPayment(sale.saleId, step, refunds, failed ? 'confirmed' : 'refunded', { staffNote: note, heldForStaff: failed, ...context.filed }, context.names)
  if (failed) return { state: 'needs-staff', printed: false, ...context.answer }
  await openForCashBack(checkout.drawer, sale.saleId, taken)
  return { state: 'refunded', printed: await checkout.print(after, 'refund'), ...context.answer }
}
