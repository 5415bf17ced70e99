import { formatMoney } from '../contract/money'
import type { StaffMemberView } from '../contract/staff-channels'
import { FoyerError } from '../ipc-core/foyer-error'
import type { SaleRecord, Tender } from '../journal/sales-journal'
import { cardFromSteps } from '../printing/format'
import type { CheckoutService } from './checkout-service'
import { refundParts } from './refund-parts'
import { takenPayments } from './split-tender'
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
  /** Each tender given back (a split sale has several): how, how much, and the card's last four digits. */
  parts: RefundPart[]
}

export interface RefundPart {
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

/** "asked by Aisha Rahman, approved by Mei Ling", or the approval alone when nobody asked by name. */
const whoFor = ({ askedBy, approvedBy }: RefundPeople): string => (askedBy ? `asked by ${askedBy.name}, approved by ${approvedBy.name}` : `approved by ${approvedBy.name}`)

export async function refundAtCounter(checkout: CheckoutService, saleId: string, openShiftId: string | null, people: RefundPeople): Promise<CounterRefund> {
  const journal = checkout.journal
  const sale = journal.get(saleId)
  if (!sale || (sale.state !== 'confirmed' && sale.state !== 'printed')) throw notRefundable(sale, `is ${sale?.state ?? 'unknown'}, not a confirmed sale`)
  if (openShiftId === null || sale.shiftId !== openShiftId) throw notRefundable(sale, 'is not a sale of the open shift')
  const taken = takenPayments(sale)
  const payment = taken[0]
  if (!payment) throw notRefundable(sale, 'has no payment to give back')
  const amount = formatMoney(sale.amountCents, 'en-SG')
  const voidAtVendor = `Keep the returned tickets and void order ${sale.reference} in the vendor's back office.`
  const names = { askedBy: people.askedBy?.name ?? null, approvedBy: people.approvedBy.name }
  const filed = { refundedByName: names.approvedBy, refundAskedByName: names.askedBy }
  const who = whoFor(people)
  const last4 = cardFromSteps(journal.steps(saleId))?.last4 ?? null
  const cardLast4 = taken.some((p) => p.tender === 'card') && last4 && /^\d{4}$/.test(last4) ? last4 : null
  const parts = taken.map((p) => ({ tender: p.tender, amountCents: p.amountCents, cardLast4: p.tender === 'card' ? cardLast4 : null }))
  const answer = { tender: taken.length > 1 ? payment.tender : sale.tender, amountCents: sale.amountCents, cardLast4, parts }
  journal.note(saleId, 'counter-refund-started', names)
  const by = { askedBy: names.askedBy, approvedBy: names.approvedBy }
  if (taken.length > 1) return refundParts(checkout, sale, taken, { who, voidAtVendor, filed, names, by, answer })
  const paymentKey = payment.attemptKey
  const given = { refersTo: payment.seq, state: 'approved' as const, ...by }
  let note: string
  if (payment.tender === 'card') {
    try {
      await checkout.terminal!.refund(paymentKey!)
    } catch (error) {
      const failed = `Refund of ${sale.reference} ${who}, but the card terminal did not refund payment ${paymentKey} (${(error as Error).message}). Refund it on the terminal. ${voidAtVendor}`
      journal.refundPayment(saleId, 'counter-refund-failed', { ...given, state: 'declined' }, 'confirmed', { staffNote: failed, heldForStaff: true, ...filed }, names)
      return { state: 'needs-staff', printed: false, ...answer }
    }
    note = `Card payment ${paymentKey} of ${sale.reference} refunded, ${who}. ${voidAtVendor}`
  } else if (payment.tender === 'cash') {
    note = `${amount} given back in cash from the drawer for ${sale.reference}, ${who}. ${voidAtVendor}`
  } else {
    const code = approvalCodeFromSteps(journal.steps(saleId)) ?? 'unknown'
    note = `Reverse ${amount} (approval code ${code}) on the standalone terminal for ${sale.reference}; refund ${who}. ${voidAtVendor}`
  }
  const refunded = journal.refundPayment(saleId, 'counter-refunded', given, 'refunded', { staffNote: note, ...filed }, names)
  return { state: 'refunded', printed: await checkout.print(refunded, 'refund'), ...answer }
}
