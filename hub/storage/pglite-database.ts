import { PGlite } from '@electric-sql/pglite'
import { queryable, type HubDatabase } from './database'

/**
 * The embedded PostgreSQL: one connection in this process. PGlite runs one query at a time and
 * holds its own lock across a transaction, so concurrent transactions here queue rather than
 * interleave; the SQL above is written for a real server's concurrency all the same.
 * @param dataDir the folder PGlite keeps its files in; in memory without it (tests).
 * @param from a data folder to start from, as PGlite's dumpDataDir gives it, instead of a new cluster
 *   (tests start each database from one migrated once: a new cluster runs initdb, seconds of CPU).
 */
export async function openPgliteDatabase(dataDir?: string, from?: Blob): Promise<HubDatabase> {
  const db = await PGlite.create({ ...(dataDir === undefined ? {} : { dataDir }), ...(from ? { loadDataDir: from } : {}) })
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>) => queryable(q, (sql) => q.exec(sql))
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    // PGlite delivers NOTIFY to its listeners in this process: the one process there is on PGlite.
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    close: () => db.close(),
  }
}
