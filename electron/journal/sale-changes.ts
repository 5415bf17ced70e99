import type { Order } from '../contract'
import type { SaleFacts } from './sale-rows'
import type { OrderState, Tender } from './sale-states'

/**
 * What a step of a sale changes on its row (the table `sales`), as the UPDATE the sales journal
 * (./sales-journal.ts) runs in the step's transaction.
 */
/** Columns a step may change on the sale row, besides the order's state. */
export interface SaleChanges {
  reference?: string | null
  expiresAt?: number | null
  order?: Order | null
  staffNote?: string | null
  /** The sale waits for staff (its note says why). Any other step lets it go on: recovery settled it. */
  heldForStaff?: boolean
  printed?: boolean
  amountCents?: number
  /** A counter card sale whose integrated terminal is down is paid on the standalone terminal instead. */
  tender?: Tender
  shiftId?: string | null
  refundedByName?: string | null
  refundAskedByName?: string | null
}

const columns: Record<keyof SaleChanges, string> = {
  reference: 'reference',
  expiresAt: 'expires_at',
  order: 'order_json',
  staffNote: 'staff_note',
  heldForStaff: 'held_for_staff',
  printed: 'printed',
  amountCents: 'amount_cents',
  tender: 'tender',
  shiftId: 'shift_id',
  refundedByName: 'refunded_by_name',
  refundAskedByName: 'refund_asked_by_name',
}

/** The sale's fields a change is compared with: one the sale already holds is not written again (the order's JSON and a staff note always are). */
const fields: Partial<Record<keyof SaleChanges, keyof SaleFacts>> = {
  reference: 'reference',
  expiresAt: 'expiresAt',
  heldForStaff: 'heldForStaff',
  printed: 'printed',
  amountCents: 'amountCents',
  tender: 'tender',
  shiftId: 'shiftId',
  refundedByName: 'refundedByName',
  refundAskedByName: 'refundAskedByName',
}
const holds = (sale: SaleFacts, key: keyof SaleChanges, value: unknown): boolean => {
  const field = fields[key]
  return field !== undefined && value !== undefined && sale[field] === value
}

const columnValue = (key: keyof SaleChanges, value: unknown): unknown => {
  if (key === 'order') return value === null ? null : JSON.stringify(value)
  if (typeof value === 'boolean') return value ? 1 : 0
  return value
}

/**
 * The SET clause (and its values) of a step's UPDATE. Only what the step changes is written: SQLite rewrites every
 * index over a column the UPDATE names, even to the value it already holds, and each such index is one more page
 * for the step to write and wait for at its commit.
 */
export function saleUpdate(before: SaleFacts, to: OrderState, changes: SaleChanges, at: number): { sets: string[]; values: unknown[] } {
  const sets = ['updated_at = ?']
  const values: unknown[] = [at]
  if (to !== before.orderState) {
    sets.push('state = ?')
    values.push(to)
  }
  // A note written is a note staff have not seen: one they closed before (a print that failed, dealt with) does not close this one.
  if (changes.staffNote) sets.push('staff_resolved_at = NULL')
  for (const [key, value] of Object.entries(changes) as [keyof SaleChanges, unknown][]) {
    if (holds(before, key, value)) continue
    sets.push(`${columns[key]} = ?`)
    values.push(columnValue(key, value))
  }
  return { sets, values }
}
