/**
 * The journal's sixteenth version (user_version 16): a sale's steps write fewer pages (issue #35). Each index a
 * table carries is one more page written, and fsynced, at every step that touches it; at synchronous=FULL a
 * sale's steps wait for those pages. Two indexes no question needs any more are dropped:
 * - `sales_by_state` (the first version's): every question by state is answered by a partial index
 *   (./journal-age-migration.ts), and a sale's every step rewrote this one;
 * - `sale_steps_by_time`: the support file's latest steps are the last written, read by the steps' own
 *   row numbers (electron/journal/recent-steps.ts), so every step no longer writes a second index by time.
 */
export const JOURNAL_WRITES_NARROWED = `DROP INDEX IF EXISTS sales_by_state;
   DROP INDEX IF EXISTS sale_steps_by_time`
