import { z } from 'zod'
import { shiftReportSchema, type ShiftReportView } from '../contract/shift-channels'
import { staffMemberSchema, type StaffMemberView } from '../contract/staff-channels'
import { readKept } from './kept-json'
import { emptyTotals, olderTotals } from './shift-tally'

/**
 * The JSON a shift's row keeps (electron/journal/shift-book.ts writes it):
 * who opened it, and the Z report as it was printed when it closed. Both are
 * read back through a schema.
 */

/**
 * Who opened the shift. One that does not read (not a staff member's shape) is
 * read as nobody named: the opener is a line on the report, and the open
 * shift is read for every counter sale, which must not stop over it. The row
 * itself is left as it was, so nothing is lost for whoever looks into it.
 */
export function shiftPersonOf(text: string | null): StaffMemberView | null {
  if (text === null) return null
  try {
    const person = staffMemberSchema.safeParse(JSON.parse(text))
    return person.success ? person.data : null
  } catch {
    return null
  }
}

const int = z.number().int()
/** A tender's totals as kept: older Foyers had no net or payments given back apart (olderTotals fills them). */
const keptTotalsSchema = z.object({ sales: int, soldCents: int, refunds: int, refundedCents: int, netCents: int.optional(), paidBack: int.optional(), paidBackCents: int.optional() })

/**
 * A Z report as kept, today's or an older Foyer's: the report's own schema,
 * with what older Foyers did not keep optional (see zReportFromKept).
 */
const { shape } = shiftReportSchema
const keptZReportSchema = shiftReportSchema.extend({
  kind: z.literal('Z'),
  card: keptTotalsSchema,
  cash: keptTotalsSchema,
  standalone: keptTotalsSchema.optional(),
  ticketsRefunded: shape.ticketsRefunded.optional(),
  ticketsNet: shape.ticketsNet.optional(),
  refundsMade: shape.refundsMade.optional(),
  count: shape.count.optional(),
  terminal: shape.terminal.optional(),
  venues: shape.venues.optional(),
  openedBy: shape.openedBy.optional(),
  cashier: shape.cashier.optional(),
  approvedBy: shape.approvedBy.optional(),
  toleranceCents: shape.toleranceCents.optional(),
})

/**
 * A closed shift's Z report, as it was printed. One that does not read is an
 * error that says so: it is the shift's accounting, and printing it again
 * wrong (or crashing halfway through the paper) is worse than saying it
 * cannot be read.
 */
export function zReportFromKept(text: string, shiftId: string): ShiftReportView {
  const kept = readKept(keptZReportSchema, text, `the Z report kept for shift ${shiftId}`)
  // Z reports kept before the standalone tender existed have no line for it: it was nil.
  // Nor a count by denomination: those were closed on a total.
  // Nor staff, a terminal or venues: closed before staff were people.
  const people = { terminal: '', venues: [], openedBy: null, cashier: null, approvedBy: null, toleranceCents: null }
  // Nor refunds kept apart: a refunded sale had left its sales, so what they say is the net, in tickets too.
  const refunds = { ticketsRefunded: 0, ticketsNet: kept.tickets, refundsMade: [] }
  return {
    ...{ count: null, ...people, ...refunds },
    ...kept,
    card: olderTotals(kept.card),
    cash: olderTotals(kept.cash),
    standalone: olderTotals(kept.standalone ?? emptyTotals()),
  }
}
