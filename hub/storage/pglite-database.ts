import { PGlite } from '@electric-sql/pglite'
import { queryable, type HubDatabase } from './database'

/**
 * LISTEN/NOTIFY on PGlite, kept in this process: this is the one process there is on a PGlite
 * database, and every NOTIFY is the hub's own (live-updates.ts, outside any transaction), so it is
 * handed to the listeners here rather than sent through PostgreSQL: a query less for every heartbeat
 * and upload on the hub's main thread.
 */
function inProcessNotices(): Pick<HubDatabase, 'listen' | 'notify'> {
  const listeners = new Map<string, Set<(payload: string) => void>>()
  return {
    async listen(channel, onPayload) {
      const onChannel = listeners.get(channel) ?? new Set()
      listeners.set(channel, onChannel.add(onPayload))
      return async () => void onChannel.delete(onPayload)
    },
    async notify(channel, ...payloads) {
      for (const payload of payloads) for (const onPayload of [...(listeners.get(channel) ?? [])]) onPayload(payload)
    },
  }
}

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
    ...inProcessNotices(),
    // Under PGlite's transaction lock (which every query and transaction takes): never mid-transaction.
    dumpDataDir: () => db._runExclusiveTransaction(async () => Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer())),
    close: () => db.close(),
  }
}
