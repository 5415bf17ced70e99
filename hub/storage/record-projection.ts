import { RefundPayload, SalePayload, ShiftPayload } from '../protocol'

/**
 * What each stored record says, in typed tables (./migration-sale-tables.ts, issue #35): a sale, its
 * shows and their lines, its payments; a refund; a closed shift, its drawer's count and its No sales.
 * The record stays in `device_records` as the device sent it (the audit copy); these are read by Today,
 * End of day and their files, with indexes, instead of every payload of the day.
 *
 * Each payload is parsed here by its kind's schema (hub/protocol), as the upload route parsed it. A
 * payload that does not parse (only a test's, or a hub's from before a schema; never an upload's) is
 * kept but projects nothing, so no stored record can fail an upload or the migration.
 *
 * Rows carry `key`, the record they come from: its device record id at an upload (the hub id is not
 * made yet), its hub id in the migration; `projectionInserts` joins them to the stored record by it.
 */
export interface RecordToProject {
  key: string
  kind: string
  payload: unknown
}

type Row = Record<string, string | number | boolean | null>
export type Projection = Record<keyof typeof TABLES, Row[]>

/** Each typed table, its columns (beside hub_record_id) as jsonb_to_recordset reads them from the rows. */
const TABLES = {
  sales: {
    record: true,
    columns: 'training boolean, sale_id text, booking_reference text, payment_reference text, amount_cents bigint, tickets integer, cashier text, shift_id text',
  },
  sale_shows: { record: false, columns: 'show_no integer, product_id integer, event text, shows_at text, tickets integer, amount_cents bigint' },
  sale_lines: { record: false, columns: 'show_no integer, line_no integer, price_class_code text, price_class_name text, tickets integer, amount_cents bigint' },
  payments: {
    record: false,
    columns:
      'payment_no integer, seq integer, tender text, amount_cents bigint, reference text, tendered_cents bigint, change_cents bigint, ' +
      'card_brand text, card_last4 text, auth_code text, merchant_reference text, approval_code text',
  },
  refunds: {
    record: true,
    columns: 'training boolean, sale_id text, booking_reference text, seq integer, refers_to integer, tender text, amount_cents bigint, asked_by text, approved_by text',
  },
  shifts: {
    record: true,
    columns:
      'training boolean, shift_id text, opened_at timestamptz, closed_at timestamptz, float_cents bigint, cash_sold_cents bigint, cash_refunded_cents bigint, ' +
      'expected_cash_cents bigint, counted_cents bigint, variance_cents bigint, notes_counted boolean, opened_by text, closed_by text, approved_by text, ' +
      'drawer_openings integer, drawer_failed integer',
  },
  drawer_counts: { record: false, columns: 'count_no integer, denomination_cents bigint, quantity integer' },
  drawer_no_sales: { record: false, columns: 'no_sale_no integer, no_sale_at timestamptz, by_name text, reason text' },
} as const

const TABLE_NAMES = Object.keys(TABLES) as (keyof typeof TABLES)[]

/** Training sales (the built-in sandbox) are never counted with real ones: marked once, here. */
export const isTraining = (p: { training: boolean; backend: string }): boolean => p.training || p.backend.split('/')[0] === 'training'

function projectSale(key: string, sale: SalePayload, into: Projection): void {
  into.sales.push({
    key, training: isTraining(sale), sale_id: sale.saleId, booking_reference: sale.bookingReference, payment_reference: sale.paymentReference,
    amount_cents: sale.amountCents, tickets: sale.tickets, cashier: sale.cashier, shift_id: sale.shiftId,
  })
  for (const [show_no, show] of sale.shows.entries()) {
    into.sale_shows.push({ key, show_no, product_id: show.productId, event: show.event, shows_at: show.showsAt, tickets: show.tickets, amount_cents: show.amountCents })
    // A show without price classes (an older Foyer's) is one line of its own, with no price class.
    const lines = show.priceClasses?.length ? show.priceClasses : [{ code: null, name: null, tickets: show.tickets, amountCents: show.amountCents }]
    for (const [line_no, l] of lines.entries()) {
      into.sale_lines.push({ key, show_no, line_no, price_class_code: l.code, price_class_name: l.name, tickets: l.tickets, amount_cents: l.amountCents })
    }
  }
  for (const [payment_no, p] of sale.payments.entries()) {
    into.payments.push({
      key, payment_no, seq: p.seq, tender: p.tender, amount_cents: p.amountCents, reference: p.reference, tendered_cents: p.tenderedCents, change_cents: p.changeCents,
      card_brand: p.card?.brand ?? null, card_last4: p.card?.last4 ?? null, auth_code: p.card?.authCode ?? null, merchant_reference: p.card?.merchantReference ?? null,
      approval_code: p.approvalCode ?? null,
    })
  }
}

