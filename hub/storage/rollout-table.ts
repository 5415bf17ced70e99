import { z } from 'zod'
import type { HubDatabase, Queryable } from './database'
import { BigId, queryRows, Timestamp } from './rows'

/** Rollouts and their steps (./migration-rollouts.ts). Each change and the step naming who made it are written in one transaction. */

export const RolloutRow = z.object({
  id: z.string(),
  profile_id: z.string(),
  version: z.string(),
  last_good: z.string(),
  pilots: z.array(z.string()),
  rest_after_hours: z.coerce.number().int(),
  window_from: z.string(),
  window_to: z.string(),
  state: z.enum(['pilot', 'rest', 'held', 'back', 'replaced']),
  held_from: z.enum(['pilot', 'rest']).nullable(),
  stage_since: Timestamp,
  pilots_on_version_at: Timestamp.nullable(),
  created_at: Timestamp,
})
export type RolloutRow = z.infer<typeof RolloutRow>

export const RolloutStepRow = z.object({ id: BigId, rollout_id: z.string(), step: z.string(), by_name: z.string(), at: Timestamp })
export type RolloutStepRow = z.infer<typeof RolloutStepRow>

/** A rollout's stage as its state machine moves it (hub/server/rollouts/rollout-machine.ts). */
export interface StoredStage {
  state: RolloutRow['state']
  heldFrom: RolloutRow['held_from']
  stageSince: Date
  pilotsOnVersionAt: Date | null
}

/** What the machine decided: the stage to write and the step to keep; null for nothing to do. */
export type StageChange = { stage: StoredStage; step: string } | null

export const stageOf = (row: RolloutRow): StoredStage => ({ state: row.state, heldFrom: row.held_from, stageSince: row.stage_since, pilotsOnVersionAt: row.pilots_on_version_at })

const COLUMNS = 'id, profile_id, version, last_good, pilots, rest_after_hours, window_from, window_to, state, held_from, stage_since, pilots_on_version_at, created_at'

export async function allRollouts(db: Queryable): Promise<{ rollouts: RolloutRow[]; steps: RolloutStepRow[] }> {
  const rollouts = await queryRows(db, RolloutRow, `SELECT ${COLUMNS} FROM rollouts ORDER BY created_at DESC, id`)
  const steps = await queryRows(db, RolloutStepRow, 'SELECT id, rollout_id, step, by_name, at FROM rollout_steps ORDER BY id')
  return { rollouts, steps }
}

async function writeStage(tx: Queryable, id: string, change: NonNullable<StageChange>, by: string, at: Date): Promise<void> {
  const { stage } = change
  await tx.query('UPDATE rollouts SET state = $2, held_from = $3, stage_since = $4, pilots_on_version_at = $5 WHERE id = $1', [id, stage.state, stage.heldFrom, stage.stageSince, stage.pilotsOnVersionAt])
  await tx.query('INSERT INTO rollout_steps (rollout_id, step, by_name, at) VALUES ($1, $2, $3, $4)', [id, change.step, by, at])
}

/**
 * Moves one rollout by what `decide` makes of its row, read under a row lock (a manager's hold and the
 * sweep's step never cross): 'not-found', 'refused' when `decide` answers null, or the row as now stored.
 */
export async function changeRollout(db: HubDatabase, id: string, decide: (row: RolloutRow) => StageChange, by: string, at: Date): Promise<RolloutRow | 'not-found' | 'refused'> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows(tx, RolloutRow, `SELECT ${COLUMNS} FROM rollouts WHERE id = $1 FOR UPDATE`, [id])
    if (!row) return 'not-found'
    const change = decide(row)
    if (!change) return 'refused'
    await writeStage(tx, id, change, by, at)
    return { ...row, state: change.stage.state, held_from: change.stage.heldFrom, stage_since: change.stage.stageSince, pilots_on_version_at: change.stage.pilotsOnVersionAt }
  })
}

export interface NewRollout {
  id: string
  profileId: string
  version: string
  lastGood: string
  pilots: string[]
  restAfterHours: number
  window: { from: string; to: string }
}

/**
 * A new rollout for a profile, starting with its pilots; the profile's open rollout, if any, replaced
 * by `replace` in the same transaction. False when a pilot is not a device of that profile.
 */
export async function insertRollout(db: HubDatabase, rollout: NewRollout, replace: (row: RolloutRow) => StageChange, by: string, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query('SELECT count(*)::int AS n FROM devices WHERE profile_id = $1 AND id::text = ANY($2::text[])', [rollout.profileId, rollout.pilots])
    if (z.object({ n: z.coerce.number() }).parse(rows[0]).n !== new Set(rollout.pilots).size) return false
    const open = await queryRows(tx, RolloutRow, `SELECT ${COLUMNS} FROM rollouts WHERE profile_id = $1 AND state <> 'replaced' FOR UPDATE`, [rollout.profileId])
    for (const row of open) {
      const change = replace(row)
      if (change) await writeStage(tx, row.id, change, by, at)
    }
    await tx.query(
      `INSERT INTO rollouts (id, profile_id, version, last_good, pilots, rest_after_hours, window_from, window_to, state, stage_since, created_at)
       VALUES ($1, $2, $3, $4, ($5::text)::jsonb, $6, $7, $8, 'pilot', $9, $9)`,
      [rollout.id, rollout.profileId, rollout.version, rollout.lastGood, JSON.stringify([...new Set(rollout.pilots)]), rollout.restAfterHours, rollout.window.from, rollout.window.to, at],
    )
    await tx.query("INSERT INTO rollout_steps (rollout_id, step, by_name, at) VALUES ($1, 'started', $2, $3)", [rollout.id, by, at])
    return true
  })
}

const PilotFacts = z.object({ id: z.string(), pilots_on_version: z.boolean(), pilot_alert: z.boolean() })
export type PilotFacts = z.infer<typeof PilotFacts>

/**
 * The rollouts still with their pilots, and what the pilots say: whether every one's last heartbeat ran
 * the version, and whether any raised an alert (a state other than online) or failed to take the version
 * since the stage began.
 */
export async function pilotFacts(db: Queryable): Promise<PilotFacts[]> {
  return queryRows(
    db,
    PilotFacts,
    `SELECT r.id,
            NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(r.pilots) p(id) JOIN devices d ON d.id::text = p.id
                         WHERE d.last_heartbeat->>'appVersion' IS DISTINCT FROM r.version) AS pilots_on_version,
            EXISTS (SELECT 1 FROM alerts a WHERE a.device_id::text IN (SELECT jsonb_array_elements_text(r.pilots)) AND a.raised_at >= r.stage_since AND a.to_state <> 'online')
            OR EXISTS (SELECT 1 FROM devices d WHERE d.id::text IN (SELECT jsonb_array_elements_text(r.pilots)) AND d.last_heartbeat_at >= r.stage_since
                        AND d.last_heartbeat->'update'->>'state' = 'failed' AND d.last_heartbeat->'update'->>'version' = r.version) AS pilot_alert
       FROM rollouts r WHERE r.state = 'pilot'`,
  )
}

export const FleetDeviceRow = z.object({ id: z.string(), name: z.string(), profile_id: z.string().nullable(), last_heartbeat: z.unknown() })
export type FleetDeviceRow = z.infer<typeof FleetDeviceRow>

/** Every device not revoked, with its profile and its last heartbeat (its version and update report are read from it). */
export async function fleetDevices(db: Queryable): Promise<FleetDeviceRow[]> {
  return queryRows(db, FleetDeviceRow, 'SELECT id, name, profile_id, last_heartbeat FROM devices WHERE revoked_at IS NULL ORDER BY name, id')
}
