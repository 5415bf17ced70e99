import { z } from 'zod'

const DeviceRollout = z.object({
  state: z.enum(['pilot', 'rest', 'held', 'back', 'replaced']),
  version: z.string(),
  lastGood: z.string(),
  window: z.object({ from: z.string(), to: z.string() }),
  pilot: z.boolean(),
})
export type DeviceRollout = z.infer<typeof DeviceRollout>

/** The columns versionColumns() adds to a statement's answer, as read back. */
export const VersionsRow = z.object({
  staff_version: z.coerce.number().int().nonnegative(),
  revision: z.coerce.string().regex(/^\d{1,18}$/),
  restored: z.object({ id: z.uuid(), recordsThrough: z.string().regex(/^\d{1,19}$/) }).nullable(),
  rollout: DeviceRollout.nullable(),
  support_file: z.uuid().nullable(),
})
export type VersionsRow = z.infer<typeof VersionsRow>
export type HubRestore = NonNullable<VersionsRow['restored']>

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
 * (./support-file-table.ts). As columns of the statement that keeps the heartbeats (./device-table.ts),
 * for the device row `d`: not a statement of their own a heartbeat. On PGlite one thread runs every
 * statement in turn, and planning this one cost more than the heartbeat's write; in the write it is
 * planned once for every beat of a batch, and the venue-wide three are read once for them all.
 */
export function versionColumns(d: string): string {
  return `(SELECT version FROM staff_version WHERE id = 1) AS staff_version, (SELECT revision FROM settings_revision WHERE one = 1) AS revision,
          (SELECT json_build_object('id', id, 'recordsThrough', records_through::text) FROM hub_restores ORDER BY restored_at DESC, id LIMIT 1) AS restored,
          (SELECT json_build_object('state', r.state, 'version', r.version, 'lastGood', r.last_good,
                                    'window', json_build_object('from', r.window_from, 'to', r.window_to), 'pilot', r.pilots ? ${d}.id::text)
             FROM rollouts r WHERE r.profile_id = ${d}.profile_id AND r.state <> 'replaced') AS rollout,
          (SELECT id::text FROM support_files WHERE device_id = ${d}.id AND received_at IS NULL LIMIT 1) AS support_file`
}

/** The versions as the heartbeat's answer names them, from the columns versionColumns() gave. */
export function pulledVersions(versions: VersionsRow): PulledVersions {
  return {
    staffVersion: versions.staff_version,
    profileRevision: versions.revision,
    ...(versions.restored ? { restored: versions.restored } : {}),
    ...(versions.rollout ? { rollout: versions.rollout } : {}),
    ...(versions.support_file ? { supportFileWanted: { id: versions.support_file } } : {}),
  }
}
