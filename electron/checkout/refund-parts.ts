import type { StaffNoteSentence } from '../contract/staff-note'
import type { NewRefund } from '../journal/sale-payments'
import type { PaymentRecord, SaleRecord } from '../journal/sales-journal'
import { staffNoteText } from '../journal/staff-note'
import type { CheckoutService } from './checkout-service'
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
  const refunds: NewRefund[] = []
  const lines: StaffNoteSentence[] = []
  let failed = false
  for (const part of taken) {
    const amountCents = part.amountCents
    const given = { refersTo: part.seq, state: 'approved' as const, ...context.names }
    if (part.tender === 'card') {
      try {
        await checkout.terminal!.refund(part.attemptKey!)
        lines.push({ key: 'partCardRefunded', params: { paymentKey: part.attemptKey, amountCents } })
        refunds.push(given)
      } catch (error) {
        failed = true
        lines.push({ key: 'partCardNotRefunded', params: { paymentKey: part.attemptKey, amountCents, error: (error as Error).message } })
        refunds.push({ ...given, state: 'declined' })
      }
    } else if (part.tender === 'cash') {
      lines.push({ key: 'partCashBack', params: { amountCents } })
      refunds.push(given)
    } else {
      lines.push({ key: 'partStandaloneToReverse', params: { amountCents, approvalCode: part.approvalCode } })
      refunds.push(given)
    }
  }
  const note = staffNoteText([{ key: 'splitRefunded', params: { reference: sale.reference } }, ...lines, context.who, context.voidAtVendor])
  const step = failed ? 'counter-refund-failed' : 'counter-refunded'
  const after = checkout.journal.refundPayment(sale.saleId, step, refunds, failed ? 'confirmed' : 'refunded', { staffNote: note, heldForStaff: failed, ...context.filed }, context.names)
  if (failed) return { state: 'needs-staff', printed: false, ...context.answer }
  return { state: 'refunded', printed: await checkout.print(after, 'refund'), ...context.answer }
}
