import { z } from 'zod'
import { RefundPayload, SalePayload, ShiftPayload, TodayAnswer, type DayCardPayment, type EndOfDayFigures, type TodayTotals } from '../../hub/protocol'
import { shiftDrawerFigures } from '../../hub/server/day/shift-drawer-figures'
import type { Queryable } from '../../hub/storage/database'
import { FoundSaleRow } from '../../hub/storage/sale-lookup-table'
import { parseRows } from '../../hub/storage/rows'

/**
 * Today's and End of day's figures as the hub made them before the typed tables (issue #35): summed over
 * the records' jsonb payloads, and a day's records parsed one by one. Kept, word for word but for its
 * exports, as the oracle the typed tables' figures are held to (tests/hub/sale-tables.test.ts): the
 * same records must give the same figures, to the cent.
 */
type DayRecordRow = z.infer<typeof FoundSaleRow>
export type JsonbFigures = EndOfDayFigures & { cardPayments: DayCardPayment[] }

const DAY_RECORDS = `
  SELECT r.hub_record_id, r.device_record_id, r.kind, r.occurred_at, r.payload, r.received_at,
         r.device_id, d.name AS device_name
    FROM device_records r JOIN devices d ON d.id = r.device_id
   WHERE r.kind IN ('sale', 'refund', 'shift') AND r.occurred_at >= $1 AND r.occurred_at < $2
   ORDER BY r.occurred_at, r.hub_record_id`
const dayRecords = async (db: Queryable, w: { start: Date; end: Date }) => parseRows(FoundSaleRow, (await db.query(DAY_RECORDS, [w.start, w.end])).rows)
const SALE = `SELECT payload FROM device_records WHERE device_id = $1 AND kind = 'sale' AND payload->>'saleId' = $2 LIMIT 1`
const salePayloadOf = async (db: Queryable, deviceId: string, saleId: string) =>
  parseRows(z.object({ payload: z.unknown() }), (await db.query(SALE, [deviceId, saleId])).rows)[0]?.payload

// The day's sales and refunds, each marked training when its payload says so or names a training backend.
const DAY = `
  WITH day AS (
    SELECT r.hub_record_id, r.device_id, r.kind, r.occurred_at, r.payload,
           (r.payload->>'training' = 'true' OR split_part(r.payload->>'backend', '/', 1) = 'training') AS training
      FROM device_records r
     WHERE r.kind IN ('sale', 'refund') AND r.occurred_at >= $1 AND r.occurred_at < $2
  )`

const n = z.coerce.number().int()

const TotalsRow = z.object({ training: z.boolean(), sales: n, tickets: n, amount: n, refunds: n, refunded: n })
const TOTALS = `${DAY}
  SELECT training,
         count(*) FILTER (WHERE kind = 'sale') AS sales,
         coalesce(sum((payload->>'tickets')::bigint) FILTER (WHERE kind = 'sale'), 0) AS tickets,
         coalesce(sum((payload->>'amountCents')::bigint) FILTER (WHERE kind = 'sale'), 0) AS amount,
         count(*) FILTER (WHERE kind = 'refund') AS refunds,
         coalesce(sum((payload->>'amountCents')::bigint) FILTER (WHERE kind = 'refund'), 0) AS refunded
    FROM day GROUP BY training`

const ShowRow = z.object({ event: z.string().nullable(), shows_at: z.string().nullable(), tickets: n, amount: n })
const BY_SHOW = `${DAY}
  SELECT s->>'event' AS event, s->>'showsAt' AS shows_at,
         sum((s->>'tickets')::bigint) AS tickets, sum((s->>'amountCents')::bigint) AS amount
    FROM day, jsonb_array_elements(payload->'shows') AS s
   WHERE kind = 'sale' AND NOT training
   GROUP BY 1, 2 ORDER BY 2 NULLS LAST, 1 NULLS LAST`

