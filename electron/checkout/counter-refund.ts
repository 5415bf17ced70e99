import type { StaffMemberView } from '../contract/staff-channels'
import type { StaffNoteSentence } from '../contract/staff-note'
import { FoyerError } from '../ipc-core/foyer-error'
import type { SaleRecord, Tender } from '../journal/sales-journal'
import { staffNoteText } from '../journal/staff-note'
import { cardFromSteps } from '../printing/format'
import type { CheckoutService } from './checkout-service'
import { approvalCodeFromSteps } from './standalone'

/**
 * A confirmed counter sale given back (the customer returns the tickets), as
 * the cashier signed in asks and a supervisor approves: the card payment is
 * refunded at the terminal that took it, cash is handed back from the drawer
 * (the shift counts the sale as sold and this refund as its own line), and a
 * card taken on the standalone terminal is reversed there by staff. The sale
 * ends "refunded", naming who asked and who approved, and a refund slip is
 * printed. The vendor's API has no way to void a confirmed order, so the note
 * tells staff to keep the returned tickets and void the order in the vendor's
 * back office. Only sales of the open shift: an earlier shift's drawer is
 * counted and closed.
 */
export const counterRefundMessageKeys = ['staff.errors.notRefundable'] as const

export interface CounterRefund {
  state: 'refunded' | 'needs-staff'
  printed: boolean
  /** What the cashier does with the money: how it went back, how much, and the card's last four digits (never more). */
  tender: Tender
  amountCents: number
  cardLast4: string | null
}

/** Who asked for the refund (the cashier signed in; null only where nobody signs in) and the supervisor who approved it. */
export interface RefundPeople {
  askedBy: StaffMemberView | null
  approvedBy: StaffMemberView
}

const notRefundable = (sale: SaleRecord | null, why: string) =>
  new FoyerError({ code: 'checkout.not-refundable', messageKey: 'staff.errors.notRefundable', retryable: false, detail: `sale ${sale?.saleId ?? '?'} ${why}` })

/** "Asked by Aisha Rahman, approved by Mei Ling.", or the approval alone when nobody asked by name. */
const whoFor = ({ askedBy, approvedBy }: RefundPeople): StaffNoteSentence =>
  askedBy ? { key: 'refundAskedAndApproved', params: { askedBy: askedBy.name, approvedBy: approvedBy.name } } : { key: 'refundApproved', params: { approvedBy: approvedBy.name } }

export async function refundAtCounter(checkout: CheckoutService, saleId: string, openShiftId: string | null, people: RefundPeople): Promise<CounterRefund> {
  const journal = checkout.journal
  const sale = journal.get(saleId)
  if (!sale || (sale.state !== 'confirmed' && sale.state !== 'printed')) throw notRefundable(sale, `is ${sale?.state ?? 'unknown'}, not a confirmed sale`)
  if (openShiftId === null || sale.shiftId !== openShiftId) throw notRefundable(sale, 'is not a sale of the open shift')
  const voidAtVendor: StaffNoteSentence = { key: 'voidAtVendor', params: { reference: sale.reference } }
  const names = { askedBy: people.askedBy?.name ?? null, approvedBy: people.approvedBy.name }
  const filed = { refundedByName: names.approvedBy, refundAskedByName: names.askedBy }
  const who = whoFor(people)
  const cardLast4 = sale.tender === 'card' ? (cardFromSteps(journal.steps(saleId))?.last4 ?? null) : null
  const answer = { tender: sale.tender, amountCents: sale.amountCents, cardLast4: cardLast4 && /^\d{4}$/.test(cardLast4) ? cardLast4 : null }
  journal.note(saleId, 'counter-refund-started', names)
  let what: StaffNoteSentence
  if (sale.tender === 'card') {
    try {
      await checkout.terminal!.refund(sale.paymentKey!)
    } catch (error) {
      const failed = staffNoteText([{ key: 'counterRefundFailed', params: { paymentKey: sale.paymentKey, reference: sale.reference, error: (error as Error).message } }, who, voidAtVendor])
      journal.record(saleId, 'counter-refund-failed', 'needs-staff', { staffNote: failed, ...filed }, names)
      return { state: 'needs-staff', printed: false, ...answer }
    }
    what = { key: 'counterCardRefunded', params: { paymentKey: sale.paymentKey, reference: sale.reference } }
  } else if (sale.tender === 'cash') {
    what = { key: 'counterCashRefunded', params: { amountCents: sale.amountCents, reference: sale.reference } }
  } else {
    const approvalCode = approvalCodeFromSteps(journal.steps(saleId))
    what = { key: 'counterStandaloneToReverse', params: { amountCents: sale.amountCents, approvalCode, reference: sale.reference } }
  }
  const note = staffNoteText([what, who, voidAtVendor])
  const refunded = journal.record(saleId, 'counter-refunded', 'refunded', { staffNote: note, ...filed }, names)
  return { state: 'refunded', printed: await checkout.print(refunded, 'refund'), ...answer }
}
