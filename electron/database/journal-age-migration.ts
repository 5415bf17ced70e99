/**
 * The journal's fourteenth version (user_version 14): what main asks the journal while selling and on its timers costs
 * the same after a year of sales as on the first day (issue #35). Each such question gets an index
 * that holds only the rows it can answer with (a partial index, where the answer is a few rows among
 * many), so it is a lookup, never a read of every sale:
 * - recovery at start and the "is a sale under way" checks (SalesJournal.unfinished, unprinted,
 *   needingStaff): only sales still open, waiting for staff, or confirmed and not yet printed;
 * - a shift's sales (the X and Z reports, the drawer's expected cash): by shift;
 * - the shift closed last (printing its Z report again, the venue a quiet shift is headed with);
 * - the heartbeat's last sale: the confirms alone; the support file's latest steps: by time;
 * - the patron retention sweep: only sales that still hold patron data (electron/journal/patron-retention.ts
 *   asks in these very terms, so SQLite knows the index answers it).
 */

/**
 * A sale that still holds patron data (its request's patron or delivery address, the order's patron account).
 * A row whose JSON does not read holds none that can be found: the index is built over every row an older
 * Foyer left, and one damaged row must not stop the journal opening.
 */
export const PATRON_KEPT = `(CASE WHEN json_valid(request_json) THEN
           json_extract(request_json, '$.patron.email') <> ''
           OR json_type(request_json, '$.patron.firstName') IS NOT NULL
           OR json_type(request_json, '$.patron.lastName') IS NOT NULL
           OR json_type(request_json, '$.patron.phone') IS NOT NULL
           OR json_type(request_json, '$.deliveryAddress') IS NOT NULL
           OR (CASE WHEN json_valid(order_json) THEN json_type(order_json, '$.patronAccountNo') NOT IN ('null') ELSE 0 END)
         ELSE 0 END)`

export const JOURNAL_AGE_INDEXES = `CREATE INDEX sales_unfinished ON sales (backend, created_at)
     WHERE (state IN ('submitting', 'submitted') OR held_for_staff = 1) AND staff_resolved_at IS NULL;
   CREATE INDEX sales_unprinted ON sales (backend, created_at)
     WHERE state = 'confirmed' AND printed = 0 AND held_for_staff = 0 AND staff_resolved_at IS NULL;
   CREATE INDEX sales_needing_staff ON sales (backend, created_at) WHERE staff_note IS NOT NULL AND staff_resolved_at IS NULL;
   CREATE INDEX sales_by_shift ON sales (shift_id, created_at) WHERE shift_id IS NOT NULL;
   CREATE INDEX shifts_closed ON shifts (backend, closed_at) WHERE closed_at IS NOT NULL;
   CREATE INDEX sale_steps_confirmed ON sale_steps (at) WHERE step = 'confirmed';
   CREATE INDEX sale_steps_by_time ON sale_steps (at, seq);
   CREATE INDEX sales_patron_kept ON sales (created_at) WHERE ${PATRON_KEPT}`
