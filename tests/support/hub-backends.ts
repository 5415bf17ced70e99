import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, inject } from 'vitest'
import type { HubDatabase } from '../../hub/storage/database'
import { migrate } from '../../hub/storage/migrate'
import { openPgliteDatabase } from '../../hub/storage/pglite-database'
import { openPostgresDatabase } from '../../hub/storage/postgres-database'
import { createDatabase } from './postgres-cluster'

/** Every storage test runs on both: the embedded PGlite and a real PostgreSQL server. */
export const HUB_BACKENDS = ['pglite', 'postgres'] as const
export type HubBackend = (typeof HUB_BACKENDS)[number]

/** A new, empty database of that kind (PGlite in memory; a fresh database on the run's cluster). */
export async function openEmptyDatabase(backend: HubBackend): Promise<HubDatabase> {
  if (backend === 'pglite') return openPgliteDatabase()
  return openPostgresDatabase(await createDatabase(inject('hubPostgresAdminUrl')))
}

/**
 * A new database with the hub's schema, as the hub opens it at start. A PGlite starts from the run's
 * migrated template (hub-postgres-setup.ts) where the project provides one, and is migrated again all
 * the same (nothing to do then, unless a migration is newer than the template).
 */
export async function openMigratedDatabase(backend: HubBackend): Promise<HubDatabase> {
  const template = backend === 'pglite' ? inject('hubPgliteTemplate') : undefined
  const db = template ? await openPgliteDatabase(undefined, new Blob([await readFile(template)])) : await openEmptyDatabase(backend)
  await migrate(db)
  return db
}

/**
 * A database of that kind for a whole test file's `describe`: opened before its tests (migrated unless
 * told otherwise) and closed after them, after the file's own afterAll (hooks run last-in, first-out).
 */
export function hubDatabaseForFile(backend: HubBackend, open: (backend: HubBackend) => Promise<HubDatabase> = openMigratedDatabase): () => HubDatabase {
  let db: HubDatabase | undefined
  beforeAll(async () => {
    db = await open(backend)
  })
  afterAll(async () => {
    await db?.close()
  })
  return () => db!
}
