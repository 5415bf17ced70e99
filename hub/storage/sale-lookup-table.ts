import { z } from 'zod'
import type { Queryable } from './database'
import { parseRows, StoredRecordRow } from './rows'

/** At most this many sales answer one reference (a reference is meant to name one sale). */
const MOST_SALES = 10

export const FoundSaleRow = StoredRecordRow.extend({ device_id: z.string(), device_name: z.string() })
export type FoundSaleRow = z.infer<typeof FoundSaleRow>

// A sale by its booking reference, its payment reference, or any one of its payments' references.
const SALES = `
  SELECT r.hub_record_id, r.device_record_id, r.kind, r.occurred_at, r.payload, r.received_at,
         r.device_id, d.name AS device_name
    FROM device_records r JOIN devices d ON d.id = r.device_id
   WHERE r.kind = 'sale'
     AND (r.payload->>'bookingReference' = $1 OR r.payload->>'paymentReference' = $1
          OR r.payload->'payments' @> jsonb_build_array(jsonb_build_object('reference', $1::text)))
   ORDER BY r.occurred_at DESC, r.hub_record_id DESC LIMIT ${MOST_SALES}`

// Every record of that sale from its device: the sale, its refunds, its reprints.
const STEPS = `
  SELECT hub_record_id, device_record_id, kind, occurred_at, payload, received_at
    FROM device_records WHERE device_id = $1 AND payload->>'saleId' = $2
   ORDER BY occurred_at, hub_record_id`

export async function salesByReference(db: Queryable, reference: string): Promise<FoundSaleRow[]> {
  return parseRows(FoundSaleRow, (await db.query(SALES, [reference])).rows)
}

export async function stepsOfSale(db: Queryable, deviceId: string, saleId: string): Promise<StoredRecordRow[]> {
  return parseRows(StoredRecordRow, (await db.query(STEPS, [deviceId, saleId])).rows)
}
