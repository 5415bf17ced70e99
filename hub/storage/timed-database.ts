import type { HubDatabase, Queryable } from './database'

/** Told each statement's time, in seconds, once it has answered or failed. */
export type ObserveQuery = (seconds: number) => void

function timedQueryable(q: Queryable, observe: ObserveQuery): Queryable {
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    try {
      return await work()
    } finally {
      observe((performance.now() - started) / 1000)
    }
  }
  return {
    query: (sql, params) => timed(() => q.query(sql, params)),
    exec: (sql) => timed(() => q.exec(sql)),
  }
}

/**
 * The hub's database with every statement timed: its queries, its scripts and those inside a
 * transaction, wherever they are written (the hub's /metrics histogram), so no call site measures its
 * own. A transaction's BEGIN and COMMIT are the driver's and are not counted; NOTIFY, LISTEN and
 * PGlite's dump are passed through as they are.
 */
export function timedDatabase(db: HubDatabase, observe: ObserveQuery): HubDatabase {
  return {
    kind: db.kind,
    ...timedQueryable(db, observe),
    transaction: (work) => db.transaction((tx) => work(timedQueryable(tx, observe))),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    notify: (channel, ...payloads) => db.notify(channel, ...payloads),
    // PGlite's own: without it a hub with /metrics on could not back itself up (hub/backup/take-backup.ts).
    ...(db.dumpDataDir ? { dumpDataDir: () => db.dumpDataDir!() } : {}),
    close: () => db.close(),
  }
}
