import type { Queryable } from './database'

/**
 * The hub keeps a sale's patron (e-mail and names, hub/protocol/record-payloads.ts) only as long as
 * its device would: past the shorter of the window the sale was sent with and the window the device
 * said in its last heartbeat (a window shortened on the staff screen applies to the sales already
 * sent). Only `patron` goes: the money, tickets, shows, payments and references stay, so Today's
 * figures and the sale lookup are unchanged. The sale's time is the device's (`occurred_at`), as the
 * device's own sweep (electron/journal/patron-retention.ts) goes by when the sale was made.
 *
 * In slices, each one statement: a year of sales never holds the table long, and rows another hub
 * process is forgetting at the same moment are skipped (SKIP LOCKED), not waited for or done twice;
 * a row forgotten already no longer matches (its patron is null). LEAST passes over a null: a device
 * that has not said its window in a heartbeat yet is held to each sale's own.
 */
const FORGET = `
  WITH due AS (
    SELECT r.hub_record_id
      FROM device_records r JOIN devices d ON d.id = r.device_id
     WHERE r.kind = 'sale' AND jsonb_typeof(r.payload->'patron') = 'object'
       AND r.occurred_at < $1::timestamptz - make_interval(days => LEAST(
             (r.payload->>'patronDays')::int, (d.last_heartbeat->>'patronDays')::int))
     ORDER BY r.occurred_at
     LIMIT $2
       FOR UPDATE OF r SKIP LOCKED
  )
  UPDATE device_records r
     SET payload = jsonb_set(r.payload, '{patron}', 'null'::jsonb), patron_forgotten_at = $1
    FROM due WHERE r.hub_record_id = due.hub_record_id
  RETURNING r.hub_record_id`

const SLICE = 500

/** Forgets the patron of every sale past its device's window at `now`; answers how many sales were changed. */
export async function forgetPastPatrons(db: Queryable, now: Date): Promise<number> {
  let forgotten = 0
  for (;;) {
    const { rows } = await db.query(FORGET, [now, SLICE])
    forgotten += rows.length
    if (rows.length < SLICE) return forgotten
  }
}
