import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { HubDatabase } from '../storage/database'
import { migrate as migrateDatabase } from '../storage/migrate'
import { openPgliteDatabase } from '../storage/pglite-database'
import { openPostgresDatabase } from '../storage/postgres-database'
import { CURRENT_SCHEMA_VERSION, schemaVersion } from '../storage/schema-version'
import type { Subcommand } from './command'
import { foreignOwner, refuseWhileServed } from './pglite-guard'
import { DATA_HELP, DATA_OPTIONS, describeDatabase, hubSettings, type HubSettings } from './settings'

/** The hub's database as configured, opened as it is (not migrated); PGlite only when no live hub holds it. */
export async function openDatabaseAsIs(settings: HubSettings): Promise<HubDatabase> {
  if (settings.databaseUrl) return openPostgresDatabase(settings.databaseUrl)
  refuseWhileServed(settings.dataDir)
  const owner = foreignOwner(settings.dataDir)
  if (owner) throw new Error(owner)
  mkdirSync(settings.dataDir, { recursive: true })
  return openPgliteDatabase(join(settings.dataDir, 'db'))
}

/**
 * `foyer-hub migrate`: brings the database to this hub's schema and says from which version to which.
 * `serve` does the same at every start; this is for a venue's PostgreSQL migrated by its administrator
 * before the hubs are upgraded (docs/hub-install.md), or a PGlite folder prepared before the service starts.
 */
export const migrate: Subcommand = {
  name: 'migrate',
  summary: 'Bring the database (PGlite in the data folder, or FOYER_HUB_DATABASE_URL) to the current schema.',
  help: `${DATA_HELP}
Environment: FOYER_HUB_DATABASE_URL (PostgreSQL; PGlite in the data folder without it).
A database newer than this hub is refused, not changed.
`,
  options: { ...DATA_OPTIONS },
  async run(values) {
    const settings = hubSettings(values)
    const db = await openDatabaseAsIs(settings)
    try {
      const before = await schemaVersion(db)
      const applied = await migrateDatabase(db)
      const after = await schemaVersion(db)
      const where = describeDatabase(settings)
      if (applied.length === 0) console.log(`${where}: at schema version ${after}, the current one; nothing to do.`)
      else console.log(`${where}: migrated from schema version ${before} to ${after} (applied ${applied.join(', ')}).`)
      return after === CURRENT_SCHEMA_VERSION ? 0 : 1
    } finally {
      await db.close()
    }
  },
}
