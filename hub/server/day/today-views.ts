import { FoundSale, SalePayload, StoredRecord, TodayAnswer, type TodayTotals } from '../../protocol'
import type { Queryable } from '../../storage/database'
import { salesByCode, salesByReference, stepsOfSale, type FoundSaleRow } from '../../storage/sale-lookup-table'
import type { StoredRecordRow } from '../../storage/rows'
import { hubDayRows, type HubDayRows } from '../../storage/today-table'
import { hubDay } from '../devices/device-views'

/** Today and a sale looked up, made from the stored rows in the contract's shapes, parsed before they leave. */

function totals(rows: HubDayRows['totals'], training: boolean): TodayTotals {
  const row = rows.find((r) => r.training === training)
  if (!row) return { sales: 0, tickets: 0, amountCents: 0, refunds: 0, refundedCents: 0, netCents: 0 }
  const { sales, tickets, amount, refunds, refunded } = row
  return { sales, tickets, amountCents: amount, refunds, refundedCents: refunded, netCents: amount - refunded }
}

/** The figures of any window of the hub's days (`offsetSeconds`: the hub's offset at its start, for hours). */
export async function windowFigures(db: Queryable, day: { start: Date; end: Date }, offsetSeconds: number): Promise<Omit<TodayAnswer, 'day'>> {
  const rows = await hubDayRows(db, { ...day, offsetSeconds })
  return {
    totals: totals(rows.totals, false),
    training: totals(rows.totals, true),
    byShow: rows.byShow.map((r) => ({ event: r.event, showsAt: r.shows_at, tickets: r.tickets, amountCents: r.amount })),
    byTender: rows.byTender.map((r) => ({ tender: TodayAnswer.shape.byTender.element.shape.tender.parse(r.tender), payments: r.payments, amountCents: r.amount, refundedCents: r.refunded })),
    byDevice: rows.byDevice.map((r) => ({
      deviceId: r.device_id,
      deviceName: r.device_name,
      sales: r.sales,
      tickets: r.tickets,
      amountCents: r.amount,
      refundedCents: r.refunded,
    })),
    byCashier: rows.byCashier.map((r) => ({ cashier: r.cashier, sales: r.sales, tickets: r.tickets, amountCents: r.amount })),
    byHour: rows.byHour.map((r) => ({ hour: new Date((r.hour * 3600 - offsetSeconds) * 1000).toISOString(), sales: r.sales, tickets: r.tickets, amountCents: r.amount })),
  }
}

/** The hub's today (its own time zone), as the dashboard's Today shows it. */
export async function todayAnswer(db: Queryable, now: number): Promise<TodayAnswer> {
  const day = hubDay(now)
  const offsetSeconds = -day.start.getTimezoneOffset() * 60
  return TodayAnswer.parse({ day: { start: day.start.toISOString(), end: day.end.toISOString() }, ...(await windowFigures(db, day, offsetSeconds)) })
}

function storedRecord(row: StoredRecordRow): StoredRecord {
  return StoredRecord.parse({
    deviceRecordId: row.device_record_id,
    kind: row.kind,
    occurredAt: row.occurred_at.toISOString(),
    payload: row.payload,
    hubRecordId: row.hub_record_id,
    receivedAt: row.received_at.toISOString(),
  })
}

async function foundSale(db: Queryable, row: FoundSaleRow): Promise<FoundSale> {
  const sale = SalePayload.parse(row.payload)
  return FoundSale.parse({
    deviceId: row.device_id,
    deviceName: row.device_name,
    deviceRecordId: row.device_record_id,
    occurredAt: row.occurred_at.toISOString(),
    receivedAt: row.received_at.toISOString(),
    sale,
    steps: (await stepsOfSale(db, row.device_id, sale.saleId)).map(storedRecord),
  })
}

/** The sales (any day, training too: the payload says which) carrying that booking or payment reference. */
export async function salesWithReference(db: Queryable, reference: string): Promise<FoundSale[]> {
  const found: FoundSale[] = []
  for (const row of await salesByReference(db, reference)) found.push(await foundSale(db, row))
  return found
}

/** The sales a counter's scanned code names: a booking or payment reference, or one ticket's barcode, in any case. */
export async function salesWithCode(db: Queryable, code: string): Promise<FoundSale[]> {
  const found: FoundSale[] = []
  for (const row of await salesByCode(db, code)) found.push(await foundSale(db, row))
  return found
}
