import { z } from 'zod'
import type { Queryable } from './database'
import { queryRows, StoredRecordRow } from './rows'

/** At most this many sales answer one code (a reference or a barcode is meant to name one sale). */
const MOST_SALES = 10

export const FoundSaleRow = StoredRecordRow.extend({ device_id: z.string(), device_name: z.string() })
export type FoundSaleRow = z.infer<typeof FoundSaleRow>

/**
 * The sales whose codes (./migration-sale-codes.ts) one of `matching` names, newest first. Always through
 * `sale_codes_by_code` (lower(code) = lower($1)), then narrowed: a lookup reads the sales that have the
 * code, never every sale (issue #35). IN, not a join: a sale with the code twice (a ticket's barcode that
 * is also its reference, or the same code in two cases) is one sale.
 */
const salesWhere = (matching: string) => `
  SELECT r.hub_record_id, r.device_record_id, r.kind, r.occurred_at, r.payload, r.received_at,
         r.device_id, d.name AS device_name
    FROM device_records r JOIN devices d ON d.id = r.device_id
   WHERE r.kind = 'sale'
     AND r.hub_record_id IN (SELECT c.hub_record_id FROM sale_codes c WHERE lower(c.code) = lower($1) AND ${matching})
   ORDER BY r.occurred_at DESC, r.hub_record_id DESC LIMIT ${MOST_SALES}`

// The dashboard's lookup, as it always was: the booking reference, the payment reference or one payment's
// reference, in the case the manager typed it.
const BY_REFERENCE = salesWhere(`c.kind IN ('reference', 'payment') AND c.code = $1`)

// A counter's scan: any of those or a ticket's barcode, in any case, as the device's own journal finds it.
const BY_CODE = salesWhere('TRUE')

// Every record of that sale from its device: the sale, its refunds, its reprints.
const STEPS = `
  SELECT hub_record_id, device_record_id, kind, occurred_at, payload, received_at
    FROM device_records WHERE device_id = $1 AND payload->>'saleId' = $2
   ORDER BY occurred_at, hub_record_id`

export async function salesByReference(db: Queryable, reference: string): Promise<FoundSaleRow[]> {
  return queryRows(db, FoundSaleRow, BY_REFERENCE, [reference])
}

/** The sales a scanned code names: a reference or a ticket's barcode, any case. */
export async function salesByCode(db: Queryable, code: string): Promise<FoundSaleRow[]> {
  return queryRows(db, FoundSaleRow, BY_CODE, [code])
}

export async function stepsOfSale(db: Queryable, deviceId: string, saleId: string): Promise<StoredRecordRow[]> {
  return queryRows(db, StoredRecordRow, STEPS, [deviceId, saleId])
}
