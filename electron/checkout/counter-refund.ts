import type { StaffMemberView } from '../contract/staff-channels'
import type { StaffNoteSentence } from '../contract/staff-note'
import { FoyerError } from '../ipc-core/foyer-error'
import type { SaleRecord } from '../journal/sales-journal'
import { staffNoteText } from '../journal/staff-note'
import { cardFromSteps } from '../printing/format'
import type { CheckoutService } from './checkout-service'
import { openForCashBack } from './checkout-types'
import type { CounterRefund } from './refund-answer'
import { refundParts } from './refund-parts'
import { paymentsNotGivenBack } from './split-tender'

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

/** Who asked for the refund (the cashier signed in; null only where nobody signs in) and the supervisor who approved it. */
export interface RefundPeople {
  askedBy: StaffMemberView | null
  approvedBy: StaffMemberView
}

const notRefundable = (sale: SaleRecord | null, why: string) =>
  new FoyerError({ code: 'checkout.not-refundable', messageKey: 'staff.errors.notRefundable', retryable: false, detail: `sale ${sale?.saleId ?? '?'} ${why}` })

const isSold = (sale: SaleRecord) => sale.state === 'confirmed' || sale.state === 'printed'
const ofOpenShift = (sale: SaleRecord, openShiftId: string | null) => openShiftId !== null && sale.shiftId === openShiftId

/** Whether a sale may be refunded at this counter: sold, and in the open shift (an earlier shift's drawer is counted and closed). */
export const refundableHere = (sale: SaleRecord, openShiftId: string | null): boolean => isSold(sale) && ofOpenShift(sale, openShiftId)

/** "Asked by Aisha Rahman, approved by Mei Ling.", or the approval alone when nobody asked by name. */
const whoFor = ({ askedBy, approvedBy }: RefundPeople): StaffNoteSentence =>
  askedBy ? { key: 'refundAskedAndApproved', params: { askedBy: askedBy.name, approvedBy: approvedBy.name } } : { key: 'refundApproved', params: { approvedBy: approvedBy.name } }

export async function refundAtCounter(checkout: CheckoutService, saleId: string, openShiftId: string | null, people: RefundPeople): Promise<CounterRefund> {
  const journal = checkout.journal
  const sale = journal.get(saleId)
  if (!sale || !isSold(sale)) throw notRefundable(sale, `is ${sale?.state ?? 'unknown'}, not a confirmed sale`)
  if (!ofOpenShift(sale, openShiftId)) throw notRefundable(sale, 'is not a sale of the open shift')
  const taken = paymentsNotGivenBack(sale)
  const payment = taken[0]
  if (!payment) throw notRefundable(sale, 'has no payment to give back')
  const voidAtVendor: StaffNoteSentence = { key: 'voidAtVendor', params: { reference: sale.reference } }
  const names = { askedBy: people.askedBy?.name ?? null, approvedBy: people.approvedBy.name }
  const filed = { refundedByName: names.approvedBy, refundAskedByName: names.askedBy }
  const who = whoFor(people)
  const last4 = cardFromSteps(journal.steps(saleId))?.last4 ?? null
  const cardLast4 = taken.some((p) => p.tender === 'card') && last4 && /^\d{4}$/.test(last4) ? last4 : null
  const parts = taken.map((p) => ({ tender: p.tender, amountCents: p.amountCents, cardLast4: p.tender === 'card' ? cardLast4 : null }))
  const answer = { tender: taken.length > 1 ? payment.tender : sale.tender, amountCents: sale.amountCents, cardLast4, parts }
  journal.note(saleId, 'counter-refund-started', names)
  if (taken.length > 1) return refundParts(checkout, sale, taken, { who, voidAtVendor, filed, names, answer })
  const paymentKey = payment.attemptKey
  const given = { refersTo: payment.seq, state: 'approved' as const, ...names }
  let what: StaffNoteSentence
  if (payment.tender === 'card') {
    try {
      await checkout.terminal!.refund(paymentKey!)
    } catch (error) {
      const failed = staffNoteText([{ key: 'counterRefundFailed', params: { paymentKey, reference: sale.reference, error: (error as Error).message } }, who, voidAtVendor])
      journal.refundPayment(saleId, 'counter-refund-failed', { ...given, state: 'declined' }, 'confirmed', { staffNote: failed, heldForStaff: true, ...filed }, names)
      return { state: 'needs-staff', printed: false, ...answer }
    }
    what = { key: 'counterCardRefunded', params: { paymentKey, reference: sale.reference } }
  } else if (payment.tender === 'cash') {
    what = { key: 'counterCashRefunded', params: { amountCents: sale.amountCents, reference: sale.reference } }
  } else {
    what = { key: 'counterStandaloneToReverse', params: { amountCents: sale.amountCents, approvalCode: payment.approvalCode, reference: sale.reference } }
  }
  const note = staffNoteText([what, who, voidAtVendor])
  const refunded = journal.refundPayment(saleId, 'counter-refunded', given, 'refunded', { staffNote: note, ...filed }, names)
  await openForCashBack(checkout.drawer, saleId, [payment])
  return { state: 'refunded', printed: await checkout.print(refunded, 'refund'), ...answer }
}
