import type { Queryable } from './database'
import type { Migration } from './migration'
import { projectionInserts, projectRecords } from './record-projection'
import { queryRows, StoredRecordRow } from './rows'

/**
 * Sales kept as sales (issue #35), as pretix keeps orders, their positions, payments and refunds apart:
 * each record stays in `device_records` as the device sent it (the audit copy), and what it says is
 * written beside it, in the statement that stores it (./record-table.ts), to typed tables that Today,
 * End of day and their files read with indexes. Before, each of those reads took every payload of the
 * day apart (`payload->>'amountCents'`, a sale's card payments out of its jsonb), some 13 s for End of
 * day of a 20,000-sale day.
 *
 * - `sales`, `sale_shows` and their `sale_lines` (a price class of a show; a show an older Foyer sent
 *   without price classes is one line with none), `payments` (tender, cents, the card's brand and last
 *   four, the terminal's and Foyer's references); `refunds` (who asked, who approved); `shifts`, their
 *   `drawer_counts` (the count note by note) and `drawer_no_sales`.
 * - `training` is marked once, when projected (the payload's flag or a training backend).
 * - `*_no`: the place in the payload's list, so a list reads back in the order the device sent it.
 *
 * Nothing reads `device_records` by its time alone any more: the two indexes that did so, one of them
 * inside the other (`device_records_by_day` on sales and refunds, `device_records_by_hub_time` on
 * every record), go.
 *
 * The records stored already are projected by `projectStored`, in TypeScript, with the same schemas an
 * upload is parsed with (hub/protocol), in the migration's transaction.
 */
const SQL = `
  CREATE TABLE sales (
    hub_record_id bigint PRIMARY KEY REFERENCES device_records (hub_record_id),
    device_id uuid NOT NULL REFERENCES devices (id),
    occurred_at timestamptz NOT NULL,
    training boolean NOT NULL,
    sale_id text NOT NULL,
    booking_reference text,
    payment_reference text,
    amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
    tickets integer NOT NULL CHECK (tickets >= 0),
    cashier text,
    shift_id text
  );
  CREATE INDEX sales_by_day ON sales (occurred_at);
  -- A refund's sale (its card's references), found by its device and sale id, of any day.
  CREATE INDEX sales_by_sale ON sales (device_id, sale_id);
  CREATE TABLE sale_shows (
    hub_record_id bigint NOT NULL REFERENCES sales (hub_record_id),
    show_no integer NOT NULL,
    product_id integer NOT NULL,
    event text,
    shows_at text,
    tickets integer NOT NULL CHECK (tickets >= 0),
    amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
    PRIMARY KEY (hub_record_id, show_no)
  );
  CREATE TABLE sale_lines (
    hub_record_id bigint NOT NULL,
    show_no integer NOT NULL,
    line_no integer NOT NULL,
    price_class_code text,
    price_class_name text,
    tickets integer NOT NULL CHECK (tickets >= 0),
    amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
    PRIMARY KEY (hub_record_id, show_no, line_no),
    FOREIGN KEY (hub_record_id, show_no) REFERENCES sale_shows (hub_record_id, show_no)
  );
  CREATE TABLE payments (
    hub_record_id bigint NOT NULL REFERENCES sales (hub_record_id),
    payment_no integer NOT NULL,
    seq integer NOT NULL,
    tender text NOT NULL CHECK (tender IN ('card', 'cash', 'standalone')),
    amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
    reference text,
    tendered_cents bigint,
    change_cents bigint,
    card_brand text,
    card_last4 text,
    auth_code text,
    merchant_reference text,
    approval_code text,
    PRIMARY KEY (hub_record_id, payment_no)
  );
  CREATE TABLE refunds (
    hub_record_id bigint PRIMARY KEY REFERENCES device_records (hub_record_id),
    device_id uuid NOT NULL REFERENCES devices (id),
    occurred_at timestamptz NOT NULL,
    training boolean NOT NULL,
    sale_id text NOT NULL,
    booking_reference text,
    seq integer NOT NULL,
    refers_to integer,
    tender text NOT NULL CHECK (tender IN ('card', 'cash', 'standalone')),
    amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
    asked_by text,
    approved_by text
  );
  CREATE INDEX refunds_by_day ON refunds (occurred_at);
  CREATE TABLE shifts (
    hub_record_id bigint PRIMARY KEY REFERENCES device_records (hub_record_id),
    device_id uuid NOT NULL REFERENCES devices (id),
    occurred_at timestamptz NOT NULL,
    training boolean NOT NULL,
    shift_id text NOT NULL,
    opened_at timestamptz NOT NULL,
    closed_at timestamptz NOT NULL,
    float_cents bigint NOT NULL,
    cash_sold_cents bigint,
    cash_refunded_cents bigint,
    expected_cash_cents bigint,
    counted_cents bigint,
    variance_cents bigint,
    -- Whether the upload said the count note by note (an older Foyer's did not), even if it counted none.
    notes_counted boolean NOT NULL,
    opened_by text,
    closed_by text,
    approved_by text,
    -- Null, never 0, without a drawer in the upload (an older Foyer, a counter with none).
    drawer_openings integer,
    drawer_failed integer
  );
  CREATE INDEX shifts_by_day ON shifts (occurred_at);
  CREATE TABLE drawer_counts (
    hub_record_id bigint NOT NULL REFERENCES shifts (hub_record_id),
    count_no integer NOT NULL,
    denomination_cents bigint NOT NULL CHECK (denomination_cents > 0),
    quantity integer NOT NULL CHECK (quantity >= 0),
    PRIMARY KEY (hub_record_id, count_no)
  );
  CREATE TABLE drawer_no_sales (
    hub_record_id bigint NOT NULL REFERENCES shifts (hub_record_id),
    no_sale_no integer NOT NULL,
    no_sale_at timestamptz NOT NULL,
    by_name text,
    reason text NOT NULL CHECK (reason IN ('change', 'wrong-change', 'other')),
    PRIMARY KEY (hub_record_id, no_sale_no)
  );
  DROP INDEX device_records_by_day;
  DROP INDEX device_records_by_hub_time;
`

