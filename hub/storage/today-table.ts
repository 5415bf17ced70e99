import { z } from 'zod'
import type { Queryable } from './database'
import { queryRows } from './rows'

/**
 * The hub's day of sales and refunds, summed in the database over the typed tables (./migration-sale-tables.ts:
 * `sales`, `sale_shows`, `payments`, `refunds`, each read by its day index), each marked training once when
 * it was projected. Sums come back as numeric (a string from pg): each row is parsed here, and the view
 * parses the answer.
 */
export interface HubDayWindow {
  start: Date
  end: Date
  /** The hub's offset from UTC at the day's start, in seconds: hours are the hub's hours. */
  offsetSeconds: number
}

const SALES = 'SELECT * FROM sales WHERE occurred_at >= $1 AND occurred_at < $2'
const REFUNDS = 'SELECT * FROM refunds WHERE occurred_at >= $1 AND occurred_at < $2'

const n = z.coerce.number().int()

const TotalsRow = z.object({ training: z.boolean(), sales: n, tickets: n, amount: n, refunds: n, refunded: n })
const TOTALS = `
  WITH s AS (SELECT training, count(*) AS sales, sum(tickets) AS tickets, sum(amount_cents) AS amount FROM (${SALES}) s GROUP BY training),
       r AS (SELECT training, count(*) AS refunds, sum(amount_cents) AS refunded FROM (${REFUNDS}) r GROUP BY training)
  SELECT coalesce(s.training, r.training) AS training, coalesce(s.sales, 0) AS sales, coalesce(s.tickets, 0) AS tickets,
         coalesce(s.amount, 0) AS amount, coalesce(r.refunds, 0) AS refunds, coalesce(r.refunded, 0) AS refunded
    FROM s FULL JOIN r ON r.training = s.training`

const ShowRow = z.object({ event: z.string().nullable(), shows_at: z.string().nullable(), tickets: n, amount: n })
const BY_SHOW = `
  SELECT sh.event, sh.shows_at, sum(sh.tickets) AS tickets, sum(sh.amount_cents) AS amount
    FROM (${SALES}) s JOIN sale_shows sh ON sh.hub_record_id = s.hub_record_id
   WHERE NOT s.training
   GROUP BY 1, 2 ORDER BY 2 NULLS LAST, 1 NULLS LAST`

const TenderRow = z.object({ tender: z.string(), payments: n, amount: n, refunded: n })
const BY_TENDER = `
  WITH moves AS (
    SELECT p.tender, p.amount_cents AS amount, 0::bigint AS refunded
      FROM (${SALES}) s JOIN payments p ON p.hub_record_id = s.hub_record_id WHERE NOT s.training
    UNION ALL
    SELECT tender, NULL, amount_cents FROM (${REFUNDS}) r WHERE NOT training
  )
  SELECT tender, count(amount) AS payments, coalesce(sum(amount), 0) AS amount, sum(refunded) AS refunded
    FROM moves GROUP BY tender ORDER BY tender`

const DeviceRow = z.object({ device_id: z.string(), device_name: z.string(), sales: n, tickets: n, amount: n, refunded: n })
const BY_DEVICE = `
  WITH moves AS (
    SELECT device_id, 1 AS sales, tickets, amount_cents AS amount, 0::bigint AS refunded FROM (${SALES}) s WHERE NOT training
    UNION ALL
    SELECT device_id, 0, 0, 0, amount_cents FROM (${REFUNDS}) r WHERE NOT training
  )
  SELECT d.id AS device_id, d.name AS device_name, sum(m.sales) AS sales, sum(m.tickets) AS tickets, sum(m.amount) AS amount, sum(m.refunded) AS refunded
    FROM moves m JOIN devices d ON d.id = m.device_id
   GROUP BY d.id, d.name ORDER BY d.name, d.id`

const CashierRow = z.object({ cashier: z.string().nullable(), sales: n, tickets: n, amount: n })
const BY_CASHIER = `
  SELECT cashier, count(*) AS sales, sum(tickets) AS tickets, sum(amount_cents) AS amount
    FROM (${SALES}) s WHERE NOT training GROUP BY 1 ORDER BY 1 NULLS FIRST`

// Hours counted on the hub's clock: the epoch shifted by its offset, cut into whole hours.
const HourRow = z.object({ hour: n, sales: n, tickets: n, amount: n })
const BY_HOUR = `
  SELECT floor((extract(epoch FROM occurred_at) + $3) / 3600)::bigint AS hour, count(*) AS sales,
         sum(tickets) AS tickets, sum(amount_cents) AS amount
    FROM (${SALES}) s WHERE NOT training GROUP BY 1 ORDER BY 1`

export interface HubDayRows {
  totals: z.infer<typeof TotalsRow>[]
  byShow: z.infer<typeof ShowRow>[]
  byTender: z.infer<typeof TenderRow>[]
  byDevice: z.infer<typeof DeviceRow>[]
  byCashier: z.infer<typeof CashierRow>[]
  /** `hour`: hours since the epoch on the hub's clock. */
  byHour: z.infer<typeof HourRow>[]
}

/** The day's figures, each grouping one query over the same rows. */
export async function hubDayRows(db: Queryable, day: HubDayWindow): Promise<HubDayRows> {
  const window = [day.start, day.end]
  const read = <T>(schema: z.ZodType<T>, sql: string, params: unknown[] = window) => queryRows(db, schema, sql, params)
  return {
    totals: await read(TotalsRow, TOTALS),
    byShow: await read(ShowRow, BY_SHOW),
    byTender: await read(TenderRow, BY_TENDER),
    byDevice: await read(DeviceRow, BY_DEVICE),
    byCashier: await read(CashierRow, BY_CASHIER),
    byHour: await read(HourRow, BY_HOUR, [...window, day.offsetSeconds]),
  }
}
