import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Foyer's own durable store on the kiosk (the user data folder): seat holds
 * now, the sales journal with checkout. WAL with synchronous=FULL: what a
 * sale writes here must survive the power going off, not only a crash.
 */
export type LocalDb = Database.Database

const migrations: string[] = [
  `CREATE TABLE holds (
     backend TEXT NOT NULL,
     product_id INTEGER NOT NULL,
     inventory_id INTEGER NOT NULL,
     offer_id TEXT NOT NULL,
     set_index INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     taken_at INTEGER NOT NULL,
     PRIMARY KEY (backend, inventory_id)
   )`,
]

export function openLocalDb(dataDir: string | null): LocalDb {
  let db: LocalDb
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true })
    db = new Database(join(dataDir, 'foyer.db'))
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
  } else {
    db = new Database(':memory:')
  }
  db.pragma('busy_timeout = 2000')
  const version = db.pragma('user_version', { simple: true }) as number
  db.transaction(() => {
    for (let v = version; v < migrations.length; v++) db.exec(migrations[v]!)
    db.pragma(`user_version = ${migrations.length}`)
  })()
  return db
}
