import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import type { Order, OrderRequest } from '../contract'
import { orderSchema } from '../contract/model'
import { keptOrderRequestSchema } from './kept-request'
import { paymentsTaken, type PaymentRecord } from './sale-payments'
import { ORDER_STATES, standingOf, type OrderState, type SaleState, type Tender } from './sale-states'

/**
 * A sale as the journal reads it back: its row parsed by a schema (a row was
 * written by an older Foyer, or survived a crash, and is not trusted for being
 * ours), its payments, and what is derived from both: where it stands, and
 * the figures the screens, the paper and recovery read (the confirm's payment
 * reference, the cash tendered and the change).
 */
export interface SaleRecord {
  saleId: string
  backend: string
  /** Where the sale stands, derived from the order and its payments (./sale-states.ts). */
  state: SaleState
  /** The order's own state. */
  orderState: OrderState
  /** The sale waits for staff (the note says why) until they deal with it or recovery settles it. */
  heldForStaff: boolean
  printed: boolean
  /** The tender the sale was placed for (a counter card sale taken over by the standalone terminal says so). */
  tender: Tender
  paymentMethod: string
  amountCents: number
  reference: string | null
  /** When the vendor lets the unpaid order lapse (ms since epoch). */
  expiresAt: number | null
  /** Every payment attempt and refund, in order. */
  payments: PaymentRecord[]
  /** Payment attempts so far (refunds not counted). */
  attempt: number
  /** The latest payment attempt's idempotency key at the terminal. */
  paymentKey: string | null
  /** The payment reference the vendor's confirm carries: the one payment's, or the split sale's made from its parts. */
  paymentRef: string | null
  /** Cash handed over and the change given, over the sale's cash payments; null without cash. */
  tenderedCents: number | null
  changeCents: number | null
  request: OrderRequest
  order: Order | null
  staffNote: string | null
  /** When staff said they had dealt with the note. */
  staffResolvedAt: number | null
  shiftId: string | null
  /** The cashier signed in when it was sold (null: a self-service sale, or one from before staff accounts). */
  soldById: string | null
  soldByName: string | null
  /** The supervisor who approved giving it back at the counter (a sale so refunded had been sold). */
  refundedByName: string | null
  /** Who asked for that refund: the cashier signed in (null: a refund from before it was kept). */
  refundAskedByName: string | null
  createdAt: number
  updatedAt: number
}

/** How many texts of each JSON column are kept read: a few sales under way at once, each read at every step. */
const READ_KEPT = 8

/**
 * A JSON column read through its schema. A sale's every step reads its row again (after the step, and for its
 * records to the hub), and its request and order are the very same text each time: the same text read by the same
 * schema reads the same, so for the last few texts each column held it is kept whether JSON alone reads it whole
 * (the schema gave back exactly what JSON.parse did: no default filled in, no date, nothing left out), and such a
 * text is then read by JSON.parse alone, each reading an object of its own (a caller may change what it is given,
 * never what the next one gets). A text is judged at its second reading, not its first: a report reads each of a
 * shift's sales once, and judging what is never read again would cost the report more than the reading itself.
 */
const json = <T extends z.ZodType>(schema: T) => {
  /** Each text seen lately: true, JSON alone reads it whole; false, read once, not judged yet (or not whole). */
  const seen = new Map<string, boolean>()
  return z.string().transform((text, ctx): z.infer<T> => {
    const whole = seen.get(text)
    if (whole) return JSON.parse(text) as z.infer<T>
    try {
      const parsed: unknown = JSON.parse(text)
      // The schema makes objects of its own (zod's objects never change their input): `parsed` is still JSON's reading to
      // compare with. A value that is its input itself (a transform handed it back) is never judged whole: it may have changed it.
      const value = schema.parse(parsed)
      if (seen.size >= READ_KEPT && whole === undefined) seen.delete(seen.keys().next().value!)
      seen.set(text, whole === false && value !== parsed && isDeepStrictEqual(parsed, value))
      return value
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `unreadable: ${(error as Error).message.slice(0, 300)}` })
      return z.NEVER
    }
  })
}

const saleRowSchema = z.object({
  sale_id: z.string(),
  backend: z.string(),
  state: z.enum(ORDER_STATES),
  held_for_staff: z.number().int(),
  printed: z.number().int(),
  tender: z.enum(['card', 'cash', 'standalone']),
  payment_method: z.string(),
  amount_cents: z.number().int().nonnegative(),
  reference: z.string().nullable(),
  expires_at: z.number().nullable(),
  request_json: json(keptOrderRequestSchema),
  order_json: json(orderSchema).nullable(),
  staff_note: z.string().nullable(),
  staff_resolved_at: z.number().nullable(),
  shift_id: z.string().nullable(),
  sold_by_id: z.string().nullable(),
  sold_by_name: z.string().nullable(),
  refunded_by_name: z.string().nullable(),
  refund_asked_by_name: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
})

