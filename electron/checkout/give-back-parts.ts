import { formatMoney } from '../contract/money'
import type { NewRefund } from '../journal/sale-payments'
import type { PaymentRecord, SaleRecord, SalesJournal } from '../journal/sales-journal'
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
  line: string
  staff: boolean
}

async function partBack(part: PaymentRecord, terminal: PaymentTerminal | null): Promise<PartBack> {
  const amount = formatMoney(part.amountCents, 'en-SG')
  const given = { refersTo: part.seq, state: 'approved' as const }
  switch (part.tender) {
    case 'cash':
      return { refund: given, line: `give back ${amount} in cash from the drawer`, staff: false }
    case 'standalone':
      return { refund: null, line: `reverse ${amount} (approval code ${part.approvalCode ?? 'unknown'}) on the standalone terminal`, staff: true }
    case 'card':
      try {
        if (!terminal || !part.attemptKey) throw new Error('no card terminal')
        await terminal.refund(part.attemptKey)
        return { refund: given, line: `card payment ${part.attemptKey} of ${amount} refunded`, staff: false }
      } catch (error) {
        const line = `card payment ${part.attemptKey} of ${amount} NOT refunded (${(error as Error).message}): refund it on the terminal`
        return { refund: { refersTo: part.seq, state: 'declined' }, line, staff: true }
      }
  }
}

/** Gives each part back and records it, the order voided; answers the sale as it then stands (the caller voids it at the vendor). */
export async function giveBackParts(sale: SaleRecord, taken: readonly PaymentRecord[], why: string, deps: GiveBackDeps): Promise<SaleRecord> {
  const parts: PartBack[] = []
  for (const part of taken) parts.push(await partBack(part, deps.terminal))
  const refunds = parts.flatMap((p) => (p.refund ? [p.refund] : []))
  const staff = parts.some((p) => p.staff)
  const note = taken.length === 0 ? null : `Split sale ${sale.reference} could not be completed (${why}); each part goes back: ${parts.map((p) => p.line).join('; ')}.`
  return deps.journal.refundPayment(sale.saleId, staff ? 'refund-by-staff' : 'refunded', refunds, 'cancelled', { staffNote: note, heldForStaff: staff }, { parts: parts.length })
}
