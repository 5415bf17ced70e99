import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openLocalDb } from '../../../electron/database/local-db'
import { WalCheckpoints } from '../../../electron/database/wal-checkpoints'
import { pastJournal, sellOne } from '../../support/journal-of-sales'

/**
 * The journal's write-ahead log is copied back into its file on a timer, at a look that finds nothing written since
 * the last, instead of inside the sale step that takes it past SQLite's 1,000 pages (issue #35).
 */
let dir: string | null = null
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = null
})

describe("the journal's checkpoints", () => {
  it('run at a look that finds the journal quiet since the last, once for what was written, never just after a write', () => {
    dir = mkdtempSync(join(tmpdir(), 'foyer-checkpoints-'))
    const db = openLocalDb(dir)
    const { journal } = pastJournal(db)
    const checkpoints = new WalCheckpoints(db)
    const fileSize = () => statSync(join(dir!, 'foyer.db')).size
    sellOne(journal, 1, null)
    expect(checkpoints.look()).toBe(false)
    sellOne(journal, 2, null)
    // Written since the last look: not now.
    expect(checkpoints.look()).toBe(false)
    const before = fileSize()
    expect(checkpoints.look()).toBe(true)
    // The sales are in the database's file now, not only in its log.
    expect(fileSize()).toBeGreaterThan(before)
    // Nothing written since: nothing to copy.
    expect(checkpoints.look()).toBe(false)
    db.close()
    // A journal closed (Foyer quitting) is not looked at.
    expect(checkpoints.look()).toBe(false)
  })

  it('leave a journal in memory alone (it has no log)', () => {
    const db = openLocalDb(null)
    const checkpoints = new WalCheckpoints(db)
    sellOne(pastJournal(db).journal, 1, null)
    expect([checkpoints.look(), checkpoints.look()]).toEqual([false, false])
    db.close()
  })
})
