import { z } from 'zod'
import type { HubDatabase, Queryable } from './database'
import { MIGRATIONS, type Migration } from './migrations'

/** Any constant: every hub process on one database takes this lock to migrate, one at a time. */
const MIGRATION_LOCK = 25_0001

const AppliedRow = z.object({ version: z.coerce.number().int() })

async function appliedVersions(q: Queryable): Promise<Set<number>> {
  const { rows } = await q.query('SELECT version FROM schema_migrations')
  return new Set(rows.map((row) => AppliedRow.parse(row).version))
}

/**
 * Brings the database up to the newest migration, at start. Each migration runs once, in its own
 * transaction with its row in schema_migrations, so a hub stopped half-way resumes where it was;
 * the advisory lock lets several hub processes start on one server together. A database newer than
 * this hub (a downgrade) is refused rather than written to.
 * @returns the versions applied now (empty when it was up to date).
 */
export async function migrate(db: HubDatabase, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL)',
    )
  })
  const known = Math.max(0, ...migrations.map((m) => m.version))
  const before = await appliedVersions(db)
  const newest = Math.max(0, ...before)
  if (newest > known) throw new Error(`The hub's database is at schema version ${newest}; this hub knows up to ${known}. Run the newer hub.`)
  const applied: number[] = []
  // Only those missing at start are tried, each checked again under the lock (another hub may be migrating too).
  for (const migration of migrations.filter((m) => !before.has(m.version)).sort((a, b) => a.version - b.version)) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      if ((await appliedVersions(tx)).has(migration.version)) return false
      await tx.exec(migration.sql)
      await migration.project?.(tx)
      await tx.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        new Date(),
      ])
      return true
    })
    if (ran) applied.push(migration.version)
  }
  return applied
}

/**
 * The migrations this hub knows that the database has not applied (empty when current): what the
 * hub's health check reports. A hub migrates at start, so anything here means the schema was changed
 * under it (a restore of an older backup, an administrator).
 */
export async function migrationsMissing(db: Queryable, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const applied = await appliedVersions(db)
  return migrations.map((m) => m.version).filter((version) => !applied.has(version))
}
