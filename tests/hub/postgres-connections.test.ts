import { describe, expect, it, vi } from 'vitest'
import { hubDatabaseForFile } from '../support/hub-backends'

/**
 * PostgreSQL only (PGlite has no connections to lose): the server cutting the hub's connections, as a
 * restart or an administrator does, fails what was running on them and ends nothing else.
 */
describe('the hub on a PostgreSQL server that cuts its connections', () => {
  const database = hubDatabaseForFile('postgres')

  it('fails a transaction whose connection is cut in the middle, and the hub goes on on a new one', async () => {
    const db = database()
    const running = db.transaction(async (tx) => {
      const { rows } = await tx.query('SELECT pg_backend_pid() AS pid', [])
      const pid = (rows[0] as { pid: number }).pid
      await db.query('SELECT pg_terminate_backend($1)', [pid])
      // Between two statements of the transaction, the server has closed its connection.
      await vi.waitFor(async () => expect((await db.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1', [pid])).rows).toEqual([{ n: 0 }]))
      await tx.query('SELECT 1', [])
    })
    await expect(running).rejects.toThrow()
    expect((await db.query('SELECT 1 AS one', [])).rows).toEqual([{ one: 1 }])
  })
})
