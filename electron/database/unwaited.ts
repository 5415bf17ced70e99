import type Database from 'better-sqlite3'

/** Each connection's durability as opened (FULL for the kiosk's journal), read at its first unwaited write. */
const opened = new WeakMap<Database.Database, number>()

/**
 * Runs `write` with its commit not waiting for the disk (synchronous=NORMAL instead of the connection's FULL):
 * in WAL mode it survives Foyer crashing at once, and a power cut from the next commit that waits on, since
 * the log reaches the disk in order and that commit's fsync carries every commit before it. Only for a write
 * whose loss in a power cut before then reads as the cut coming a moment earlier, which the reader of it
 * settles already. Each caller says why its write is such a write.
 */
export function unwaited<T>(db: Database.Database, write: () => T): T {
  // Inside a transaction of the caller's, its commit is the one that waits or not (SQLite refuses the change there).
  if (db.inTransaction) return write()
  let level = opened.get(db)
  if (level === undefined) opened.set(db, (level = Number(db.pragma('synchronous', { simple: true }))))
  if (level <= 1) return write()
  // By exec, not db.pragma: the setting is made as the PRAGMA is prepared, and exec makes no Statement object to answer
  // with (a fifth of the cost, twice at every unwaited step).
  db.exec('PRAGMA synchronous = NORMAL')
  try {
    return write()
  } finally {
    db.exec(`PRAGMA synchronous = ${level}`)
  }
}