/**
 * Gathers the typed tables' statistics. Without them the planner guessed the day's joins badly (a
 * 20,000-sale day's End of day took seconds rather than a tenth of one): after the projection here, and
 * at each start of a PGlite hub, which has no autovacuum to gather them (./open-database.ts).
 */
export async function analyzeSaleTables(db: Queryable): Promise<void> {
  await db.exec('ANALYZE sales, sale_shows, sale_lines, payments, refunds, shifts, drawer_counts, drawer_no_sales')
}

const SLICE = 1000
const STORED = `
  SELECT hub_record_id, device_record_id, kind, occurred_at, payload, received_at FROM device_records
   WHERE kind IN ('sale', 'refund', 'shift') AND hub_record_id > $1 ORDER BY hub_record_id LIMIT ${SLICE}`
const WRITE = `
  WITH ${projectionInserts('(SELECT hub_record_id::text AS key, hub_record_id, device_id, occurred_at FROM device_records WHERE hub_record_id = ANY($1::bigint[]))', 2)}
  SELECT 1`

/** Projects every sale, refund and shift stored before the typed tables, a slice of records at a time. */
async function projectStored(tx: Queryable): Promise<void> {
  let after = '0'
  for (;;) {
    const rows = await queryRows(tx, StoredRecordRow, STORED, [after])
    if (rows.length === 0) return analyzeSaleTables(tx)
    const projection = projectRecords(rows.map((r) => ({ key: r.hub_record_id, kind: r.kind, payload: r.payload })))
    await tx.query(WRITE, [rows.map((r) => r.hub_record_id), JSON.stringify(projection)])
    after = rows.at(-1)!.hub_record_id
  }
}

export const saleTables: Migration = {
  version: 11,
  name: 'sales, payments, refunds and shifts in typed tables',
  sql: SQL,
  project: projectStored,
}
