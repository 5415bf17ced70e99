import { approvalCodeOf } from '../contract/approval-code'
import type { GiveBackReason } from '../contract/staff-note'
import { FoyerError } from '../ipc-core/foyer-error'
import type { SaleRecord, SalesJournal } from '../journal/sales-journal'
import { staffNoteText } from '../journal/staff-note'
import { dueOf, takenOf } from '../journal/sale-states'

/**
 * The standalone terminal (counter only): when the integrated card terminal is
 * down, staff take the card on a separate terminal and key in the approval
 * code it printed. No money moves through Foyer, so Foyer can neither ask that
 * terminal what happened nor give the money back: it journals the code, makes
 * the payment reference from it, and leaves every reversal to staff, with a
 * note that says what to reverse. Checkout (./checkout-service.ts) calls these
 * between its own steps, so the crash points are the same as for cash.
 */
export const STANDALONE_STARTED = 'payment-started'
export const STANDALONE_APPROVED = 'standalone-approved'

/** The approval code in capitals, or a translated refusal: nothing is journalled for a mistyped code. */
export function requireApprovalCode(typed: string): string {
  const code = approvalCodeOf(typed)
  if (code === null) {
    throw new FoyerError({ code: 'checkout.approval-code', messageKey: 'checkout.errors.approvalCode', retryable: false, detail: 'not 2 to 12 letters or digits' })
  }
  return code
}

/**
 * The payment reference the vendor's confirm gets. Made from the invoice, the
 * attempt and the code, never from the clock or chance: a confirm repeated
 * after a crash sends the same one, which the vendor treats as the same confirm.
 */
export function standalonePaymentRef(reference: string, attempt: number, approvalCode: string): string {
  return `STANDALONE-${reference}-${attempt}-${approvalCode}`
}

/**
 * Journals the code before it is recorded as paid: a crash between the two
 * leaves "paying", which recovery hands to staff. A counter card sale whose
 * integrated terminal failed (nothing taken) becomes a standalone one here,
 * filed under the open shift, so the shift counts it under this tender.
 */
export function startStandalone(journal: SalesJournal, sale: SaleRecord, approvalCode: string, shiftId: string | null): { seq: number } {
  const detail = sale.tender === 'standalone' ? { approvalCode } : { approvalCode, from: sale.tender }
  // A split sale keeps its tender (card): only its part is on the standalone terminal.
  const takeover = sale.tender === 'card' && takenOf(sale) === 0 ? { tender: 'standalone' as const } : {}
  const payment = { tender: 'standalone' as const, amountCents: dueOf(sale), approvalCode }
  return journal.startPayment(sale.saleId, STANDALONE_STARTED, payment, { ...takeover, shiftId }, detail)
}

/** The standalone terminal approved it: paid, with the reference the confirm will carry. */
export function standaloneApproved(journal: SalesJournal, sale: SaleRecord, seq: number, approvalCode: string): SaleRecord {
  return journal.settlePayment(sale.saleId, STANDALONE_APPROVED, seq, 'approved', { reference: standalonePaymentRef(sale.reference!, seq, approvalCode) }, {}, { approvalCode })
}

/** The approval code keyed for a sale's latest standalone payment (its payment record keeps it); null when it has none. */
export function standaloneApprovalCode(sale: SaleRecord): string | null {
  return sale.payments.filter((p) => p.kind === 'payment' && p.tender === 'standalone').at(-1)?.approvalCode ?? null
}

/**
 * The order could not be confirmed and the card was charged on a terminal
 * Foyer cannot reach: the sale goes to staff with what to reverse there. The
 * caller voids the order, so the seats go back on sale.
 */
export function standaloneToStaff(journal: SalesJournal, sale: SaleRecord, why: GiveBackReason): SaleRecord {
  const approvalCode = standaloneApprovalCode(sale)
  const note = staffNoteText([
    { key: 'standaloneToReverse', params: { amountCents: sale.amountCents, approvalCode, paymentRef: sale.paymentRef, reference: sale.reference } },
    why,
  ])
  // The caller voids the order: recorded as voided, held for staff until the card is reversed.
  return journal.record(sale.saleId, 'refund-by-staff', 'cancelled', { staffNote: note, heldForStaff: true })
}

/** Recovery's note for a standalone sale stopped between keying the code and recording it. */
export function interruptedStandaloneNote(journal: SalesJournal, sale: SaleRecord): string {
  const approvalCode = standaloneApprovalCode(sale)
  return staffNoteText([{ key: 'standaloneInterrupted', params: { reference: sale.reference, approvalCode, amountCents: sale.amountCents } }])
}
