import type { HubDatabase, Queryable } from './database'
import type { WorkerAsk } from './pglite-messages'
import { PgliteThread } from './pglite-thread'

/**
 * LISTEN/NOTIFY on PGlite, kept in this process: this is the one process there is on a PGlite
 * database, and every NOTIFY is the hub's own (live-updates.ts, outside any transaction), so it is
 * handed to the listeners here rather than sent through PostgreSQL: a round trip less to the PGlite
 * thread for every heartbeat and upload.
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

/** What is asked of one database on the PGlite thread, each request naming it; refused once it is closed. */
type AskDatabase = (request: DistributiveOmit<WorkerAsk, 'db'>) => ReturnType<PgliteThread['ask']>
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** Statements on the PGlite thread: outside any transaction, or inside the one `tx` names. */
function threadQueryable(ask: AskDatabase, tx?: number): Queryable {
  return {
    async query(sql, params = []) {
      return { rows: (await ask({ op: 'query', sql, params: [...params], ...(tx === undefined ? {} : { tx }) })).rows ?? [] }
    },
    async exec(sql) {
      await ask({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) })
    },
  }
}

/** Numbers the databases this process opens on its PGlite thread. */
let nextDatabase = 0

/**
 * The embedded PostgreSQL, on the process's PGlite thread (pglite-thread.ts): its WebAssembly would otherwise
 * run on the thread that answers TLS and the routes, and a heartbeat would wait behind every upload's
 * statements and a backup's dump (issue #36: p99 654 ms with one core busy). PGlite runs one query at a
 * time and holds its own lock across a transaction, so concurrent transactions queue rather than
 * interleave; the SQL above is written for a real server's concurrency all the same.
 * @param dataDir the folder PGlite keeps its files in; in memory without it (tests).
 * @param from a data folder to start from, as PGlite's dumpDataDir gives it, instead of a new cluster
 *   (tests start each database from one migrated once: a new cluster runs initdb, seconds of CPU).
 */
export async function openPgliteDatabase(dataDir?: string, from?: Blob): Promise<HubDatabase> {
  const thread = await PgliteThread.shared()
  const db = nextDatabase++
  const bytes = from ? new Uint8Array(await from.arrayBuffer()) : undefined
  await thread.ask({ op: 'open', db, ...(dataDir === undefined ? {} : { dataDir }), ...(bytes ? { from: bytes } : {}) }, bytes ? [bytes.buffer] : [])
  let closed: Error | undefined
  const ask: AskDatabase = (request) => (closed ? Promise.reject(closed) : thread.ask({ ...request, db } as WorkerAsk))
  return {
    kind: 'pglite',
    ...threadQueryable(ask),
    async transaction(work) {
      if (closed) throw closed
      const tx = await thread.begin(db)
      let result
      try {
        result = await work(threadQueryable(ask, tx))
      } catch (error) {
        // Rolled back, and the work's own error thrown: a failed ROLLBACK says less than what made it.
        await ask({ op: 'end', tx, commit: false }).catch(() => undefined)
        throw error
      }
      await ask({ op: 'end', tx, commit: true })
      return result
    },
    ...inProcessNotices(),
    // Taken on the PGlite thread between two transactions: never mid-transaction.
    async dumpDataDir() {
      const { dump } = await ask({ op: 'dump' })
      return Buffer.from(dump!.buffer, dump!.byteOffset, dump!.byteLength)
    },
    async close() {
      if (closed) return
      await ask({ op: 'close' })
      closed = new Error('This PGlite database is closed: nothing more can be asked of it.')
    },
  }
}
