import type { HubDatabase } from './database'
import { parseRows, StoredRecordRow } from './rows'

export interface IncomingRecord {
  deviceRecordId: string
  kind: string
  occurredAt: string
  payload: unknown
}

export type StoreOutcome =
  | { deviceRecordId: string; outcome: 'stored'; hubRecordId: string; receivedAt: Date }
  | { deviceRecordId: string; outcome: 'conflict' }

const INSERT = `
  INSERT INTO device_records (device_id, device_record_id, kind, occurred_at, payload, received_at)
  VALUES ($1, $2, $3, $4, ($5::text)::jsonb, $6)
  ON CONFLICT (device_id, device_record_id) DO NOTHING
  RETURNING hub_record_id, device_record_id, kind, occurred_at, payload, received_at`

// The stored row, and whether it is the same record as the one offered again: a sale whose patron the
// hub has forgotten since (./patron-table.ts) is the same when all but its patron is.
const STORED = `
  SELECT hub_record_id, device_record_id, kind, occurred_at, payload, received_at,
         (kind = $3 AND occurred_at = $4
          AND (payload = ($5::text)::jsonb
               OR (patron_forgotten_at IS NOT NULL AND payload = jsonb_set(($5::text)::jsonb, '{patron}', 'null'::jsonb)))) AS same
    FROM device_records WHERE device_id = $1 AND device_record_id = $2`

/**
 * Stores a device's records, each once under UNIQUE(device, device record id). A record already
 * there (a retried upload, or the same record in a later batch) is answered as it was the first time:
 * the same hub id and time received; one under the same id with other content is a conflict, and the
 * first is kept. ON CONFLICT DO NOTHING waits for a concurrent insert of the same record to commit,
 * so two uploads of one record at once also store it once.
 */
export async function storeRecords(db: HubDatabase, deviceId: string, records: readonly IncomingRecord[], now: Date): Promise<StoreOutcome[]> {
  return db.transaction(async (tx) => {
    const outcomes: StoreOutcome[] = []
    for (const record of records) {
      const params = [deviceId, record.deviceRecordId, record.kind, record.occurredAt, JSON.stringify(record.payload)]
      const inserted = parseRows(StoredRecordRow, (await tx.query(INSERT, [...params, now])).rows)[0]
      const row = inserted ?? parseRows(StoredRecordRow, (await tx.query(STORED, params)).rows)[0]
      if (!row) throw new Error('A record neither stored nor found: the unique key is missing.')
      if (!inserted && row.same !== true) outcomes.push({ deviceRecordId: record.deviceRecordId, outcome: 'conflict' })
      else outcomes.push({ deviceRecordId: record.deviceRecordId, outcome: 'stored', hubRecordId: row.hub_record_id, receivedAt: row.received_at })
    }
    return outcomes
  })
}

/** A device's records at the hub, in the order they happened on the device. */
export async function recordsOfDevice(db: HubDatabase, deviceId: string): Promise<StoredRecordRow[]> {
  const { rows } = await db.query(
    `SELECT hub_record_id, device_record_id, kind, occurred_at, payload, received_at
       FROM device_records WHERE device_id = $1 ORDER BY occurred_at, hub_record_id`,
    [deviceId],
  )
  return parseRows(StoredRecordRow, rows)
}
