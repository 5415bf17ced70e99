import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { openPgliteDatabase } from '../../hub/storage/pglite-database'
import { HUB_BACKENDS, hubDatabaseForFile, openMigratedDatabase } from '../support/hub-backends'

/**
 * PGlite runs on a thread of its own (hub/storage/pglite-thread.ts): what the hub's code above the
 * HubDatabase interface relies on must come back across it as PGlite gives it on its own thread, and as
 * a PostgreSQL server gives it through pg where both can.
 */
describe.each(HUB_BACKENDS)('the hub database, errors and transactions, on %s', (backend) => {
  const database = hubDatabaseForFile(backend)

  it("throws PostgreSQL's error with its code, detail and constraint, as an Error", async () => {
    const db = database()
    await db.exec('CREATE TABLE thread_unique (id text PRIMARY KEY)')
    await db.query('INSERT INTO thread_unique (id) VALUES ($1)', ['a'])
    const failed = await db.query('INSERT INTO thread_unique (id) VALUES ($1)', ['a']).catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(Error)
    expect(failed).toMatchObject({ code: '23505', constraint: 'thread_unique_pkey', detail: 'Key (id)=(a) already exists.' })
    expect((failed as Error).message).toMatch(/duplicate key value violates unique constraint/)
  })

  it("rolls back a transaction whose work throws, and throws the work's own error", async () => {
    const db = database()
    await db.exec('CREATE TABLE thread_rollback (id text PRIMARY KEY)')
    const refused = new Error('the work refused')
    const thrown = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO thread_rollback (id) VALUES ($1)', ['kept?'])
        throw refused
      })
      .catch((error: unknown) => error)
    expect(thrown).toBe(refused)
    expect((await db.query('SELECT id FROM thread_rollback')).rows).toEqual([])
    // The database is free again: the next transaction commits.
    await db.transaction((tx) => tx.query('INSERT INTO thread_rollback (id) VALUES ($1)', ['committed']))
    expect((await db.query('SELECT id FROM thread_rollback')).rows).toEqual([{ id: 'committed' }])
  })
})

describe('PGlite on its own thread', () => {
  const database = hubDatabaseForFile('pglite')

  it("gives rows the JavaScript types PGlite gives: Date, number, string, boolean, JSON's objects, bigint, bytea's bytes", async () => {
    const [row] = (
      await database().query(
        `SELECT $1::timestamptz AS at, 12::int4 AS small, 12::int8 AS big, 9007199254740993::int8 AS huge, 'x'::text AS text,
                true AS yes, '{"a":[1,"b"]}'::jsonb AS json, $2::bytea AS bytes, NULL::text AS none`,
        [new Date('2026-11-26T19:00:00Z'), Buffer.from('hi')],
      )
    ).rows as [Record<string, unknown>]
    expect(row.at).toBeInstanceOf(Date)
    expect(row).toMatchObject({ at: new Date('2026-11-26T19:00:00Z'), small: 12, big: 12, huge: 9007199254740993n, text: 'x', yes: true, json: { a: [1, 'b'] }, none: null })
    expect(row.bytes).toBeInstanceOf(Uint8Array)
    expect(Buffer.from(row.bytes as Uint8Array).toString()).toBe('hi')
  })

  it("runs concurrent transactions one after the other, each's statements together", async () => {
    const db = database()
    await db.exec('CREATE TABLE thread_order (n serial PRIMARY KEY, tx text, step int)')
    const steps = async (name: string) =>
      db.transaction(async (tx) => {
        for (const step of [1, 2, 3]) {
          await tx.query('INSERT INTO thread_order (tx, step) VALUES ($1, $2)', [name, step])
          // Let the hub's thread send the other transactions' statements meanwhile.
          await sleep(5)
        }
      })
    await Promise.all(['a', 'b', 'c'].map(steps))
    const rows = (await db.query('SELECT tx FROM thread_order ORDER BY n')).rows as Array<{ tx: string }>
    const order = rows.map((row) => row.tx).join('')
    expect(order).toHaveLength(9)
    expect(order).toMatch(/^(aaa|bbb|ccc){3}$/)
  })

  it('dumps its data folder between two transactions while they are sent', async () => {
    const db = database()
    await db.exec('CREATE TABLE thread_pairs (n serial PRIMARY KEY)')
    const pair = () => db.transaction(async (tx) => void (await tx.exec('INSERT INTO thread_pairs DEFAULT VALUES; INSERT INTO thread_pairs DEFAULT VALUES')))
    const writing = Promise.all(Array.from({ length: 20 }, pair))
    const dump = await db.dumpDataDir!()
    await writing
    expect(Buffer.isBuffer(dump)).toBe(true)
    const copy = await openPgliteDatabase(undefined, new Blob([new Uint8Array(dump)]))
    try {
      const [{ count }] = (await copy.query('SELECT count(*)::int AS count FROM thread_pairs')).rows as [{ count: number }]
      // Never one row of a pair without the other: the dump waited for each transaction to end.
      expect(count % 2).toBe(0)
    } finally {
      await copy.close()
    }
  })

  it('is closed for good when closed: what is asked afterwards fails at once, the other databases on the thread go on', async () => {
    const db = await openMigratedDatabase('pglite')
    const other = await openMigratedDatabase('pglite')
    try {
      expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
      await db.close()
      await expect(db.query('SELECT 1 AS one')).rejects.toThrow(/closed/)
      await expect(db.transaction((tx) => tx.query('SELECT 1'))).rejects.toThrow(/closed/)
      expect((await other.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }])
    } finally {
      await other.close()
    }
  })

  it('keeps each database its own on the one thread: a table made in one is not in another', async () => {
    const [a, b] = await Promise.all([openMigratedDatabase('pglite'), openMigratedDatabase('pglite')])
    try {
      await a.exec('CREATE TABLE only_in_a (id int)')
      expect((await a.query("SELECT to_regclass('only_in_a') IS NOT NULL AS here")).rows).toEqual([{ here: true }])
      expect((await b.query("SELECT to_regclass('only_in_a') IS NOT NULL AS here")).rows).toEqual([{ here: false }])
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})
