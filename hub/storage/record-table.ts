import { z } from 'zod'
import type { HubDatabase, Queryable } from './database'
import { projectionInserts, projectRecords } from './record-projection'
import { parseRows, queryRows, StoredRecordRow } from './rows'

export interface IncomingRecord {
  deviceRecordId: string
  kind: string
  occurredAt: string
  payload: unknown
}

export type StoreOutcome =
  | { deviceRecordId: string; outcome: 'stored'; hubRecordId: string; receivedAt: Date }
  | { deviceRecordId: string; outcome: 'conflict' }

/** A device's upload: its records, received at `at`. */
export interface Upload {
  deviceId: string
  records: readonly IncomingRecord[]
  at: Date
}

// The uploads in one statement (several devices' when they came together: ../server/devices/record-writes.ts),
// in their order (hub ids rise with it), and in the same statement the codes each sale stored now is found by
// (./migration-sale-codes.ts) and what each record says in the typed tables (./record-projection.ts, `$7`): a
// statement is atomic by itself, so neither the index nor a typed table ever names a record that is not
// stored, nor misses one that is. No transaction around it, which on PGlite was two more queries an upload.
// A repeat stores nothing, so indexes and projects nothing. Only what the answers need is given back.
const INSERT = `
  WITH stored AS (
    INSERT INTO device_records (device_id, device_record_id, kind, occurred_at, payload, received_at)
    SELECT r.device_id, r.id, r.kind, r.occurred_at, (r.payload)::jsonb, r.received_at
      FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::timestamptz[])
           WITH ORDINALITY AS r (device_id, id, kind, occurred_at, payload, received_at, n)
     ORDER BY r.n
    ON CONFLICT (device_id, device_record_id) DO NOTHING
    RETURNING hub_record_id, device_id, device_record_id, kind, occurred_at, payload, received_at
  ), indexed AS (
    INSERT INTO sale_codes (code, hub_record_id, kind)
    SELECT c.code, s.hub_record_id, c.kind FROM stored s, sale_codes_of(s.payload) c WHERE s.kind = 'sale'
  ),
  ${projectionInserts(`(SELECT device_id::text || ' ' || device_record_id AS key, hub_record_id, device_id, occurred_at FROM stored)`, 7)}
  SELECT hub_record_id, device_id::text AS device_id, device_record_id, received_at FROM stored`

const InsertedRow = StoredRecordRow.pick({ hub_record_id: true, device_record_id: true, received_at: true }).extend({ device_id: z.string() })
type InsertedRow = z.infer<typeof InsertedRow>

// The stored row, and whether it is the same record as the one offered again: a sale whose patron the
// hub has forgotten since (./patron-table.ts) is the same when all but its patron is.
const STORED = `
  SELECT hub_record_id, device_record_id, kind, occurred_at, payload, received_at,
         (kind = $3 AND occurred_at = $4
          AND (payload = ($5::text)::jsonb
               OR (patron_forgotten_at IS NOT NULL AND payload = jsonb_set(($5::text)::jsonb, '{patron}', 'null'::jsonb)))) AS same
    FROM device_records WHERE device_id = $1 AND device_record_id = $2`

function stored(record: IncomingRecord, row: InsertedRow | StoredRecordRow): StoreOutcome {
  return { deviceRecordId: record.deviceRecordId, outcome: 'stored', hubRecordId: row.hub_record_id, receivedAt: row.received_at }
}

/** A record the batch's insert did not store now: the one stored before under its id, the same or a conflict. */
async function storedBefore(db: Queryable, deviceId: string, record: IncomingRecord): Promise<StoreOutcome> {
  const params = [deviceId, record.deviceRecordId, record.kind, record.occurredAt, JSON.stringify(record.payload)]
  const row = (await queryRows(db, StoredRecordRow, STORED, params))[0]
  if (!row) throw new Error('A record neither stored nor found: the unique key is missing.')
  return row.same === true ? stored(record, row) : { deviceRecordId: record.deviceRecordId, outcome: 'conflict' }
}

/** A record's key in one statement of several devices' uploads: its device (as PostgreSQL writes a uuid) and its id there. */
const keyOf = (deviceId: string, deviceRecordId: string) => `${deviceId.toLowerCase()} ${deviceRecordId}`

/**
 * What the insert can store: the first record under each key (a later one under the same key is a
 * repeat or a conflict, and stores nothing), each keyed so, as the stored rows are joined to its projection.
 */
function firstOfEachKey(uploads: readonly Upload[]) {
  const first = new Map<string, IncomingRecord>()
  for (const { deviceId, records } of uploads) for (const r of records) if (!first.has(keyOf(deviceId, r.deviceRecordId))) first.set(keyOf(deviceId, r.deviceRecordId), r)
  return [...first].map(([key, r]) => ({ key, kind: r.kind, payload: r.payload }))
}

/**
 * Stores devices' uploads in one statement, each record once under UNIQUE(device, device record id);
 * each upload's outcomes, in the order given. A record already there (a retried upload, the same
 * record in a later batch or twice in one) is answered as it was the first time: the same hub id and
 * time received; one under the same id with other content is a conflict, and the first is kept. ON
 * CONFLICT DO NOTHING waits for a concurrent insert of the same record to commit, so two uploads of
 * one record at once also store it once.
 */
export async function storeUploads(db: Queryable, uploads: readonly Upload[]): Promise<StoreOutcome[][]> {
  const all = uploads.flatMap((u) => u.records.map((r) => ({ ...r, deviceId: u.deviceId, at: u.at })))
  const column = <T>(pick: (r: (typeof all)[number]) => T) => all.map(pick)
  const { rows } = await db.query(INSERT, [
    column((r) => r.deviceId),
    column((r) => r.deviceRecordId),
    column((r) => r.kind),
    column((r) => r.occurredAt),
    column((r) => JSON.stringify(r.payload)),
    column((r) => r.at),
    JSON.stringify(projectRecords(firstOfEachKey(uploads))),
  ])
  const inserted = new Map(parseRows(InsertedRow, rows).map((row) => [keyOf(row.device_id, row.device_record_id), row]))
  const answers: StoreOutcome[][] = []
  for (const { deviceId, records } of uploads) {
    const outcomes: StoreOutcome[] = []
    for (const record of records) {
      const row = inserted.get(keyOf(deviceId, record.deviceRecordId))
      // Taken once: the same id again later in the batch is answered as a repeat is.
      inserted.delete(keyOf(deviceId, record.deviceRecordId))
      outcomes.push(row ? stored(record, row) : await storedBefore(db, deviceId, record))
    }
    answers.push(outcomes)
  }
  return answers
}

/** Stores one device's records (storeUploads, for one upload). */
export async function storeRecords(db: Queryable, deviceId: string, records: readonly IncomingRecord[], now: Date): Promise<StoreOutcome[]> {
  return (await storeUploads(db, [{ deviceId, records, at: now }]))[0]!
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
