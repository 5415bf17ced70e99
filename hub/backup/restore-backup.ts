import { existsSync, readdirSync } from 'node:fs'
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { z } from 'zod'
import type { HubDatabase } from '../storage/database'
import { migrate } from '../storage/migrate'
import { MIGRATIONS } from '../storage/migrations'
import { openPgliteDatabase } from '../storage/pglite-database'
import { openPostgresDatabase } from '../storage/postgres-database'
import { recordRestore } from '../storage/restore-table'
import { parseRows } from '../storage/rows'
import { BackupRefused, decodeBackup, type BackupContents, type BackupHeader } from './backup-file'
import { pgRestore } from './pg-tools'

export interface RestoreOptions {
  /** The hub's data folder to be: empty or not there yet (its PGlite goes in `db/`, its certificate in `tls/`). */
  dataDir: string
  /** An empty PostgreSQL database to restore into, for a backup of a PostgreSQL hub. */
  databaseUrl?: string
}

/** The newest schema this hub knows: a backup from a later one is refused. */
export const KNOWN_SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version))

/** Reads and checks a backup file: a file that is not there is refused in words as the rest are. */
export async function readBackup(file: string): Promise<BackupContents> {
  let bytes: Buffer
  try {
    bytes = await readFile(file)
  } catch (error) {
    throw new BackupRefused(`The backup ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`)
  }
  return decodeBackup(bytes, KNOWN_SCHEMA_VERSION)
}

function refuseNonEmptyFolder(dataDir: string): void {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupRefused(`The data folder ${dataDir} is not empty: a backup is restored into an empty folder only, never over a hub's data. Move it aside first.`)
  }
}

const Count = z.object({ n: z.coerce.number().int() })

/** The database at `databaseUrl`, refused unless it holds no table, view or sequence of its own. */
async function restoreIntoEmptyPostgres(databaseUrl: string, dump: Buffer): Promise<void> {
  const db = await openPostgresDatabase(databaseUrl)
  try {
    const { rows } = await db.query(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'`,
    )
    if (parseRows(Count, rows)[0]!.n > 0) {
      throw new BackupRefused('That PostgreSQL database is not empty: a backup is restored onto an empty database only (createdb a new one), never over a hub\'s data.')
    }
  } finally {
    await db.close()
  }
  await pgRestore(databaseUrl, dump)
}

/**
 * The restored database brought to this hub's schema and told it was restored: the heartbeats then
 * name the restore, and devices send again what they uploaded after the backup (hub_restores).
 */
async function markRestored(db: HubDatabase, header: BackupHeader, now: Date): Promise<void> {
  try {
    await migrate(db)
    await recordRestore(db, { restoredAt: now, backupCreatedAt: new Date(header.createdAt) })
  } finally {
    await db.close()
  }
}

/**
 * Restores a backup file: into an empty data folder (PGlite), or onto an empty PostgreSQL database,
 * with the hub's own certificate and key so that enrolled devices know it again. Refused in words: a
 * file that is not a Foyer backup, cut short, altered, from a newer hub, of the other kind of database,
 * or a target that is not empty. A backup from an older hub is migrated to this one's schema.
 */
export async function restoreHub(file: string, options: RestoreOptions, now: () => number = Date.now): Promise<BackupHeader> {
  const { header, parts } = await readBackup(file)
  const target = options.databaseUrl ? 'postgres' : 'pglite'
  if (header.database !== target) {
    throw new BackupRefused(
      header.database === 'pglite'
        ? 'This is a backup of a hub on PGlite: restore it into a data folder, without FOYER_HUB_DATABASE_URL.'
        : 'This is a backup of a hub on PostgreSQL: restore it onto an empty PostgreSQL database (FOYER_HUB_DATABASE_URL).',
    )
  }
  refuseNonEmptyFolder(options.dataDir)
  const madeFolder = !existsSync(options.dataDir)
  try {
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 })
    const dump = parts.get('database')!
    if (options.databaseUrl) await restoreIntoEmptyPostgres(options.databaseUrl, dump)
    const db = options.databaseUrl
      ? await openPostgresDatabase(options.databaseUrl)
      : await openPgliteDatabase(join(options.dataDir, 'db'), new Blob([new Uint8Array(dump)]))
    await markRestored(db, header, new Date(now()))
    for (const [name, bytes] of parts) {
      if (name === 'database') continue
      const path = join(options.dataDir, name)
      await mkdir(dirname(path), { recursive: true, mode: 0o700 })
      await writeFile(path, bytes, { mode: 0o600 })
      await chmod(path, 0o600)
    }
  } catch (error) {
    // Nothing half-restored is left for a hub to start on.
    if (madeFolder) await rm(options.dataDir, { recursive: true, force: true })
    else for (const name of readdirSync(options.dataDir)) await rm(join(options.dataDir, name), { recursive: true, force: true })
    throw error
  }
  return header
}
