import type { GiveBackReason, StaffNoteSentence } from '../contract/staff-note'
import type { NewRefund } from '../journal/sale-payments'
import type { PaymentRecord, SaleRecord, SalesJournal } from '../journal/sales-journal'
import { staffNoteText } from '../journal/staff-note'
import type { PaymentTerminal } from '../payment/payment-port'

/**
 * Giving back a split sale whose order cannot go on (the vendor would not
 * confirm it, the customer gave up after the cash part, recovery found it
 * half paid): each part goes back its own way. A card part is refunded at the
 * terminal by its own key; a cash part is handed back from the drawer; a part
 * on the standalone terminal is reversed there by staff (Foyer cannot reach
 * it). Every part given back is a refund record of its own, in one step with
 * the order voided; a part that is not (a card refund refused, the standalone
 * terminal) holds the sale for staff, with a note saying each part.
 */
export interface GiveBackDeps {
  journal: SalesJournal
  terminal: PaymentTerminal | null
}

/** One part given back: its refund record, the note's sentence for it, and whether the terminal refused it. */
export interface PartBack {
  refund: NewRefund
  line: StaffNoteSentence
  refused: boolean
}

/**
 * One taken part given back its own way: cash from the drawer, a card at the
 * terminal by its own key (a refusal is recorded declined), a standalone part
 * named for staff to reverse on that terminal. `by` names who asked and who
 * approved (a counter refund). Shared by the give-back here and the counter's (./refund-parts.ts).
 */
export async function partBack(part: PaymentRecord, terminal: PaymentTerminal | null, by: Pick<NewRefund, 'askedBy' | 'approvedBy'> = {}): Promise<PartBack> {
  const amountCents = part.amountCents
  const given = { refersTo: part.seq, state: 'approved' as const, ...by }
  switch (part.tender) {
    case 'cash':
      return { refund: given, line: { key: 'partCashBack', params: { amountCents } }, refused: false }
    case 'standalone':
      return { refund: given, line: { key: 'partStandaloneToReverse', params: { amountCents, approvalCode: part.approvalCode } }, refused: false }
    case 'card':
      try {
        if (!terminal || !part.attemptKey) throw new Error('no card terminal')
        await terminal.refund(part.attemptKey)
        return { refund: given, line: { key: 'partCardRefunded', params: { paymentKey: part.attemptKey, amountCents } }, refused: false }
      } catch (error) {
        const line: StaffNoteSentence = { key: 'partCardNotRefunded', params: { paymentKey: part.attemptKey, amountCents, error: (error as Error).message } }
        return { refund: { ...given, state: 'declined' }, line, refused: true }
      }
  }
}

/** Gives each part back and records it, the order voided; answers the sale as it then stands (the caller voids it at the vendor). */
export async function giveBackParts(sale: SaleRecord, taken: readonly PaymentRecord[], why: GiveBackReason, deps: GiveBackDeps): Promise<SaleRecord> {
  const refunds: NewRefund[] = []
  const lines: StaffNoteSentence[] = []
  let staff = false
  for (const part of taken) {
    const back = await partBack(part, deps.terminal)
    lines.push(back.line)
    // A standalone part is not given back until staff reverse it on that terminal: no refund record, the sale held for them.
    if (part.tender === 'standalone') staff = true
    else refunds.push(back.refund)
    if (back.refused) staff = true
  }
  const heading: StaffNoteSentence = { key: 'splitNotCompleted', params: { reference: sale.reference } }
  const note = taken.length === 0 ? null : staffNoteText([heading, why, ...lines])
  return deps.journal.refundPayment(sale.saleId, staff ? 'refund-by-staff' : 'refunded', refunds, 'cancelled', { staffNote: note, heldForStaff: staff }, { parts: taken.length })
}
