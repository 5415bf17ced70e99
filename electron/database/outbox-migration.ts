/**
 * The journal's thirteenth version (user_version 13): the outbox is written with the journal (issue #35). Until now each
 * heartbeat found the records the hub had not been given by reading the whole journal against
 * `hub_outbox`, on main's thread, at a cost that grew with every sale ever made. From this version the
 * journal step that makes a record (a sale confirmed, a refund approved, a first print, a reprint, a
 * shift closed) writes it into `hub_outbox` in its own transaction (electron/journal/outbox-records.ts),
 * and the uploader reads the waiting rows by their index.
 *
 * The records an older journal holds and the outbox does not are put in here, once, oldest first, by
 * the very derivation the heartbeat used: their ids are the ones an older Foyer would have made, so a
 * journal upgraded mid-stream never uploads a record twice. Their payloads are left to be made by the
 * outbox when it first sends them (it reads the journal through its schemas; SQL cannot).
 *
 * The id of each record is made here and nowhere else: the journal's steps use the same SQL, narrowed
 * to the one sale or shift they wrote.
 */
const NOT_YET = (id: string) => `NOT EXISTS (SELECT 1 FROM hub_outbox o WHERE o.record_id = ${id})`
const SOLD = `s.state IN ('confirmed', 'refunded')`

/**
 * A sale's records not in the outbox yet: its confirm, each approved refund of a sold sale, its first
 * print, each reprint. `of(column)` narrows each branch to the sales wanted (the column holds the sale id).
 * Columns: kind, recordId, saleId, seq, at, rank (at one time a sale comes before its refund or print), what.
 */
export const saleRecordsSql = (of: (saleIdColumn: string) => string): string => `
  SELECT 'sale' AS kind, 'sale:' || s.sale_id AS recordId, s.sale_id AS saleId, NULL AS seq,
         COALESCE((SELECT MIN(st.at) FROM sale_steps st WHERE st.sale_id = s.sale_id AND st.step = 'confirmed'), s.updated_at) AS at, 0 AS rank, NULL AS what
    FROM sales s WHERE ${of('s.sale_id')} AND ${SOLD} AND ${NOT_YET(`'sale:' || s.sale_id`)}
  UNION ALL
  SELECT 'refund', 'refund:' || p.sale_id || ':' || p.seq, p.sale_id, p.seq, p.updated_at, 1, NULL
    FROM sale_payments p JOIN sales s ON s.sale_id = p.sale_id
   WHERE ${of('p.sale_id')} AND p.kind = 'refund' AND p.state = 'approved' AND ${SOLD} AND ${NOT_YET(`'refund:' || p.sale_id || ':' || p.seq`)}
  UNION ALL
  SELECT 'printed', 'printed:' || st.sale_id, st.sale_id, NULL, MIN(st.at), 2, NULL
    FROM sale_steps st
   WHERE ${of('st.sale_id')} AND st.step = 'printed' AND json_valid(st.detail) AND json_extract(st.detail, '$.what') = 'sale'
     AND ${NOT_YET(`'printed:' || st.sale_id`)}
   GROUP BY st.sale_id
  UNION ALL
  SELECT 'reprint', 'reprint:' || st.sale_id || ':' || st.seq, st.sale_id, st.seq, st.at, 2, json_extract(st.detail, '$.what')
    FROM sale_steps st
   WHERE ${of('st.sale_id')} AND st.step = 'printed' AND json_valid(st.detail) AND json_extract(st.detail, '$.what') IN ('tickets', 'receipt')
     AND ${NOT_YET(`'reprint:' || st.sale_id || ':' || st.seq`)}`

/** A closed shift's record not in the outbox yet; `of(column)` narrows it to the shifts wanted. Same columns. */
export const shiftRecordsSql = (of: (shiftIdColumn: string) => string): string => `
  SELECT 'shift' AS kind, 'shift:' || sh.shift_id AS recordId, sh.shift_id AS saleId, NULL AS seq, sh.closed_at AS at, 3 AS rank, NULL AS what
    FROM shifts sh WHERE ${of('sh.shift_id')} AND sh.closed_at IS NOT NULL AND ${NOT_YET(`'shift:' || sh.shift_id`)}`

/** The order records go into the outbox in, as the heartbeat made them. */
export const RECORD_ORDER = 'ORDER BY at, rank, recordId'

const EVERY = () => '1'

export const OUTBOX_WRITTEN_WITH_JOURNAL = `INSERT INTO hub_outbox (record_id, kind, occurred_at)
     SELECT recordId, kind, at FROM (${saleRecordsSql(EVERY)} UNION ALL ${shiftRecordsSql(EVERY)}) ${RECORD_ORDER};
   -- Those records' payloads are still to be made: the outbox finds them by this index when it sends them.
   CREATE INDEX hub_outbox_unmade ON hub_outbox (seq) WHERE answered_at IS NULL AND payload IS NULL`
