import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { migrations, openLocalDb, type LocalDb } from '../../../electron/database/local-db'
import { JOURNAL_KEYS_NARROWED } from '../../../electron/database/journal-keys-migration'
import { openSqlite } from '../../../electron/database/sqlite'
import { Outbox } from '../../../electron/hub-link/outbox'
import { pastJournal, saleIdOf, sellOne, sellPast } from '../../support/journal-of-sales'

/**
 * The journal's seventeenth version (../../../electron/database/journal-keys-migration.ts): payments and scan codes
 * kept by their keys alone, the outbox numbered without AUTOINCREMENT's counter. A journal kept by the version
 * before keeps every row, and goes on selling, finding and uploading as it did.
 */
let dir: string | null = null
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = null
})

const VERSION_BEFORE = migrations.indexOf(JOURNAL_KEYS_NARROWED)
const rows = (db: LocalDb) => ({
  payments: db.prepare('SELECT * FROM sale_payments ORDER BY sale_id, seq').all(),
  codes: db.prepare('SELECT * FROM sale_codes ORDER BY code, sale_id').all(),
  outbox: db.prepare('SELECT * FROM hub_outbox ORDER BY seq').all(),
})
const withoutRowid = (db: LocalDb, table: string) => (db.prepare('SELECT wr FROM pragma_table_list WHERE name = ?').get(table) as { wr: number }).wr === 1
const answerAll = (outbox: Outbox) => outbox.answered(outbox.nextBatch().map((r, i) => ({ deviceRecordId: r.deviceRecordId, outcome: 'stored', hubRecordId: String(i + 1), receivedAt: '2025-01-02T00:00:00.000Z' })), 1)

describe("the journal's payments, codes and outbox kept by their keys", () => {
  it('keeps every row of a journal kept by the version before, and the outbox uploads in the order records were written', () => {
    dir = mkdtempSync(join(tmpdir(), 'foyer-journal-keys-'))
    const old = openSqlite(join(dir, 'foyer.db'), { synchronous: 'FULL', busyTimeoutMs: 2000 })
    old.exec(migrations.slice(0, VERSION_BEFORE).join(';\n'))
    old.pragma(`user_version = ${VERSION_BEFORE}`)
    const before = pastJournal(old)
    const next = sellPast(old, before, 30)
    answerAll(new Outbox(old, () => 30))
    sellOne(before.journal, next, null)
    const kept = rows(old)
    expect(old.prepare("SELECT count(*) AS n FROM sqlite_sequence WHERE name = 'hub_outbox'").get()).toEqual({ n: 1 })
    expect(old.prepare("SELECT name FROM sqlite_schema WHERE name = 'sale_steps_printed'").all()).toHaveLength(1)
    old.close()

    const db = openLocalDb(dir)
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.length)
      expect(rows(db)).toEqual(kept)
      expect(['sale_payments', 'sale_codes'].map((t) => withoutRowid(db, t))).toEqual([true, true])
      expect(db.prepare("SELECT count(*) AS n FROM sqlite_sequence WHERE name = 'hub_outbox'").get()).toEqual({ n: 0 })
      expect(db.prepare("SELECT name FROM sqlite_schema WHERE name = 'sale_steps_printed'").all()).toEqual([])
      const { journal } = pastJournal(db)
      // The sale after the migration: its payments and codes found by their keys, its records after every other.
      const saleId = sellOne(journal, next + 1, null)
      expect(journal.get(saleId)!.payments.map((p) => [p.seq, p.state])).toEqual([[1, 'approved']])
      expect(journal.byCode(`FY${next + 1}02`).map((m) => [m.sale.saleId, m.kind])).toEqual([[saleId, 'ticket']])
      const outbox = new Outbox(db, () => 30)
      const waiting = outbox.nextBatch().map((r) => r.deviceRecordId)
      const unanswered = saleIdOf(next)
      expect(waiting).toEqual([`sale:${unanswered}`, `printed:${unanswered}`, `sale:${saleId}`, `printed:${saleId}`])
      // A reprint still makes its record, found among its sale's steps by their key.
      journal.note(saleId, 'printed', { what: 'receipt' })
      expect(outbox.nextBatch().map((r) => r.deviceRecordId).at(-1)).toMatch(new RegExp(`^reprint:${saleId}:\\d+$`))
    } finally {
      db.close()
    }
  })
})
