import { z } from 'zod'
import type { Queryable } from './database'
import { MIGRATIONS } from './migrations'

/** The newest schema this hub's code knows: what `migrate` brings a database to. */
export const CURRENT_SCHEMA_VERSION = Math.max(0, ...MIGRATIONS.map((m) => m.version))

const Newest = z.object({ exists: z.boolean(), version: z.coerce.number().int().nullable() })

/**
 * The schema version a database is at now (its newest migration applied), 0 for a database the hub
 * never migrated; read without writing anything, so `foyer-hub check` can look at a database it must not change.
 */
export async function schemaVersion(db: Queryable): Promise<number> {
  const { rows } = await db.query("SELECT to_regclass('schema_migrations') IS NOT NULL AS exists, NULL::integer AS version")
  const table = Newest.parse(rows[0])
  if (!table.exists) return 0
  const newest = Newest.parse((await db.query('SELECT true AS exists, max(version) AS version FROM schema_migrations')).rows[0])
  return newest.version ?? 0
}
