import { z } from 'zod'
import type { Queryable } from './database'

const Versions = z.object({ staff_version: z.coerce.number().int().nonnegative(), revision: z.coerce.string().regex(/^\d{1,18}$/) })

/**
 * What every heartbeat's answer names for the device to pull when it holds another: the venue's staff
 * version (./staff-table.ts) and the revision of profiles and service rules (./profile-table.ts). One
 * statement, not one each: on PGlite every query is the hub's own main thread, once per heartbeat.
 */
export async function pullVersions(db: Queryable): Promise<{ staffVersion: number; profileRevision: string }> {
  const { rows } = await db.query(
    'SELECT (SELECT version FROM staff_version WHERE id = 1) AS staff_version, (SELECT revision FROM settings_revision WHERE one = 1) AS revision',
  )
  const versions = Versions.parse(rows[0])
  return { staffVersion: versions.staff_version, profileRevision: versions.revision }
}
