import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrations, type LocalDb } from '../../../electron/database/local-db'
import { lastSaleAt } from '../../../electron/hub-link/journal-records'
import { Outbox } from '../../../electron/hub-link/outbox'
import { HoldTable } from '../../../electron/holds/hold-table'
import { forgetPatrons } from '../../../electron/journal/patron-retention'
import { recentSteps } from '../../../electron/journal/recent-steps'
import { PAST_BACKEND, pastJournal, sellOne, sellPast } from '../../support/journal-of-sales'

/**
 * What main asks the journal while selling and on its timers costs the same after a year of sales as on
 * the first day (issue #35): every statement each of them runs is planned by SQLite as a lookup by an
 * index, never a read of every sale, step, payment or record. (How long they take is measured by
 * `npm run bench:journal-age`, not here.) The statements are the ones the code runs, as SQLite was given
 * them (better-sqlite3's `verbose`), each asked for its EXPLAIN QUERY PLAN.
 */
function journalDb(): { db: LocalDb; ran: string[] } {
  const ran: string[] = []
  const db = new Database(':memory:', { verbose: (sql) => ran.push(String(sql)) })
  db.exec(migrations.join(';\n'))
  db.pragma(`user_version = ${migrations.length}`)
  return { db, ran }
}

/** The tables that grow with every sale. */
const GROWING = ['sales', 'sale_steps', 'sale_payments', 'sale_codes', 'hub_outbox', 'shifts', 'drawer_openings']

/** Each plan line that reads a growing table through, with the statement it belongs to. */
function scansOf(db: LocalDb, statements: readonly string[]): string[] {
  const aliases = new Map<string, string>()
  const scans: string[] = []
  for (const sql of new Set(statements)) {
    if (!/^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(sql)) continue
    // Each alias a statement gives a growing table (FROM sales s): a plan names the alias.
    for (const [, table, alias] of sql.matchAll(/\b(?:FROM|JOIN|UPDATE)\s+(\w+)(?:\s+(?:AS\s+)?(\w+))?/gi)) if (GROWING.includes(table!)) aliases.set(alias ?? table!, table!)
    for (const table of GROWING) aliases.set(table, table)
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]
    for (const { detail } of plan) {
      const [, how, table, index] = /^(SCAN|SEARCH) (\w+)(?: USING (?:COVERING )?INDEX (\w+))?/.exec(detail) ?? []
      if (!how || !aliases.has(table!)) continue
      // Walking a partial index (only the rows the question is about) is a lookup too; a whole table or a full index is not,
      // nor is a search by the sales' state (every sale sold is 'confirmed').
      const reads = how === 'SCAN' ? !index || !BOUNDED_INDEXES.includes(index) : index === 'sales_by_state'
      if (reads) scans.push(`${detail}  <-  ${sql.replace(/\s+/g, ' ').slice(0, 160)}`)
    }
  }
  return scans
}

/** Partial indexes (rows still open, waiting, unprinted…). */
const BOUNDED_INDEXES = ['sales_unfinished', 'sales_unprinted', 'sales_needing_staff', 'sales_patron_kept', 'hub_outbox_waiting', 'hub_outbox_unmade', 'sale_steps_confirmed']

describe('the journal after a year of sales', () => {
  const { db, ran } = journalDb()
  const past = pastJournal(db)
  let next = sellPast(db, past, 450)
  const outbox = new Outbox(db, () => 30)
  // Everything sold so far was uploaded: the hub answered for it.
  outbox.answered(
    (db.prepare('SELECT record_id AS id FROM hub_outbox WHERE answered_at IS NULL').all() as { id: string }[]).map((r, i) => ({ deviceRecordId: r.id, outcome: 'stored', hubRecordId: String(i + 1), receivedAt: '2025-01-02T00:00:00.000Z' })),
    Date.parse('2025-01-02T00:00:00Z'),
  )
  const scansWhile = (work: () => unknown): string[] => {
    ran.length = 0
    work()
    return scansOf(db, ran)
  }

  it.each([
    ['a sale: its steps, with its records for the hub', () => sellOne(past.journal, next++, past.shifts.current()!.shiftId)],
    ['a refund at the counter', () => past.journal.refundPayment(sellOne(past.journal, next++, null), 'refunded', { refersTo: 1, state: 'approved' }, 'refunded')],
    ['a reprint', () => past.journal.note(sellOne(past.journal, next++, null), 'printed', { what: 'receipt' })],
    ["the heartbeat: the last sale, the sales under way, the uploads waiting", () => [lastSaleAt(db), past.journal.unfinished(), outbox.waiting()]],
    ['an upload batch and the hub answering it', () => outbox.answered(outbox.nextBatch().map((r, i) => ({ deviceRecordId: r.deviceRecordId, outcome: 'stored', hubRecordId: `n${i}`, receivedAt: '2025-01-03T00:00:00.000Z' })), 1)],
    ['recovery at start', () => [past.journal.unfinished(), past.journal.unprinted(), past.journal.needingStaff()]],
    ['the X report and the shift figures', () => [past.shifts.xReport(null), past.shifts.current()]],
    ['the Z report printed again', () => past.shifts.lastZReport()],
    ['a shift closed, with its record for the hub', () => past.shifts.close([], {})],
    ['a scanned code (the reprint look-up)', () => past.journal.byCode('FY17')],
    ['the support file', () => recentSteps(db, 200)],
    ['the patron retention sweep', () => forgetPatrons(db, Date.parse('2025-01-01T02:30:00Z'))],
    ['the hold store', () => {
      const holds = new HoldTable(db, PAST_BACKEND)
      holds.write([{ productId: 7, inventoryId: 1, offerId: 'o', setIndex: 0, expiresAt: 1 }])
      return [holds.load(), holds.delete([{ productId: 7, inventoryId: 1 }])]
    }],
  ])('%s reads by an index, never through the sales', (_, work) => {
    expect(scansWhile(work)).toEqual([])
  })

  it('would say so of a statement that reads the whole journal', () => {
    expect(scansWhile(() => db.prepare("SELECT count(*) FROM sales WHERE json_extract(request_json, '$.patron.email') = ''").get())).toHaveLength(1)
    expect(scansWhile(() => db.prepare("SELECT * FROM sales s WHERE s.state = 'confirmed' ORDER BY s.created_at").all())).toHaveLength(1)
  })
})