function projectRefund(key: string, r: RefundPayload, into: Projection): void {
  into.refunds.push({
    key, training: isTraining(r), sale_id: r.saleId, booking_reference: r.bookingReference, seq: r.seq, refers_to: r.refersTo, tender: r.tender,
    amount_cents: r.amountCents, asked_by: r.askedBy, approved_by: r.approvedBy,
  })
}

function projectShift(key: string, s: ShiftPayload, into: Projection): void {
  into.shifts.push({
    key, training: isTraining(s), shift_id: s.shiftId, opened_at: s.openedAt, closed_at: s.closedAt, float_cents: s.floatCents,
    cash_sold_cents: s.cashSoldCents ?? null, cash_refunded_cents: s.cashRefundedCents ?? null, expected_cash_cents: s.expectedCashCents ?? null,
    counted_cents: s.countedCents, variance_cents: s.varianceCents ?? null, notes_counted: Boolean(s.count), opened_by: s.openedBy, closed_by: s.closedBy,
    approved_by: s.approvedBy, drawer_openings: s.drawer?.openings ?? null, drawer_failed: s.drawer?.failed ?? null,
  })
  for (const [count_no, c] of (s.count ?? []).entries()) into.drawer_counts.push({ key, count_no, denomination_cents: c.denominationCents, quantity: c.quantity })
  for (const [no_sale_no, n] of (s.drawer?.noSales ?? []).entries()) into.drawer_no_sales.push({ key, no_sale_no, no_sale_at: n.at, by_name: n.by, reason: n.reason })
}

/** The typed rows of the records given (a record whose payload does not parse gives none). */
export function projectRecords(records: readonly RecordToProject[]): Projection {
  const into = Object.fromEntries(TABLE_NAMES.map((t) => [t, []])) as unknown as Projection
  for (const { key, kind, payload } of records) {
    if (kind === 'sale') {
      const sale = SalePayload.safeParse(payload)
      if (sale.success) projectSale(key, sale.data, into)
    } else if (kind === 'refund') {
      const refund = RefundPayload.safeParse(payload)
      if (refund.success) projectRefund(key, refund.data, into)
    } else if (kind === 'shift') {
      const shift = ShiftPayload.safeParse(payload)
      if (shift.success) projectShift(key, shift.data, into)
    }
  }
  return into
}

/**
 * The CTEs (each `projected_<table> AS (INSERT …)`, comma-separated) that write a projection, given as
 * jsonb in parameter `$param`, for the records of `source`: a relation with `key`, `hub_record_id`,
 * `device_id` and `occurred_at`. In the statement that stores the records, so a record and its rows are
 * stored together or not at all; a record `source` does not hold (a repeat, stored before) writes none.
 */
export function projectionInserts(source: string, param: number): string {
  return TABLE_NAMES.map((table) => {
    const { record, columns } = TABLES[table]
    const names = columns.split(', ').map((c) => c.split(' ')[0]!)
    const own = record ? ['device_id', 'occurred_at'] : []
    return `projected_${table} AS (
      INSERT INTO ${table} (hub_record_id, ${[...own, ...names].join(', ')})
      SELECT k.hub_record_id, ${[...own.map((c) => `k.${c}`), ...names.map((c) => `x.${c}`)].join(', ')}
        FROM ${source} k JOIN jsonb_to_recordset(($${param}::text)::jsonb->'${table}') AS x (key text, ${columns}) ON x.key = k.key
    )`
  }).join(',\n')
}
