import { mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { HubDatabase } from '../../hub/storage/database'
import { openPgliteDatabase } from '../../hub/storage/pglite-database'

/**
 * The hub's PGlite keeps its files in a folder on disk, and a backup reads them there, outside PGlite
 * (hub/storage/data-folder-tarball.ts), holding PGlite's locks for the read only. What it gives must be
 * what PGlite's own dump would have been: a tarball PGlite's loadDataDir restores, of the database as it
 * was at one moment between two transactions, never in the middle of one.
 */
describe('a PGlite data folder on disk, dumped', () => {
  const folder = mkdtempSync(join(tmpdir(), 'foyer-folder-dump-'))
  let db: HubDatabase
  beforeAll(async () => {
    db = await openPgliteDatabase(join(folder, 'db'), new Blob([await readFile(inject('hubPgliteTemplate'))]))
  })
  afterAll(async () => {
    await db?.close()
    rmSync(folder, { recursive: true, force: true })
  })

  /** The dump opened as the restore opens it (in memory here), and `sql`'s one row read from it. */
  async function restored(dump: Buffer, sql: string): Promise<Record<string, unknown>> {
    const copy = await openPgliteDatabase(undefined, new Blob([new Uint8Array(dump)]))
    try {
      return (await copy.query(sql)).rows[0] as Record<string, unknown>
    } finally {
      await copy.close()
    }
  }

  it('waits for a transaction open when it is asked: the transaction is in it whole', async () => {
    await db.exec('CREATE TABLE dump_open_tx (side text PRIMARY KEY)')
    let begun!: () => void
    let finish!: () => void
    const opened = new Promise<void>((resolve) => (begun = resolve))
    const mayFinish = new Promise<void>((resolve) => (finish = resolve))
    const transaction = db.transaction(async (tx) => {
      await tx.query("INSERT INTO dump_open_tx (side) VALUES ('first')")
      begun()
      await mayFinish
      await tx.query("INSERT INTO dump_open_tx (side) VALUES ('second')")
    })
    await opened
    // Asked while the transaction holds the database, before its second statement is even sent.
    const dumping = db.dumpDataDir!()
    finish()
    await transaction
    const dump = await dumping
    // Read between the transaction's two statements, the restore would roll the first back: none.
    expect(await restored(dump, 'SELECT array_agg(side ORDER BY side) AS sides FROM dump_open_tx')).toEqual({ sides: ['first', 'second'] })
  })

  it('restores as the database was at one moment while transactions go on writing', async () => {
    await db.exec('CREATE TABLE dump_pairs (n serial PRIMARY KEY, pair int NOT NULL)')
    let pairs = 0
    const pair = () => {
      const n = ++pairs
      return db.transaction(async (tx) => {
        await tx.query('INSERT INTO dump_pairs (pair) VALUES ($1)', [n])
        await tx.query('INSERT INTO dump_pairs (pair) VALUES ($1)', [n])
      })
    }
    await Promise.all(Array.from({ length: 10 }, pair))
    const writing = Promise.all(Array.from({ length: 30 }, pair))
    const dump = await db.dumpDataDir!()
    await writing
    const held = await restored(dump, 'SELECT count(*)::int AS rows, count(DISTINCT pair)::int AS pairs, max(pair) AS last FROM dump_pairs')
    // Each pair whole, and none after the last it holds: the transactions committed in their order.
    expect(held.rows).toBe(2 * (held.pairs as number))
    expect(held.last).toBe(held.pairs)
    expect(held.pairs).toBeGreaterThanOrEqual(10)
    expect(held.pairs).toBeLessThanOrEqual(40)
  })
})
