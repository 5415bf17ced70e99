import Database from 'better-sqlite3'
import { renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { SalesJournal } from '../../electron/journal/sales-journal'
import { migrations, openLocalDb } from '../../electron/database/local-db'
import { OUTBOX_WRITTEN_WITH_JOURNAL } from '../../electron/database/outbox-migration'

/**
 * A kiosk's foyer.db as the Foyer before payments were records wrote it
 * (the first six migrations: one row per sale with its 11-value state and
 * only the latest payment attempt in columns), for the migration tests.
 */
export const VERSION_BEFORE_PAYMENTS = 6

export function oldJournalDb(path: string): Database.Database {
  const db = new Database(path)
  for (const migration of migrations.slice(0, VERSION_BEFORE_PAYMENTS)) db.exec(migration)
  db.pragma(`user_version = ${VERSION_BEFORE_PAYMENTS}`)
  return db
}

/** One sale row as the older Foyer kept it. */
export interface OldSaleRow {
  sale_id: string
  backend: string
  state: string
  tender: string
  payment_method: string
  amount_cents: number
  reference: string | null
  expires_at?: number | null
  attempt?: number
  payment_key?: string | null
  payment_ref?: string | null
  tendered_cents?: number | null
  change_cents?: number | null
  request_json: string
  order_json?: string | null
  staff_note?: string | null
  shift_id?: string | null
  refunded_by_name?: string | null
  refund_asked_by_name?: string | null
  created_at: number
  updated_at: number
}

export function insertOldSale(db: Database.Database, row: OldSaleRow): void {
  const full = { expires_at: null, attempt: 0, payment_key: null, payment_ref: null, tendered_cents: null, change_cents: null, order_json: null, staff_note: null, shift_id: null, refunded_by_name: null, refund_asked_by_name: null, ...row }
  const names = Object.keys(full)
  db.prepare(`INSERT INTO sales (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`).run(full)
}

/**
 * The data folder's journal written again as the older Foyer would have
 * written it at the same point: each sale's row with the state and latest
 * attempt's columns it had then (the journal derives exactly those), its steps
 * and the seat holds as they are. A sale crashed by today's checkout thus
 * becomes one crashed by the Foyer before, for recovery after the upgrade.
 */
export function rewriteAsOldJournal(dataDir: string): void {
  const path = join(dataDir, 'foyer.db')
  const now = openLocalDb(dataDir)
  const old = oldJournalDb(join(dataDir, 'foyer-old.db'))
  const sales = now.prepare('SELECT sale_id FROM sales').all() as { sale_id: string }[]
  // Sales are read by id: the backend the journal is opened for does not matter here.
  const journal = new SalesJournal(now, 'any')
  for (const { sale_id } of sales) {
    const sale = journal.get(sale_id)!
    insertOldSale(old, {
      sale_id,
      backend: sale.backend,
      state: sale.state,
      tender: sale.tender,
      payment_method: sale.paymentMethod,
      amount_cents: sale.amountCents,
      reference: sale.reference,
      expires_at: sale.expiresAt,
      attempt: sale.attempt,
      payment_key: sale.paymentKey,
      payment_ref: sale.paymentRef,
      tendered_cents: sale.tenderedCents,
      change_cents: sale.changeCents,
      request_json: JSON.stringify(sale.request),
      order_json: sale.order ? JSON.stringify(sale.order) : null,
      staff_note: sale.staffNote,
      shift_id: sale.shiftId,
      refunded_by_name: sale.refundedByName,
      refund_asked_by_name: sale.refundAskedByName,
      created_at: sale.createdAt,
      updated_at: sale.updatedAt,
    })
  }
  for (const table of ['sale_steps', 'holds', 'shifts']) {
    const rows = now.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[]
    for (const row of rows) {
      const names = Object.keys(row)
      old.prepare(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`).run(row)
    }
  }
  now.close()
  old.close()
  for (const suffix of ['-wal', '-shm']) rmSync(path + suffix, { force: true })
  renameSync(join(dataDir, 'foyer-old.db'), path)
}

/** The journal's version before the outbox was written with it (issue #35): the heartbeat found each new record by reading the journal. */
export const VERSION_BEFORE_OUTBOX = migrations.indexOf(OUTBOX_WRITTEN_WITH_JOURNAL)

/**
 * The records that Foyer's heartbeat found new, oldest first: its query as it stood
 * (electron/hub-link/journal-records.ts before issue #35), copied here so the ids the journal
 * and its migration make now are pinned to the ones it made, byte for byte.
 */
export function oldNewRecordIds(db: Database.Database): string[] {
  const NOT_YET = (id: string) => `NOT EXISTS (SELECT 1 FROM hub_outbox o WHERE o.record_id = ${id})`
  const SOLD = `s.state IN ('confirmed', 'refunded')`
  const rows = db
    .prepare(
      `SELECT 'sale' AS kind, 'sale:' || s.sale_id AS recordId, s.sale_id AS saleId, NULL AS seq,
              COALESCE((SELECT MIN(st.at) FROM sale_steps st WHERE st.sale_id = s.sale_id AND st.step = 'confirmed'), s.updated_at) AS at, 0 AS rank, NULL AS what
         FROM sales s WHERE ${SOLD} AND ${NOT_YET(`'sale:' || s.sale_id`)}
       UNION ALL
       SELECT 'refund', 'refund:' || p.sale_id || ':' || p.seq, p.sale_id, p.seq, p.updated_at, 1, NULL
         FROM sale_payments p JOIN sales s ON s.sale_id = p.sale_id
        WHERE p.kind = 'refund' AND p.state = 'approved' AND ${SOLD} AND ${NOT_YET(`'refund:' || p.sale_id || ':' || p.seq`)}
       UNION ALL
       SELECT 'printed', 'printed:' || st.sale_id, st.sale_id, NULL, MIN(st.at), 2, NULL
         FROM sale_steps st
        WHERE st.step = 'printed' AND json_valid(st.detail) AND json_extract(st.detail, '$.what') = 'sale'
          AND ${NOT_YET(`'printed:' || st.sale_id`)}
        GROUP BY st.sale_id
       UNION ALL
       SELECT 'reprint', 'reprint:' || st.sale_id || ':' || st.seq, st.sale_id, st.seq, st.at, 2, json_extract(st.detail, '$.what')
         FROM sale_steps st
        WHERE st.step = 'printed' AND json_valid(st.detail) AND json_extract(st.detail, '$.what') IN ('tickets', 'receipt')
          AND ${NOT_YET(`'reprint:' || st.sale_id || ':' || st.seq`)}
       UNION ALL
       SELECT 'shift', 'shift:' || sh.shift_id, sh.shift_id, NULL, sh.closed_at, 3, NULL
         FROM shifts sh WHERE sh.closed_at IS NOT NULL AND ${NOT_YET(`'shift:' || sh.shift_id`)}
       ORDER BY at, rank, recordId`,
    )
    .all() as { recordId: string }[]
  return rows.map((r) => r.recordId)
}