const TenderRow = z.object({ tender: z.string(), payments: n, amount: n, refunded: n })
const BY_TENDER = `${DAY}, moves AS (
    SELECT p->>'tender' AS tender, (p->>'amountCents')::bigint AS amount, 0::bigint AS refunded
      FROM day, jsonb_array_elements(payload->'payments') AS p WHERE kind = 'sale' AND NOT training
    UNION ALL
    SELECT payload->>'tender', NULL, (payload->>'amountCents')::bigint FROM day WHERE kind = 'refund' AND NOT training
  )
  SELECT tender, count(amount) AS payments, coalesce(sum(amount), 0) AS amount, sum(refunded) AS refunded
    FROM moves GROUP BY tender ORDER BY tender`

const DeviceRow = z.object({ device_id: z.string(), device_name: z.string(), sales: n, tickets: n, amount: n, refunded: n })
const BY_DEVICE = `${DAY}
  SELECT d.id AS device_id, d.name AS device_name,
         count(*) FILTER (WHERE kind = 'sale') AS sales,
         coalesce(sum((payload->>'tickets')::bigint) FILTER (WHERE kind = 'sale'), 0) AS tickets,
         coalesce(sum((payload->>'amountCents')::bigint) FILTER (WHERE kind = 'sale'), 0) AS amount,
         coalesce(sum((payload->>'amountCents')::bigint) FILTER (WHERE kind = 'refund'), 0) AS refunded
    FROM day JOIN devices d ON d.id = day.device_id
   WHERE NOT training GROUP BY d.id, d.name ORDER BY d.name, d.id`

const CashierRow = z.object({ cashier: z.string().nullable(), sales: n, tickets: n, amount: n })
const BY_CASHIER = `${DAY}
  SELECT payload->>'cashier' AS cashier, count(*) AS sales,
         sum((payload->>'tickets')::bigint) AS tickets, sum((payload->>'amountCents')::bigint) AS amount
    FROM day WHERE kind = 'sale' AND NOT training GROUP BY 1 ORDER BY 1 NULLS FIRST`

// Hours counted on the hub's clock: the epoch shifted by its offset, cut into whole hours.
const HourRow = z.object({ hour: n, sales: n, tickets: n, amount: n })
const BY_HOUR = `${DAY}
  SELECT floor((extract(epoch FROM occurred_at) + $3) / 3600)::bigint AS hour, count(*) AS sales,
         sum((payload->>'tickets')::bigint) AS tickets, sum((payload->>'amountCents')::bigint) AS amount
    FROM day WHERE kind = 'sale' AND NOT training GROUP BY 1 ORDER BY 1`

interface HubDayRows {
  totals: z.infer<typeof TotalsRow>[]
  byShow: z.infer<typeof ShowRow>[]
  byTender: z.infer<typeof TenderRow>[]
  byDevice: z.infer<typeof DeviceRow>[]
  byCashier: z.infer<typeof CashierRow>[]
  /** `hour`: hours since the epoch on the hub's clock. */
  byHour: z.infer<typeof HourRow>[]
}

/** The day's figures, each grouping one query over the same records. */
async function hubDayRows(db: Queryable, day: { start: Date; end: Date; offsetSeconds: number }): Promise<HubDayRows> {
  const window = [day.start, day.end]
  const read = async <T>(schema: z.ZodType<T>, sql: string, params: unknown[] = window) => parseRows(schema, (await db.query(sql, params)).rows)
  return {
    totals: await read(TotalsRow, TOTALS),
    byShow: await read(ShowRow, BY_SHOW),
    byTender: await read(TenderRow, BY_TENDER),
    byDevice: await read(DeviceRow, BY_DEVICE),
    byCashier: await read(CashierRow, BY_CASHIER),
    byHour: await read(HourRow, BY_HOUR, [...window, day.offsetSeconds]),
  }
}

function totals(rows: HubDayRows['totals'], training: boolean): TodayTotals {
  const row = rows.find((r) => r.training === training)
  if (!row) return { sales: 0, tickets: 0, amountCents: 0, refunds: 0, refundedCents: 0, netCents: 0 }
  const { sales, tickets, amount, refunds, refunded } = row
  return { sales, tickets, amountCents: amount, refunds, refundedCents: refunded, netCents: amount - refunded }
}

