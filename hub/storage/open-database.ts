import { join } from 'node:path'
import type { HubDatabase } from './database'
import { migrate } from './migrate'
import { analyzeSaleTables } from './migration-sale-tables'
import { openPgliteDatabase } from './pglite-database'
import { openPostgresDatabase } from './postgres-database'

/**
 * The hub's database as configured: a PostgreSQL server when FOYER_HUB_DATABASE_URL is set,
 * otherwise PGlite in the data folder's `db/`. Migrated to the newest schema before it is used; on PGlite,
 * which runs no autovacuum, the typed sales tables' statistics are gathered at each start.
 */
export async function openHubDatabase(options: { dataDir: string; databaseUrl?: string }): Promise<HubDatabase> {
  const db = options.databaseUrl ? await openPostgresDatabase(options.databaseUrl) : await openPgliteDatabase(join(options.dataDir, 'db'))
  try {
    await migrate(db)
    if (db.kind === 'pglite') await analyzeSaleTables(db)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
