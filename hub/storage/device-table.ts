import type { HubDatabase, Queryable } from './database'
import { z } from 'zod'
import { pulledVersions, versionColumns, VersionsRow, type PulledVersions } from './pull-versions'
import { ClaimedCodeRow, DeviceRow, DeviceStateRow, EnrolmentCodeRow, parseRows, TokenDeviceRow } from './rows'

/** Devices and their one-time enrolment codes, as stored. The rules about them are in hub/server. */

export async function insertEnrolmentCode(
  db: Queryable,
  code: { id: string; codeKey: string; deviceName: string; place: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO device_enrolment_codes (id, code_key, device_name, place, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [code.id, code.codeKey, code.deviceName, code.place, code.createdAt, code.expiresAt],
  )
}

/**
 * Codes not expired, used or not: those an enrolment proof is checked against. A used one is kept
 * until it expires so that a device retrying it (or losing a race for it) is told "used" rather than
 * counted as a wrong guess: eight devices trying one code must not lock enrolment out.
 */
export async function unexpiredEnrolmentCodes(db: Queryable, now: Date): Promise<EnrolmentCodeRow[]> {
  const { rows } = await db.query(
    'SELECT id, code_key, device_name, place, used_at FROM device_enrolment_codes WHERE expires_at > $1 AND code_key IS NOT NULL',
    [now],
  )
  return parseRows(EnrolmentCodeRow, rows)
}

/** An expired code's key is of no more use to anyone: drop it. */
export async function forgetExpiredCodes(db: Queryable, now: Date): Promise<void> {
  await db.query('UPDATE device_enrolment_codes SET code_key = NULL WHERE expires_at <= $1 AND code_key IS NOT NULL', [now])
}

/**
 * Uses the code and makes its device, in one transaction, or nothing when the code is no longer
 * live. The conditional UPDATE is what makes the code one-use: of several tries at once, the server
 * lets one change the row and the others then find it used (READ COMMITTED re-checks the WHERE).
 */
export async function claimCodeForDevice(
  db: HubDatabase,
  claim: { codeId: string; deviceId: string; tokenHash: string; now: Date },
): Promise<{ name: string; place: string } | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `UPDATE device_enrolment_codes SET used_at = $2
        WHERE id = $1 AND used_at IS NULL AND expires_at > $2 RETURNING device_name, place`,
      [claim.codeId, claim.now],
    )
    const code = parseRows(ClaimedCodeRow, rows)[0]
    if (!code) return null
    await tx.query('INSERT INTO devices (id, name, place, token_hash, enrolled_at) VALUES ($1, $2, $3, $4, $5)', [
      claim.deviceId,
      code.device_name,
      code.place,
      claim.tokenHash,
      claim.now,
    ])
    await tx.query('UPDATE device_enrolment_codes SET device_id = $2 WHERE id = $1', [claim.codeId, claim.deviceId])
    return { name: code.device_name, place: code.place }
  })
}

const SavedHeartbeatRow = DeviceStateRow.extend({ token_hash: z.string() })

const DEVICE_COLUMNS = 'id, name, place, enrolled_at, revoked_at, last_heartbeat_at, last_heartbeat'
/** A device's row and the state last told of it (rows.ts DeviceStateRow). */
export const DEVICE_STATE_COLUMNS = `${DEVICE_COLUMNS}, state, state_since`
/** DEVICE_STATE_COLUMNS as columns of the device row `d` of a statement that joins it to others. */
export const DEVICE_STATE_COLUMNS_OF_D = DEVICE_STATE_COLUMNS.split(', ').map((c) => `d.${c}`).join(', ')

/** The device a request's token belongs to: asked on every heartbeat and upload, so only what they need. */
export async function deviceByTokenHash(db: Queryable, tokenHash: string): Promise<TokenDeviceRow | undefined> {
  const { rows } = await db.query('SELECT id, place, revoked_at FROM devices WHERE token_hash = $1', [tokenHash])
  return parseRows(TokenDeviceRow, rows)[0]
}

export async function allDevices(db: Queryable): Promise<DeviceRow[]> {
  const { rows } = await db.query(`SELECT ${DEVICE_COLUMNS} FROM devices ORDER BY name, id`)
  return parseRows(DeviceRow, rows)
}

/** Locks the device out; its token is refused from now on. Revoking twice keeps the first time. */
export async function revokeDevice(db: Queryable, deviceId: string, now: Date): Promise<boolean> {
  const { rows } = await db.query('UPDATE devices SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING id', [deviceId, now])
  return rows.length === 1
}

export interface HeartbeatToKeep {
  tokenHash: string
  /** Already parsed by the protocol's schema. */
  heartbeat: unknown
  at: Date
}

/** A heartbeat kept: its device's row as now stored, and what the device's answer names for it to pull. */
export interface SavedHeartbeat {
  row: DeviceStateRow
  versions: PulledVersions
}

/** Written once, not at every batch of heartbeats (dozens a second). */
const SAVE_HEARTBEATS = `UPDATE devices d SET last_heartbeat = (b.heartbeat)::jsonb, last_heartbeat_at = b.at
    FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS b (token_hash, heartbeat, at)
   WHERE d.token_hash = b.token_hash AND d.revoked_at IS NULL
  RETURNING d.token_hash, ${DEVICE_STATE_COLUMNS_OF_D}, ${versionColumns('d')}`

/**
 * Keeps the newest heartbeats and when each came, for the devices whose tokens they carry unless a
 * device is revoked: one statement for the lot, which finds each device, keeps its heartbeat and
 * gives back its row as now stored (what its state is reckoned from) with the versions its answer
 * names (./pull-versions.ts), by token. A token missing from the answer is a stranger's or a revoked
 * device's. Give each token once: of two, one would be kept.
 */
export async function saveHeartbeats(db: Queryable, beats: readonly HeartbeatToKeep[]): Promise<Map<string, SavedHeartbeat>> {
  const { rows } = await db.query(SAVE_HEARTBEATS, [beats.map((b) => b.tokenHash), beats.map((b) => JSON.stringify(b.heartbeat)), beats.map((b) => b.at)])
  // Each row read twice, by the device's schema and by the versions' (each takes its own columns, neither lists the other's).
  const devices = parseRows(SavedHeartbeatRow, rows)
  const versions = parseRows(VersionsRow, rows)
  return new Map(devices.map(({ token_hash, ...row }, i) => [token_hash, { row, versions: pulledVersions(versions[i]!) }]))
}
