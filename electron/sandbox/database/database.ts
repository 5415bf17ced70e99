import type Database from 'better-sqlite3'
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { openSqlite } from '../../database/sqlite'
import { SANDBOX_CLIENT_IDS } from '../http/tokens'

/** seat_state.status codes of held and ordered seats (model/inventory.ts SeatStatus). */
const SeatStatusHeld = 1
const SeatStatusOrdered = 2

/**
 * The sandbox's durable state: what sales change. The catalogue is derived from
 * seed data and is not stored. With a data folder the database is a WAL-mode
 * SQLite file that a restart resumes; without one it lives in memory.
 */
const schema = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
-- Seats whose state differs from the show's pre-sold baseline: held, ordered or sold by the API.
-- No index but the key: a show's seats are one key range (inventory_id = product_id * 100000 + n),
-- and every extra index is one more page written by each offer and release.
CREATE TABLE IF NOT EXISTS seat_state (
  inventory_id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL,
  status INTEGER NOT NULL,
  until INTEGER NOT NULL,
  order_ref TEXT,
  holder TEXT
);
-- General-admission tickets sold by the API, per show and section.
CREATE TABLE IF NOT EXISTS ga_sold (
  product_id INTEGER NOT NULL,
  section_id INTEGER NOT NULL,
  sold INTEGER NOT NULL,
  PRIMARY KEY (product_id, section_id)
);
CREATE TABLE IF NOT EXISTS patrons (
  account_no INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  patron_type TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS orders (
  txn_ref TEXT PRIMARY KEY,
  order_id INTEGER NOT NULL UNIQUE,
  patron_no INTEGER NOT NULL,
  status TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  confirmed_at INTEGER,
  payment_ref TEXT,
  detail TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS orders_by_status ON orders (status, expires_at);
`

export type SandboxDb = Database.Database

export interface OpenedDatabase {
  db: SandboxDb
  close(): void
}

/**
 * Opens (or creates) the database. A data folder is owned by one sandbox
 * process at a time (the seat state is mirrored in memory), enforced by a lock
 * file that names the owner's pid; a stale lock of a dead process is taken over.
 */
export function openDatabase(dataDir: string | undefined): OpenedDatabase {
  let releaseLock = () => {}
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true })
    releaseLock = takeLock(join(dataDir, 'sandbox.lock'))
  }
  // A writer blocked 100 ms by another connection gets SQLITE_BUSY, which the
  // sandbox answers as system-allocation-busy instead of hanging the request.
  const db: SandboxDb = openSqlite(dataDir ? join(dataDir, 'sandbox.db') : null, { synchronous: 'NORMAL', busyTimeoutMs: 100 })
  db.pragma('foreign_keys = ON')
  db.exec(schema)
  migrate(db)
  return {
    db,
    close() {
      db.close()
      releaseLock()
    },
  }
}

/**
 * Brings a data folder made by an older sandbox up to date. Seat holders came
 * with several training clients: a seat held or ordered before then was held
 * by the one client there was, so it stays that client's.
 */
function migrate(db: SandboxDb): void {
  const columns = db.prepare('SELECT name FROM pragma_table_info(?)').all('seat_state') as { name: string }[]
  if (columns.some((c) => c.name === 'holder')) return
  db.transaction(() => {
    db.exec('ALTER TABLE seat_state ADD COLUMN holder TEXT')
    db.prepare(`UPDATE seat_state SET holder = ? WHERE status IN (${SeatStatusHeld}, ${SeatStatusOrdered})`).run(SANDBOX_CLIENT_IDS[0])
  })()
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function takeLock(path: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(path, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(path, 'utf8'))
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && pidAlive(owner)) {
        throw new Error(`the data folder is in use by another sandbox (pid ${owner})`, { cause: error })
      }
      rmSync(path, { force: true })
    }
  }
  throw new Error('could not lock the data folder')
}

/** Reads a meta value, or creates it with `make()` the first time. */
export function metaValue(db: SandboxDb, key: string, make: () => string): string {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined
  if (row) return row.value
  const value = make()
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(key, value)
  return value
}

/** True when an error is SQLite saying another connection holds the lock. */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code === 'SQLITE_BUSY_SNAPSHOT'
}
