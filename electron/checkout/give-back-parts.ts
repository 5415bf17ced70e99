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

interface PartBack {
  refund: NewRefund | null
  line: StaffNoteSentence
  staff: boolean
}

async function partBack(part: PaymentRecord, terminal: PaymentTerminal | null): Promise<PartBack> {
  const amountCents = part.amountCents
  const given = { refersTo: part.seq, state: 'approved' as const }
  switch (part.tender) {
    case 'cash':
      return { refund: given, line: { key: 'partCashBack', params: { amountCents } }, staff: false }
    case 'standalone':
      return { refund: null, line: { key: 'partStandaloneToReverse', params: { amountCents, approvalCode: part.approvalCode } }, staff: true }
    case 'card':
      try {
        if (!terminal || !part.attemptKey) throw new Error('no card terminal')
        await terminal.refund(part.attemptKey)
        return { refund: given, line: { key: 'partCardRefunded', params: { paymentKey: part.attemptKey, amountCents } }, staff: false }
      } catch (error) {
        const line: StaffNoteSentence = { key: 'partCardNotRefunded', params: { paymentKey: part.attemptKey, amountCents, error: (error as Error).message } }
        return { refund: { refersTo: part.seq, state: 'declined' }, line, staff: true }
      }
  }
}

/** Gives each part back and records it, the order voided; answers the sale as it then stands (the caller voids it at the vendor). */
export async function giveBackParts(sale: SaleRecord, taken: readonly PaymentRecord[], why: GiveBackReason, deps: GiveBackDeps): Promise<SaleRecord> {
  const parts: PartBack[] = []
  for (const part of taken) parts.push(await partBack(part, deps.terminal))
  const refunds = parts.flatMap((p) => (p.refund ? [p.refund] : []))
  const staff = parts.some((p) => p.staff)
  const heading: StaffNoteSentence = { key: 'splitNotCompleted', params: { reference: sale.reference } }
  const note = taken.length === 0 ? null : staffNoteText([heading, why, ...parts.map((p) => p.line)])
  return deps.journal.refundPayment(sale.saleId, staff ? 'refund-by-staff' : 'refunded', refunds, 'cancelled', { staffNote: note, heldForStaff: staff }, { parts: parts.length })
}
