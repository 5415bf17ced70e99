import { z } from 'zod'
import type { Queryable } from './database'

const DeviceRollout = z.object({
  state: z.enum(['pilot', 'rest', 'held', 'back', 'replaced']),
  version: z.string(),
  lastGood: z.string(),
  window: z.object({ from: z.string(), to: z.string() }),
  pilot: z.boolean(),
})
export type DeviceRollout = z.infer<typeof DeviceRollout>

const Versions = z.object({
  staff_version: z.coerce.number().int().nonnegative(),
  revision: z.coerce.string().regex(/^\d{1,18}$/),
  restored: z.object({ id: z.uuid(), recordsThrough: z.string().regex(/^\d{1,19}$/) }).nullable(),
  rollout: DeviceRollout.nullable(),
  support_file: z.uuid().nullable(),
})
export type HubRestore = NonNullable<z.infer<typeof Versions>['restored']>

export interface PulledVersions {
  staffVersion: number
  profileRevision: string
  restored?: HubRestore
  /** The open rollout of the device's profile, if any (migration-rollouts.ts): the server words its order. */
  rollout?: DeviceRollout
  /** The support file a manager asked this device for and it has not sent yet (migration 15): its request's id. */
  supportFileWanted?: { id: string }
}

/**
 * What every heartbeat's answer names for the device to pull when it holds another: the venue's staff
 * version (./staff-table.ts), the revision of profiles and service rules (./profile-table.ts), and the
 * newest restore from a backup, if any (the records a device sends again: migrations.ts, hub_restores);
 * the open rollout of this device's profile; and a support file a manager asked it for and it has not sent
 * (./support-file-table.ts). One statement, not one each: on PGlite one thread runs every query
 * in turn, once per heartbeat.
 */
export async function pullVersions(db: Queryable, deviceId: string): Promise<PulledVersions> {
  const { rows } = await db.query(
    `SELECT (SELECT version FROM staff_version WHERE id = 1) AS staff_version, (SELECT revision FROM settings_revision WHERE one = 1) AS revision,
            (SELECT json_build_object('id', id, 'recordsThrough', records_through::text) FROM hub_restores ORDER BY restored_at DESC, id LIMIT 1) AS restored,
            (SELECT json_build_object('state', r.state, 'version', r.version, 'lastGood', r.last_good,
                                      'window', json_build_object('from', r.window_from, 'to', r.window_to), 'pilot', r.pilots ? d.id::text)
               FROM devices d JOIN rollouts r ON r.profile_id = d.profile_id AND r.state <> 'replaced' WHERE d.id = $1) AS rollout,
            (SELECT id::text FROM support_files WHERE device_id = $1 AND received_at IS NULL LIMIT 1) AS support_file`,
    [deviceId],
  )
  const versions = Versions.parse(rows[0])
  return {
    staffVersion: versions.staff_version,
    profileRevision: versions.revision,
    ...(versions.restored ? { restored: versions.restored } : {}),
    ...(versions.rollout ? { rollout: versions.rollout } : {}),
    ...(versions.support_file ? { supportFileWanted: { id: versions.support_file } } : {}),
  }
}
