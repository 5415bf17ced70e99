import { z } from 'zod'
import type { Queryable } from './database'
import { BigId, queryRows, Timestamp } from './rows'

/**
 * What End of day reads beyond Today's sums, from the typed tables (./migration-sale-tables.ts) by
 * their day indexes: the shows by price class, the shifts with their drawers, the card takings by
 * device, the standalone terminal's sales, the card payments (a page of them, or all for the card
 * file) and the records that came after a close. Real sales only: training is never in these.
 */
export interface DayWindow {
  start: Date
  end: Date
}

const SALES = 'SELECT * FROM sales WHERE occurred_at >= $1 AND occurred_at < $2 AND NOT training'
const REFUNDS = 'SELECT * FROM refunds WHERE occurred_at >= $1 AND occurred_at < $2 AND NOT training'
const n = z.coerce.number().int()
const cents = n.nullable()

const LineRow = z.object({ event: z.string().nullable(), shows_at: z.string().nullable(), price_class: z.string().nullable(), tickets: n, amount: n })
// A price class is its name, or its code where the device had no name for it; a show without price classes is one line of none.
const LINES = `
  SELECT sh.event, sh.shows_at, coalesce(l.price_class_name, l.price_class_code) AS price_class, sum(l.tickets) AS tickets, sum(l.amount_cents) AS amount
    FROM (${SALES}) s JOIN sale_shows sh ON sh.hub_record_id = s.hub_record_id
    JOIN sale_lines l ON l.hub_record_id = sh.hub_record_id AND l.show_no = sh.show_no
   GROUP BY 1, 2, 3`

const ShiftRow = z.object({
  device_id: z.string(),
  device_name: z.string(),
  shift_id: z.string(),
  opened_at: Timestamp,
  closed_at: Timestamp,
  float_cents: n,
  cash_sold_cents: cents,
  cash_refunded_cents: cents,
  expected_cash_cents: cents,
  counted_cents: cents,
  variance_cents: cents,
  notes_counted: z.boolean(),
  opened_by: z.string().nullable(),
  closed_by: z.string().nullable(),
  approved_by: z.string().nullable(),
  drawer_openings: n.nullable(),
  drawer_failed: n.nullable(),
  count: z.array(z.object({ denominationCents: n, quantity: n })),
  no_sales: z.array(z.object({ at: z.string(), by: z.string().nullable(), reason: z.enum(['change', 'wrong-change', 'other']) })),
})
const SHIFTS = `
  SELECT s.device_id, d.name AS device_name, s.shift_id, s.opened_at, s.closed_at, s.float_cents, s.cash_sold_cents, s.cash_refunded_cents,
         s.expected_cash_cents, s.counted_cents, s.variance_cents, s.notes_counted, s.opened_by, s.closed_by, s.approved_by, s.drawer_openings, s.drawer_failed,
         (SELECT coalesce(json_agg(json_build_object('denominationCents', c.denomination_cents, 'quantity', c.quantity) ORDER BY c.count_no), '[]')
            FROM drawer_counts c WHERE c.hub_record_id = s.hub_record_id) AS count,
         (SELECT coalesce(json_agg(json_build_object('at', x.no_sale_at, 'by', x.by_name, 'reason', x.reason) ORDER BY x.no_sale_no), '[]')
            FROM drawer_no_sales x WHERE x.hub_record_id = s.hub_record_id) AS no_sales
    FROM shifts s JOIN devices d ON d.id = s.device_id
   WHERE s.occurred_at >= $1 AND s.occurred_at < $2 AND NOT s.training
   ORDER BY s.occurred_at, s.hub_record_id`

const CardTakingsRow = z.object({ device_id: z.string(), device_name: z.string(), payments: n, amount: n, refunded: n })
const CARD_TAKINGS = `
  WITH moves AS (
    SELECT s.device_id, 1 AS payments, p.amount_cents AS amount, 0::bigint AS refunded
      FROM (${SALES}) s JOIN payments p ON p.hub_record_id = s.hub_record_id WHERE p.tender = 'card'
    UNION ALL
    SELECT device_id, 0, 0, amount_cents FROM (${REFUNDS}) r WHERE tender = 'card'
  )
  SELECT d.id AS device_id, d.name AS device_name, sum(m.payments) AS payments, sum(m.amount) AS amount, sum(m.refunded) AS refunded
    FROM moves m JOIN devices d ON d.id = m.device_id GROUP BY d.id, d.name`

const StandaloneRow = z.object({
  device_id: z.string(), device_name: z.string(), occurred_at: Timestamp, sale_id: z.string(), booking_reference: z.string().nullable(),
  amount: n, approval_code: z.string().nullable(), reference: z.string().nullable(),
})
const STANDALONE = `
  SELECT s.device_id, d.name AS device_name, s.occurred_at, s.sale_id, s.booking_reference, p.amount_cents AS amount, p.approval_code, p.reference
    FROM (${SALES}) s JOIN payments p ON p.hub_record_id = s.hub_record_id JOIN devices d ON d.id = s.device_id
   WHERE p.tender = 'standalone'
   ORDER BY s.occurred_at, s.hub_record_id, p.payment_no`

