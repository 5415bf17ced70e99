import { z } from 'zod'
import type { Queryable } from './database'
import { parseRows } from './rows'

/**
 * The hub's day of sales and refunds, summed in the database over the records' jsonb payloads
 * (every payload was parsed by its kind's schema on upload, so its amounts are integer cents). Sums
 * come back as numeric (a string from pg): each row is parsed here, and the view parses the answer.
 */
export interface HubDayWindow {
  start: Date
  end: Date
  /** The hub's offset from UTC at the day's start, in seconds: hours are the hub's hours. */
  offsetSeconds: number
}

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

export interface HubDayRows {
  totals: z.infer<typeof TotalsRow>[]
  byShow: z.infer<typeof ShowRow>[]
  byTender: z.infer<typeof TenderRow>[]
  byDevice: z.infer<typeof DeviceRow>[]
  byCashier: z.infer<typeof CashierRow>[]
  /** `hour`: hours since the epoch on the hub's clock. */
  byHour: z.infer<typeof HourRow>[]
}

/** The day's figures, each grouping one query over the same records. */
export async function hubDayRows(db: Queryable, day: HubDayWindow): Promise<HubDayRows> {
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
