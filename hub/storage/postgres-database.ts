import pg from 'pg'
import { notifyBySql, queryable, type HubDatabase } from './database'
import { PostgresListener } from './postgres-listener'

/**
 * A PostgreSQL server, through a small pool. `pg` reads int8 and numeric as strings and
 * timestamptz as Date, as PGlite does for timestamptz; the row schemas (rows.ts) take either.
 */
export async function openPostgresDatabase(connectionString: string): Promise<HubDatabase> {
  const pool = new pg.Pool({ connectionString, max: 10 })
  // An idle connection the server cut (a restart, an administrator) is dropped by the pool, which then
  // emits 'error': unheard, that would end the hub. The next query opens a new connection.
  pool.on('error', () => undefined)
  // A bad address or password fails here, at start, not at the first device's heartbeat.
  const probe = await pool.connect()
  probe.release()
  // Without parameters pg sends the simple query protocol, which takes several statements: exec.
  const wrap = (q: pg.Pool | pg.PoolClient) => queryable(q, (sql) => q.query(sql))
  const listener = new PostgresListener(connectionString)
  const pooled = wrap(pool)
  return {
    kind: 'postgres',
    ...pooled,
    async transaction(work) {
      const client = await pool.connect()
      // The pool hears 'error' only from idle connections: one the server cuts while a transaction holds
      // it (a restart, an administrator) emits it on the client, and unheard that ends the hub. The
      // transaction's next statement fails anyway; the cut connection is thrown away, not pooled again.
      let cut: Error | undefined
      const onCut = (error: Error) => (cut = error)
      client.on('error', onCut)
      try {
        await client.query('BEGIN')
        const result = await work(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.off('error', onCut)
        client.release(cut)
      }
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    notify: (channel, ...payloads) => notifyBySql(pooled, channel, ...payloads),
    async close() {
      await listener.close()
      await pool.end()
    },
  }
}
