import type Database from 'better-sqlite3'
import { join } from 'node:path'
import { DRAWER_OPENINGS_TABLE } from './drawer-migration'
import { HUB_LINK_TABLES } from './hub-link-migration'
import { HUB_PROFILE_TABLE } from './hub-profile-migration'
import { HUB_STAFF_TABLES } from './hub-staff-migration'
import { JOURNAL_AGE_INDEXES } from './journal-age-migration'
import { JOURNAL_WRITES_NARROWED } from './journal-writes-migration'
import { JOURNAL_KEYS_NARROWED } from './journal-keys-migration'
import { OUTBOX_WRITTEN_WITH_JOURNAL } from './outbox-migration'
import { PAYMENTS_AS_RECORDS } from './payments-migration'
import { SALE_CODES_TABLE } from './sale-codes-migration'
import { openSqlite } from './sqlite'

/**
 * Foyer's own durable database on the kiosk (the user data folder): seat holds
 * now, the sales journal with checkout. WAL with synchronous=FULL: what a
 * sale writes here must survive the power going off, not only a crash.
 */
export type LocalDb = Database.Database

/** Each version of the kiosk's database, in order (exported so tests can make an older Foyer's file). */
export const migrations: readonly string[] = [
  `CREATE TABLE holds (
     backend TEXT NOT NULL,
     product_id INTEGER NOT NULL,
     inventory_id INTEGER NOT NULL,
     offer_id TEXT NOT NULL,
     set_index INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     taken_at INTEGER NOT NULL,
     PRIMARY KEY (backend, inventory_id)
   )`,
  // The sales journal (electron/journal): one row per sale with where it stands, and every
  // step appended before and after each call to the vendor or the payment terminal.
  `CREATE TABLE sales (
     sale_id TEXT PRIMARY KEY,
     backend TEXT NOT NULL,
     state TEXT NOT NULL,
     tender TEXT NOT NULL,
     payment_method TEXT NOT NULL,
     amount_cents INTEGER NOT NULL,
     reference TEXT,
     expires_at INTEGER,
     attempt INTEGER NOT NULL DEFAULT 0,
     payment_key TEXT,
     payment_ref TEXT,
     tendered_cents INTEGER,
     change_cents INTEGER,
     request_json TEXT NOT NULL,
     order_json TEXT,
     staff_note TEXT,
     staff_resolved_at INTEGER,
     shift_id TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   );
   CREATE INDEX sales_by_state ON sales (state);
   CREATE TABLE sale_steps (
     sale_id TEXT NOT NULL REFERENCES sales (sale_id),
     seq INTEGER NOT NULL,
     at INTEGER NOT NULL,
     step TEXT NOT NULL,
     detail TEXT,
     PRIMARY KEY (sale_id, seq)
   )`,
  // Counter shifts (electron/journal/shift-book.ts): the cash float in, the counted cash out, the Z report kept.
  `CREATE TABLE shifts (
     shift_id TEXT PRIMARY KEY,
     backend TEXT NOT NULL,
     opened_at INTEGER NOT NULL,
     float_cents INTEGER NOT NULL,
     closed_at INTEGER,
     counted_cents INTEGER,
     z_report TEXT
   );
   CREATE UNIQUE INDEX one_open_shift ON shifts (backend) WHERE closed_at IS NULL`,
  // Holds keyed by show and seat: the vendor's inventory ids are unique only within a show.
  // SQLite cannot change a primary key, so the table is rebuilt; every recorded hold is kept.
  `CREATE TABLE holds_by_show (
     backend TEXT NOT NULL,
     product_id INTEGER NOT NULL,
     inventory_id INTEGER NOT NULL,
     offer_id TEXT NOT NULL,
     set_index INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     taken_at INTEGER NOT NULL,
     PRIMARY KEY (backend, product_id, inventory_id)
   );
   INSERT INTO holds_by_show SELECT backend, product_id, inventory_id, offer_id, set_index, expires_at, taken_at FROM holds;
   DROP TABLE holds;
   ALTER TABLE holds_by_show RENAME TO holds`,
  // Staff are people (electron/settings/staff-accounts.ts): who sold and who refunded each sale, who opened and
  // closed each shift and who approved a drawer over tolerance. Rows from before are left NULL: nobody in particular.
  `ALTER TABLE sales ADD COLUMN sold_by_id TEXT;
   ALTER TABLE sales ADD COLUMN sold_by_name TEXT;
   ALTER TABLE sales ADD COLUMN refunded_by_name TEXT;
   ALTER TABLE shifts ADD COLUMN opened_by TEXT;
   ALTER TABLE shifts ADD COLUMN closed_by TEXT;
   ALTER TABLE shifts ADD COLUMN approved_by TEXT`,
  // A counter refund names who asked for it (the cashier signed in) beside the supervisor who approved it
  // (refunded_by_name). Refunds from before are left NULL: the asker was not kept.
  `ALTER TABLE sales ADD COLUMN refund_asked_by_name TEXT`,
  // A sale is an order and its payments (electron/journal/sale-states.ts): ./payments-migration.ts.
  PAYMENTS_AS_RECORDS,
  // The device's link to the box office's hub, and the journal's records on their way to it: ./hub-link-migration.ts.
  HUB_LINK_TABLES,
  // The profile and service rules pulled from the hub: ./hub-profile-migration.ts.
  HUB_PROFILE_TABLE,
  // The venue's staff accounts as last pulled from the hub: ./hub-staff-migration.ts.
  HUB_STAFF_TABLES,
  // The cash drawer's openings, each with what for and who: ./drawer-migration.ts.
  DRAWER_OPENINGS_TABLE,
  // Every code a sale is scanned by (booking reference, ticket barcodes), indexed: ./sale-codes-migration.ts.
  SALE_CODES_TABLE,
  // The hub's records written by the journal step that makes each, an older journal's put in once: ./outbox-migration.ts.
  OUTBOX_WRITTEN_WITH_JOURNAL,
  // An index for each question main asks the journal while selling or on a timer: ./journal-age-migration.ts.
  JOURNAL_AGE_INDEXES,
  // The hub's restore from a backup this device has followed (electron/hub-link/outbox.ts, followRestore):
  // each restore is followed once, by sending again what the restored hub lacks.
  `ALTER TABLE hub_link ADD COLUMN restore_followed TEXT`,
  // Indexes no question needs any more, each a page more for every step to write: ./journal-writes-migration.ts.
  JOURNAL_WRITES_NARROWED,
  // Payments and codes kept by their keys alone, the outbox numbered without a counter: ./journal-keys-migration.ts.
  JOURNAL_KEYS_NARROWED,
]

export function openLocalDb(dataDir: string | null): LocalDb {
  const db = openSqlite(dataDir ? join(dataDir, 'foyer.db') : null, { synchronous: 'FULL', busyTimeoutMs: 2000 })
  const version = db.pragma('user_version', { simple: true }) as number
  db.transaction(() => {
    for (let v = version; v < migrations.length; v++) db.exec(migrations[v]!)
    db.pragma(`user_version = ${migrations.length}`)
  })()
  return db
}