/** What a step needs to know of a sale before it writes (./sale-changes.ts): its row's columns that are not JSON. */
export type SaleFacts = Pick<
  SaleRecord,
  'saleId' | 'orderState' | 'heldForStaff' | 'printed' | 'tender' | 'amountCents' | 'reference' | 'expiresAt' | 'shiftId' | 'refundedByName' | 'refundAskedByName'
>

/** The columns SaleFacts are read from. */
export const SALE_FACTS_COLUMNS = 'sale_id, state, held_for_staff, printed, tender, amount_cents, reference, expires_at, shift_id, refunded_by_name, refund_asked_by_name'

const factsRowSchema = saleRowSchema.pick({
  sale_id: true, state: true, held_for_staff: true, printed: true, tender: true, amount_cents: true, reference: true, expires_at: true, shift_id: true, refunded_by_name: true, refund_asked_by_name: true,
})

const keptOrderRowSchema = saleRowSchema.pick({ order_json: true })

/** The vendor's order a sale's row keeps (null: none yet), from its `order_json` column alone, read as a whole row reads it. */
export function keptOrderFromRow(row: unknown): Order | null {
  const parsed = keptOrderRowSchema.safeParse(row)
  if (!parsed.success) throw new Error(`a sale in the journal cannot be read: ${z.prettifyError(parsed.error).slice(0, 500)}`)
  return parsed.data.order_json
}

export function saleFactsFromRow(row: unknown): SaleFacts {
  const parsed = factsRowSchema.safeParse(row)
  if (!parsed.success) throw new Error(`a sale in the journal cannot be read: ${z.prettifyError(parsed.error).slice(0, 500)}`)
  const r = parsed.data
  return {
    saleId: r.sale_id,
    orderState: r.state,
    heldForStaff: r.held_for_staff === 1,
    printed: r.printed === 1,
    tender: r.tender,
    amountCents: r.amount_cents,
    reference: r.reference,
    expiresAt: r.expires_at,
    shiftId: r.shift_id,
    refundedByName: r.refunded_by_name,
    refundAskedByName: r.refund_asked_by_name,
  }
}

/** The payment reference the confirm carries: made from the journal only, so a confirm repeated after a crash is the same confirm. */
function confirmReference(reference: string | null, taken: readonly PaymentRecord[]): string | null {
  if (taken.length === 0) return null
  if (taken.length === 1) return taken[0]!.reference
  return `SPLIT-${reference}-${taken.map((p) => p.seq).join('.')}`
}

const sumOrNull = (values: readonly (number | null)[]): number | null =>
  values.some((v) => v !== null) ? values.reduce<number>((sum, v) => sum + (v ?? 0), 0) : null

export function saleFromRow(row: unknown, payments: PaymentRecord[]): SaleRecord {
  const parsed = saleRowSchema.safeParse(row)
  if (!parsed.success) throw new Error(`a sale in the journal cannot be read: ${z.prettifyError(parsed.error).slice(0, 500)}`)
  const r = parsed.data
  const attempts = payments.filter((p) => p.kind === 'payment')
  const taken = paymentsTaken(payments)
  const cash = attempts.filter((p) => p.tender === 'cash' && p.state !== 'declined')
  const facts = { orderState: r.state, heldForStaff: r.held_for_staff === 1, printed: r.printed === 1, amountCents: r.amount_cents, payments }
  return {
    saleId: r.sale_id,
    backend: r.backend,
    state: standingOf(facts),
    orderState: r.state,
    heldForStaff: facts.heldForStaff,
    printed: facts.printed,
    tender: r.tender,
    paymentMethod: r.payment_method,
    amountCents: r.amount_cents,
    reference: r.reference,
    expiresAt: r.expires_at,
    payments,
    attempt: attempts.length,
    paymentKey: attempts.at(-1)?.attemptKey ?? null,
    paymentRef: confirmReference(r.reference, taken),
    tenderedCents: sumOrNull(cash.map((p) => p.tenderedCents)),
    changeCents: sumOrNull(cash.map((p) => p.changeCents)),
    request: r.request_json,
    order: r.order_json,
    staffNote: r.staff_note,
    staffResolvedAt: r.staff_resolved_at,
    shiftId: r.shift_id,
    soldById: r.sold_by_id,
    soldByName: r.sold_by_name,
    refundedByName: r.refunded_by_name,
    refundAskedByName: r.refund_asked_by_name,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }
}
