import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openLocalDb, type LocalDb } from '../../../electron/database/local-db'
import { pastJournal, pastRequest, saleIdOf } from '../../support/journal-of-sales'

/**
 * Steps checkout writes without waiting for the disk (SalesJournal.unwaited): committed at once, with the
 * journal's own durability (synchronous=FULL) back for every step after them, whatever happened inside.
 */
const FULL = 2
const NORMAL = 1
let dir: string | null = null
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = null
})
function journalOnDisk(): { db: LocalDb; journal: ReturnType<typeof pastJournal>['journal'] } {
  dir = mkdtempSync(join(tmpdir(), 'foyer-unwaited-'))
  const db = openLocalDb(dir)
  return { db, journal: pastJournal(db).journal }
}
const level = (db: LocalDb) => db.pragma('synchronous', { simple: true })

describe('a step written without waiting for the disk', () => {
  it('is committed with synchronous=NORMAL, and the journal waits for the disk again after it', () => {
    const { db, journal } = journalOnDisk()
    const saleId = saleIdOf(1)
    journal.begin({ saleId, tender: 'cash', request: pastRequest })
    const during = journal.unwaited(() => {
      journal.record(saleId, 'order-submitted', 'submitted', { reference: 'FY1' })
      return level(db)
    })
    expect(during).toBe(NORMAL)
    expect(level(db)).toBe(FULL)
    expect(journal.get(saleId)!.state).toBe('invoiced')
    db.close()
  })

  it('leaves the journal waiting for the disk when the step is refused', () => {
    const { db, journal } = journalOnDisk()
    const saleId = saleIdOf(1)
    journal.begin({ saleId, tender: 'cash', request: pastRequest })
    expect(() => journal.unwaited(() => journal.record(saleId, 'confirmed', 'confirmed'))).toThrow(/cannot become confirmed/)
    expect(level(db)).toBe(FULL)
    db.close()
  })

  it("inside a caller's transaction, leaves the durability to that transaction's commit", () => {
    const { db, journal } = journalOnDisk()
    const saleId = saleIdOf(1)
    db.transaction(() => {
      journal.begin({ saleId, tender: 'cash', request: pastRequest })
      journal.unwaited(() => journal.record(saleId, 'order-submitted', 'submitted', { reference: 'FY1' }))
    })()
    expect(level(db)).toBe(FULL)
    expect(journal.get(saleId)!.reference).toBe('FY1')
    db.close()
  })
})
