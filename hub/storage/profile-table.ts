import { z } from 'zod'
import type { HubDatabase, Queryable } from './database'
import { BigId, parseRows, Timestamp } from './rows'

/** Profiles, each device's profile and group, and the revision every change to them counts up. */

export const ProfileRow = z.object({
  id: z.string(),
  name: z.string(),
  settings: z.unknown(),
  overridable: z.unknown(),
  updated_at: Timestamp,
  updated_by: z.string(),
})
export type ProfileRow = z.infer<typeof ProfileRow>

export const DeviceSetupRow = z.object({
  id: z.string(),
  name: z.string(),
  place: z.string(),
  profile_id: z.string().nullable(),
  group_name: z.string(),
  last_heartbeat: z.unknown(),
})
export type DeviceSetupRow = z.infer<typeof DeviceSetupRow>

const RevisionRow = z.object({ revision: BigId })

/** The revision the dashboard and a device's profile pull are given (a heartbeat's answer reads it in ./pull-versions.ts). */
export async function settingsRevision(db: Queryable): Promise<string> {
  const { rows } = await db.query('SELECT revision FROM settings_revision WHERE one = 1')
  return parseRows(RevisionRow, rows)[0]!.revision
}

/** A change devices must pull: counted in the same transaction as the change itself. */
export async function bumpRevision(tx: Queryable): Promise<void> {
  await tx.query('UPDATE settings_revision SET revision = revision + 1 WHERE one = 1')
}

const PROFILE_COLUMNS = 'id, name, settings, overridable, updated_at, updated_by'

export async function allProfiles(db: Queryable): Promise<ProfileRow[]> {
  const { rows } = await db.query(`SELECT ${PROFILE_COLUMNS} FROM profiles ORDER BY name, id`)
  return parseRows(ProfileRow, rows)
}

export async function profileById(db: Queryable, id: string): Promise<ProfileRow | undefined> {
  const { rows } = await db.query(`SELECT ${PROFILE_COLUMNS} FROM profiles WHERE id = $1`, [id])
  return parseRows(ProfileRow, rows)[0]
}

export interface ProfileChange {
  name: string
  settings: unknown
  overridable: unknown
  by: string
  at: Date
}

/** A new profile, or false when another has that name (UNIQUE decides, also under concurrent tries). */
export async function insertProfile(db: HubDatabase, id: string, change: ProfileChange): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `INSERT INTO profiles (id, name, settings, overridable, updated_at, updated_by)
       VALUES ($1, $2, ($3::text)::jsonb, ($4::text)::jsonb, $5, $6) ON CONFLICT (name) DO NOTHING RETURNING id`,
      [id, change.name, JSON.stringify(change.settings), JSON.stringify(change.overridable), change.at, change.by],
    )
    if (rows.length === 1) await bumpRevision(tx)
    return rows.length === 1
  })
}

/** The profile replaced whole: 'changed', 'not-found', or 'name-taken' by another profile. */
export async function updateProfile(db: HubDatabase, id: string, change: ProfileChange): Promise<'changed' | 'not-found' | 'name-taken'> {
  return db.transaction(async (tx) => {
    const { rows: clash } = await tx.query('SELECT id FROM profiles WHERE name = $1 AND id <> $2', [change.name, id])
    if (clash.length > 0) return 'name-taken'
    const { rows } = await tx.query(
      `UPDATE profiles SET name = $2, settings = ($3::text)::jsonb, overridable = ($4::text)::jsonb, updated_at = $5, updated_by = $6
       WHERE id = $1 RETURNING id`,
      [id, change.name, JSON.stringify(change.settings), JSON.stringify(change.overridable), change.at, change.by],
    )
    if (rows.length === 0) return 'not-found'
    await bumpRevision(tx)
    return 'changed'
  })
}

/** Gives a device its profile (or none) and named group; false when there is no such device or profile. */
export async function setDeviceSetup(db: HubDatabase, deviceId: string, setup: { profileId: string | null; group: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (setup.profileId !== null && !(await profileById(tx, setup.profileId))) return false
    const { rows } = await tx.query('UPDATE devices SET profile_id = $2, group_name = $3 WHERE id = $1 RETURNING id', [deviceId, setup.profileId, setup.group])
    if (rows.length === 0) return false
    await bumpRevision(tx)
    return true
  })
}

export async function deviceSetups(db: Queryable): Promise<DeviceSetupRow[]> {
  const { rows } = await db.query('SELECT id, name, place, profile_id, group_name, last_heartbeat FROM devices ORDER BY name, id')
  return parseRows(DeviceSetupRow, rows)
}

export async function deviceSetup(db: Queryable, deviceId: string): Promise<DeviceSetupRow | undefined> {
  const { rows } = await db.query('SELECT id, name, place, profile_id, group_name, last_heartbeat FROM devices WHERE id = $1', [deviceId])
  return parseRows(DeviceSetupRow, rows)[0]
}
