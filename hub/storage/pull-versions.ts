import { z } from 'zod'
import type { Queryable } from './database'

const Versions = z.object({
  staff_version: z.coerce.number().int().nonnegative(),
  revision: z.coerce.string().regex(/^\d{1,18}$/),
  restored: z.object({ id: z.uuid(), recordsThrough: z.string().regex(/^\d{1,19}$/) }).nullable(),
})
export type HubRestore = NonNullable<z.infer<typeof Versions>['restored']>

/**
 * What every heartbeat's answer names for the device to pull when it holds another: the venue's staff
 * version (./staff-table.ts), the revision of profiles and service rules (./profile-table.ts), and the
 * newest restore from a backup, if any (the records a device sends again: migrations.ts, hub_restores). One
 * statement, not one each: on PGlite every query is the hub's own main thread, once per heartbeat.
 */
export async function pullVersions(db: Queryable): Promise<{ staffVersion: number; profileRevision: string; restored?: HubRestore }> {
  const { rows } = await db.query(
    `SELECT (SELECT version FROM staff_version WHERE id = 1) AS staff_version, (SELECT revision FROM settings_revision WHERE one = 1) AS revision,
            (SELECT json_build_object('id', id, 'recordsThrough', records_through::text) FROM hub_restores ORDER BY restored_at DESC, id LIMIT 1) AS restored`,
  )
  const versions = Versions.parse(rows[0])
  return { staffVersion: versions.staff_version, profileRevision: versions.revision, ...(versions.restored ? { restored: versions.restored } : {}) }
}
