/**
 * The journal's seventeenth version (user_version 17): a sale's steps write fewer pages (issue #35). At
 * synchronous=FULL each page a step writes is one more the step waits for at its commit; two tables each
 * wrote two where one holds the same, the outbox wrote one more for a number it never needed, and one index is
 * written by every sale and read by nothing:
 * - `sale_payments` and `sale_codes` are read and written by their keys only (a sale's payments by sale
 *   and number, a code's sales by code): kept WITHOUT ROWID, the key's b-tree is the table, not a second
 *   one beside a table of row numbers nothing reads;
 * - `hub_outbox` drops AUTOINCREMENT, whose counter (the table `sqlite_sequence`) is one more page at every
 *   record written. What it promised, that a number is never used twice even after the highest rows are
 *   deleted, the outbox never needs: no row is ever deleted from it, so a new row's number is still above
 *   every other's and `seq` keeps the order records were written in; and a record is known, at the hub and
 *   here, by its record id, never its `seq`;
 * - `sale_steps_printed` goes: made for a heartbeat that looked for new prints among every sale's steps, it is
 *   asked nothing now that each step writes its own records, looking among its one sale's steps by their key
 *   (../journal/outbox-records.ts), yet every sale's printed step wrote a page of it.
 * Each table is rebuilt with every row it holds, as SQLite's own advice for changing a table goes, in the
 * migration's transaction; its indexes are made again with it.
 */
export const JOURNAL_KEYS_NARROWED = `CREATE TABLE sale_payments_keyed (
     sale_id TEXT NOT NULL REFERENCES sales (sale_id),
     seq INTEGER NOT NULL,
     kind TEXT NOT NULL,
     tender TEXT NOT NULL,
     amount_cents INTEGER NOT NULL,
     attempt_key TEXT,
     reference TEXT,
     approval_code TEXT,
     tendered_cents INTEGER,
     change_cents INTEGER,
     state TEXT NOT NULL,
     refers_to INTEGER,
     asked_by TEXT,
     approved_by TEXT,
     started_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (sale_id, seq)
   ) WITHOUT ROWID;
   INSERT INTO sale_payments_keyed (sale_id, seq, kind, tender, amount_cents, attempt_key, reference, approval_code, tendered_cents, change_cents, state, refers_to, asked_by, approved_by, started_at, updated_at)
     SELECT sale_id, seq, kind, tender, amount_cents, attempt_key, reference, approval_code, tendered_cents, change_cents, state, refers_to, asked_by, approved_by, started_at, updated_at FROM sale_payments;
   DROP TABLE sale_payments;
   ALTER TABLE sale_payments_keyed RENAME TO sale_payments;
   CREATE TABLE sale_codes_keyed (
     code TEXT NOT NULL COLLATE NOCASE,
     sale_id TEXT NOT NULL REFERENCES sales (sale_id),
     kind TEXT NOT NULL,
     PRIMARY KEY (code, sale_id)
   ) WITHOUT ROWID;
   INSERT INTO sale_codes_keyed (code, sale_id, kind) SELECT code, sale_id, kind FROM sale_codes;
   DROP TABLE sale_codes;
   ALTER TABLE sale_codes_keyed RENAME TO sale_codes;
   CREATE TABLE hub_outbox_numbered (
     seq INTEGER PRIMARY KEY,
     record_id TEXT NOT NULL UNIQUE,
     kind TEXT NOT NULL,
     occurred_at INTEGER NOT NULL,
     payload TEXT,
     hub_record_id TEXT,
     outcome TEXT,
     answered_at INTEGER
   );
   INSERT INTO hub_outbox_numbered (seq, record_id, kind, occurred_at, payload, hub_record_id, outcome, answered_at)
     SELECT seq, record_id, kind, occurred_at, payload, hub_record_id, outcome, answered_at FROM hub_outbox;
   DROP TABLE hub_outbox;
   ALTER TABLE hub_outbox_numbered RENAME TO hub_outbox;
   CREATE INDEX hub_outbox_waiting ON hub_outbox (seq) WHERE answered_at IS NULL;
   CREATE INDEX hub_outbox_unmade ON hub_outbox (seq) WHERE answered_at IS NULL AND payload IS NULL;
   DROP INDEX IF EXISTS sale_steps_printed`