/** Today's figures of a window, as the hub summed them over the payloads. */
export async function jsonbWindowFigures(db: Queryable, day: { start: Date; end: Date; offsetSeconds: number }): Promise<Omit<TodayAnswer, 'day'>> {
  const { offsetSeconds } = day
  const rows = await hubDayRows(db, day)
  return {
    totals: totals(rows.totals, false),
    training: totals(rows.totals, true),
    byShow: rows.byShow.map((r) => ({ event: r.event, showsAt: r.shows_at, tickets: r.tickets, amountCents: r.amount })),
    byTender: rows.byTender.map((r) => ({ tender: TodayAnswer.shape.byTender.element.shape.tender.parse(r.tender), payments: r.payments, amountCents: r.amount, refundedCents: r.refunded })),
    byDevice: rows.byDevice.map((r) => ({ deviceId: r.device_id, deviceName: r.device_name, sales: r.sales, tickets: r.tickets, amountCents: r.amount, refundedCents: r.refunded })),
    byCashier: rows.byCashier.map((r) => ({ cashier: r.cashier, sales: r.sales, tickets: r.tickets, amountCents: r.amount })),
    byHour: rows.byHour.map((r) => ({ hour: new Date((r.hour * 3600 - offsetSeconds) * 1000).toISOString(), sales: r.sales, tickets: r.tickets, amountCents: r.amount })),
  }
}

/** Training sales (the built-in sandbox) are never counted with real ones: the same rule as today-table.ts. */
function isTraining(payload: { training: boolean; backend: string }): boolean {
  return payload.training || payload.backend.split('/')[0] === 'training'
}

const iso = (date: Date) => date.toISOString()
const onDevice = (row: DayRecordRow) => ({ deviceId: row.device_id, deviceName: row.device_name })

function byShowAndPriceClass(sales: readonly SalePayload[]): EndOfDayFigures['byShow'] {
  const lines = new Map<string, EndOfDayFigures['byShow'][number]>()
  for (const show of sales.flatMap((s) => s.shows)) {
    const parts = show.priceClasses?.length ? show.priceClasses.map((p) => ({ priceClass: p.name ?? p.code, tickets: p.tickets, amountCents: p.amountCents })) : [{ priceClass: null, tickets: show.tickets, amountCents: show.amountCents }]
    for (const part of parts) {
      const key = JSON.stringify([show.event, show.showsAt, part.priceClass])
      const line = lines.get(key) ?? { event: show.event, showsAt: show.showsAt, priceClass: part.priceClass, tickets: 0, amountCents: 0 }
      line.tickets += part.tickets
      line.amountCents += part.amountCents
      lines.set(key, line)
    }
  }
  const order = (v: string | null) => v ?? '\uffff'
  return [...lines.values()].sort((a, b) => order(a.showsAt).localeCompare(order(b.showsAt)) || order(a.event).localeCompare(order(b.event)) || order(a.priceClass).localeCompare(order(b.priceClass)))
}

function shiftOf(row: DayRecordRow, shift: ShiftPayload): EndOfDayFigures['shifts'][number] {
  return {
    ...onDevice(row),
    shiftId: shift.shiftId,
    openedAt: shift.openedAt,
    closedAt: shift.closedAt,
    floatCents: shift.floatCents,
    cashSoldCents: shift.cashSoldCents ?? null,
    cashRefundedCents: shift.cashRefundedCents ?? null,
    expectedCashCents: shift.expectedCashCents ?? null,
    countedCents: shift.countedCents,
    count: shift.count ?? null,
    varianceCents: shift.varianceCents ?? null,
    openedBy: shift.openedBy,
    closedBy: shift.closedBy,
    approvedBy: shift.approvedBy,
    ...shiftDrawerFigures(shift.drawer),
  }
}

function cardPaymentsOfSale(row: DayRecordRow, sale: SalePayload): DayCardPayment[] {
  return sale.payments
    .filter((p) => p.tender === 'card')
    .map((p) => ({
      ...onDevice(row),
      at: iso(row.occurred_at),
      type: 'sale' as const,
      saleId: sale.saleId,
      bookingReference: sale.bookingReference,
      amountCents: p.amountCents,
      pspReference: p.reference,
      merchantReference: p.card?.merchantReference ?? null,
      brand: p.card?.brand ?? null,
      last4: p.card?.last4 ?? null,
      authCode: p.card?.authCode ?? null,
    }))
}