export const CardPaymentRow = z.object({
  hub_record_id: BigId, device_id: z.string(), device_name: z.string(), occurred_at: Timestamp, type: z.enum(['sale', 'refund']), sale_id: z.string(),
  booking_reference: z.string().nullable(), amount: n, psp_reference: z.string().nullable(), merchant_reference: z.string().nullable(),
  card_brand: z.string().nullable(), card_last4: z.string().nullable(), auth_code: z.string().nullable(), total: n,
})
export type CardPaymentRow = z.infer<typeof CardPaymentRow>
/**
 * Each card payment and card refund, in the order they happened; a refund carries the card of the payment
 * it gave back (found by its sale, of any day, through `sales_by_sale`). `$3`: the newest record counted
 * (a closed day's as closed), or null for all. `$4`, `$5`: how many, from where; `total`: of them all.
 */
const CARD_PAYMENTS = `
  WITH moves AS (
    SELECT s.occurred_at, s.hub_record_id, p.payment_no AS n, s.device_id, 'sale' AS type, s.sale_id, s.booking_reference, p.amount_cents AS amount,
           p.reference AS psp_reference, p.merchant_reference, p.card_brand, p.card_last4, p.auth_code
      FROM (${SALES}) s JOIN payments p ON p.hub_record_id = s.hub_record_id WHERE p.tender = 'card'
    UNION ALL
    SELECT r.occurred_at, r.hub_record_id, 0, r.device_id, 'refund', r.sale_id, r.booking_reference, r.amount_cents,
           paid.reference, paid.merchant_reference, paid.card_brand, paid.card_last4, paid.auth_code
      FROM (${REFUNDS}) r LEFT JOIN LATERAL (
             SELECT p.* FROM sales s JOIN payments p ON p.hub_record_id = s.hub_record_id AND p.seq = r.refers_to
              WHERE s.device_id = r.device_id AND s.sale_id = r.sale_id ORDER BY s.hub_record_id, p.payment_no LIMIT 1
           ) paid ON true
     WHERE r.tender = 'card'
  )
  SELECT m.hub_record_id, m.device_id, d.name AS device_name, m.occurred_at, m.type, m.sale_id, m.booking_reference, m.amount, m.psp_reference,
         m.merchant_reference, m.card_brand, m.card_last4, m.auth_code, count(*) OVER () AS total
    FROM moves m JOIN devices d ON d.id = m.device_id
   WHERE $3::bigint IS NULL OR m.hub_record_id <= $3::bigint
   ORDER BY m.occurred_at, m.hub_record_id, m.n LIMIT $4 OFFSET $5`

const LateRow = z.object({
  device_id: z.string(), device_name: z.string(), kind: z.enum(['sale', 'refund', 'shift']), device_record_id: z.string(), occurred_at: Timestamp,
  received_at: Timestamp, amount: cents,
})
// The day's records stored after the newest one a close counted (`$3`), with what each took, gave back or counted.
const LATE = `
  WITH late AS (
    SELECT hub_record_id, occurred_at, 'sale' AS kind, amount_cents AS amount FROM (${SALES}) s WHERE hub_record_id > $3
    UNION ALL
    SELECT hub_record_id, occurred_at, 'refund', amount_cents FROM (${REFUNDS}) r WHERE hub_record_id > $3
    UNION ALL
    SELECT hub_record_id, occurred_at, 'shift', counted_cents FROM shifts
     WHERE occurred_at >= $1 AND occurred_at < $2 AND NOT training AND hub_record_id > $3
  )
  SELECT r.device_id, d.name AS device_name, l.kind, r.device_record_id, l.occurred_at, r.received_at, l.amount
    FROM late l JOIN device_records r ON r.hub_record_id = l.hub_record_id JOIN devices d ON d.id = r.device_id
   ORDER BY l.occurred_at, l.hub_record_id`

export interface DayTableRows {
  lines: z.infer<typeof LineRow>[]
  shifts: z.infer<typeof ShiftRow>[]
  cardTakings: z.infer<typeof CardTakingsRow>[]
  standalone: z.infer<typeof StandaloneRow>[]
}

/** The window's rows End of day shows beside Today's sums. */
export async function dayTableRows(db: Queryable, window: DayWindow): Promise<DayTableRows> {
  const params = [window.start, window.end]
  const read = <T>(schema: z.ZodType<T>, sql: string) => queryRows(db, schema, sql, params)
  return {
    lines: await read(LineRow, LINES),
    shifts: await read(ShiftRow, SHIFTS),
    cardTakings: await read(CardTakingsRow, CARD_TAKINGS),
    standalone: await read(StandaloneRow, STANDALONE),
  }
}

/** A page of the window's card payments and refunds (`upTo`: the newest record a close counted, or null for all). */
export async function dayCardPayments(db: Queryable, window: DayWindow, page: { upTo: bigint | null; limit: number | null; offset: number }): Promise<CardPaymentRow[]> {
  const params = [window.start, window.end, page.upTo === null ? null : String(page.upTo), page.limit, page.offset]
  return queryRows(db, CardPaymentRow, CARD_PAYMENTS, params)
}

export type LateRow = z.infer<typeof LateRow>

/** The window's real records stored after the record `after` (a close's newest), oldest first. */
export async function lateRecords(db: Queryable, window: DayWindow, after: bigint): Promise<LateRow[]> {
  return queryRows(db, LateRow, LATE, [window.start, window.end, String(after)])
}
