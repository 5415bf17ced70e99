import { DashboardRollout, Heartbeat, RolloutStep, UpdateReport, type FleetDevice, type RolloutsAnswer } from '../../protocol'
import type { Queryable } from '../../storage/database'
import { allRollouts, fleetDevices, type FleetDeviceRow, type RolloutRow, type RolloutStepRow } from '../../storage/rollout-table'

/**
 * Rollouts and the fleet's versions as the dashboard's contract says them, from their rows. Parsed
 * again on the way out: a row the protocol cannot read fails here, not half-read on the page.
 */
export function dashboardRollout(row: RolloutRow, steps: readonly RolloutStepRow[]): DashboardRollout {
  return DashboardRollout.parse({
    id: row.id,
    profileId: row.profile_id,
    version: row.version,
    lastGood: row.last_good,
    pilots: row.pilots,
    restAfterHours: row.rest_after_hours,
    window: { from: row.window_from, to: row.window_to },
    state: row.state,
    heldFrom: row.held_from,
    pilotsOnVersionAt: row.pilots_on_version_at?.toISOString() ?? null,
    steps: steps.filter((step) => step.rollout_id === row.id).map((step) => RolloutStep.parse({ step: step.step, by: step.by_name, at: step.at.toISOString() })),
  })
}

/** A device's version and update report, from its last heartbeat (null for each it has not said). */
export function fleetDevice(row: FleetDeviceRow): FleetDevice {
  const beat = Heartbeat.partial().safeParse(row.last_heartbeat)
  const report = UpdateReport.safeParse(beat.success ? beat.data.update : undefined)
  return {
    id: row.id,
    name: row.name,
    profileId: row.profile_id,
    version: (beat.success && beat.data.appVersion) || null,
    update: report.success ? report.data : null,
  }
}

/** Every rollout, newest first, and each device's version: what the page shows, answered to a manager's step and pushed live. */
export async function rolloutsAnswer(db: Queryable): Promise<RolloutsAnswer> {
  const { rollouts, steps } = await allRollouts(db)
  return { rollouts: rollouts.map((row) => dashboardRollout(row, steps)), devices: (await fleetDevices(db)).map(fleetDevice) }
}