/** A card given back: the acquirer lists it under the payment's PSP reference, found from its sale (of any day). */
async function cardRefund(db: Queryable, row: DayRecordRow, refund: RefundPayload): Promise<DayCardPayment> {
  const sale = SalePayload.safeParse(await salePayloadOf(db, row.device_id, refund.saleId))
  const paid = sale.success ? sale.data.payments.find((p) => p.seq === refund.refersTo) : undefined
  return {
    ...onDevice(row),
    at: iso(row.occurred_at),
    type: 'refund',
    saleId: refund.saleId,
    bookingReference: refund.bookingReference,
    amountCents: refund.amountCents,
    pspReference: paid?.reference ?? null,
    merchantReference: paid?.card?.merchantReference ?? null,
    brand: paid?.card?.brand ?? null,
    last4: paid?.card?.last4 ?? null,
    authCode: paid?.card?.authCode ?? null,
  }
}

function cardByDevice(payments: readonly DayCardPayment[]): EndOfDayFigures['cardByDevice'] {
  const devices = new Map<string, EndOfDayFigures['cardByDevice'][number]>()
  for (const p of payments) {
    const line = devices.get(p.deviceId) ?? { deviceId: p.deviceId, deviceName: p.deviceName, payments: 0, amountCents: 0, refundedCents: 0 }
    if (p.type === 'sale') {
      line.payments++
      line.amountCents += p.amountCents
    } else line.refundedCents += p.amountCents
    devices.set(p.deviceId, line)
  }
  return [...devices.values()].sort((a, b) => a.deviceName.localeCompare(b.deviceName) || a.deviceId.localeCompare(b.deviceId))
}

type RealRecord = { kind: 'sale'; sale: SalePayload } | { kind: 'refund'; refund: RefundPayload } | { kind: 'shift'; shift: ShiftPayload }

/** A record's payload, parsed by its kind's schema; training records are left out (null). */
function realPayload(row: DayRecordRow): RealRecord | null {
  if (row.kind === 'sale') {
    const sale = SalePayload.parse(row.payload)
    return isTraining(sale) ? null : { kind: 'sale', sale }
  }
  if (row.kind === 'refund') {
    const refund = RefundPayload.parse(row.payload)
    return isTraining(refund) ? null : { kind: 'refund', refund }
  }
  const shift = ShiftPayload.parse(row.payload)
  return isTraining(shift) ? null : { kind: 'shift', shift }
}

/** The window's end-of-day figures as the hub made them from the payloads, the card payments with them. */
export async function jsonbDayFigures(db: Queryable, window: { start: Date; end: Date; offsetSeconds: number }): Promise<JsonbFigures> {
  const sums = await jsonbWindowFigures(db, window)
  const sales: SalePayload[] = []
  const shifts: EndOfDayFigures['shifts'] = []
  const cards: DayCardPayment[] = []
  const standalone: EndOfDayFigures['standalone'] = []
  for (const row of await dayRecords(db, window)) {
    const record = realPayload(row)
    if (record?.kind === 'shift') shifts.push(shiftOf(row, record.shift))
    if (record?.kind === 'refund' && record.refund.tender === 'card') cards.push(await cardRefund(db, row, record.refund))
    if (record?.kind !== 'sale') continue
    sales.push(record.sale)
    cards.push(...cardPaymentsOfSale(row, record.sale))
    for (const p of record.sale.payments.filter((p) => p.tender === 'standalone')) {
      const { saleId, bookingReference } = record.sale
      standalone.push({ ...onDevice(row), at: iso(row.occurred_at), saleId, bookingReference, amountCents: p.amountCents, approvalCode: p.approvalCode ?? null, reference: p.reference })
    }
  }
  return {
    totals: sums.totals,
    training: sums.training,
    byShow: byShowAndPriceClass(sales),
    byTender: sums.byTender,
    byDevice: sums.byDevice,
    byCashier: sums.byCashier,
    shifts,
    cardByDevice: cardByDevice(cards),
    cardPayments: cards,
    standalone,
  }
}
