import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * Opens an SQLite file the way Foyer's stores want it: write-ahead logging (a
 * reader never waits for a writer, and a crash loses no committed write), the
 * durability each store chooses, and how long a writer waits on another
 * connection before giving up with SQLITE_BUSY. No file: an in-memory
 * database, for tests and the data-folder-less sandbox.
 */
export interface SqliteOptions {
  /**
   * FULL: fsync at every commit (the sales journal: a sale must survive a power
   * cut). NORMAL: fsync at checkpoints only, durable across a process crash
   * (the training sandbox).
   */
  synchronous: 'FULL' | 'NORMAL'
  busyTimeoutMs: number
}

export function openSqlite(file: string | null, options: SqliteOptions): Database.Database {
  let db: Database.Database
  if (file) {
    mkdirSync(dirname(file), { recursive: true })
    db = new Database(file)
    db.pragma('journal_mode = WAL')
    db.pragma(`synchronous = ${options.synchronous}`)
  } else {
    db = new Database(':memory:')
  }
  db.pragma(`busy_timeout = ${Math.round(options.busyTimeoutMs)}`)
  return db
}
