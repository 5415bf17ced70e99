import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { HubDatabase } from '../storage/database'
import { schemaVersion } from '../storage/schema-version'
import { encodeBackup, type BackupHeader } from './backup-file'
import { pgDump } from './pg-tools'
import { writeAtomically } from './write-atomically'

/** The hub's own certificate and key (hub/server/tls.ts), when it made them: what enrolled devices pin. */
export const TLS_FILES = ['tls/hub-cert.pem', 'tls/hub-key.pem'] as const

export interface BackupOptions {
  /** The hub's database, open: on PGlite the running hub's own (only its process may read it). */
  db: HubDatabase
  /** On PostgreSQL, its address (FOYER_HUB_DATABASE_URL): pg_dump connects by itself. */
  databaseUrl?: string
  /** The hub's data folder, for its certificate and key. */
  dataDir: string
  /** The backup file, replaced atomically if it is there. */
  to: string
  now?: () => number
}

/**
 * An online, consistent backup of the hub, as the file's bytes (backup-file.ts): PGlite's data folder
 * dumped between two of its transactions, or pg_dump's one snapshot of the server's database; with the
 * hub's own certificate and key. Devices may upload all the while.
 */
export async function makeBackup(options: Omit<BackupOptions, 'to'>): Promise<{ bytes: Buffer; header: BackupHeader }> {
  const { db } = options
  const version = await schemaVersion(db)
  let database: Buffer
  if (db.kind === 'pglite') {
    if (!db.dumpDataDir) throw new Error('This PGlite database cannot be dumped.')
    database = await db.dumpDataDir()
  } else {
    if (!options.databaseUrl) throw new Error('A PostgreSQL backup needs the database address (FOYER_HUB_DATABASE_URL).')
    database = await pgDump(options.databaseUrl)
  }
  const parts = new Map<string, Buffer>([['database', database]])
  for (const name of TLS_FILES) {
    const path = join(options.dataDir, name)
    if (existsSync(path)) parts.set(name, await readFile(path))
  }
  const createdAt = new Date((options.now ?? Date.now)()).toISOString()
  return encodeBackup({ schemaVersion: version, database: db.kind, createdAt }, parts)
}

/** makeBackup, written atomically to `options.to` (readable by the hub's account only). */
export async function backupHub(options: BackupOptions): Promise<BackupHeader & { file: string; bytes: number }> {
  const { bytes, header } = await makeBackup(options)
  await writeAtomically(options.to, bytes)
  return { ...header, file: options.to, bytes: bytes.length }
}
