import type { HubDatabase } from '../../storage/database'
import type { LiveUpdates } from '../live/live-updates'
import { changeRollout, pilotFacts, stageOf } from '../../storage/rollout-table'
import { PeriodicSweep } from '../periodic-sweep'
import { nextStage } from './rollout-machine'

/** How often each hub process looks whether a rollout's pilots let the rest follow, or stop it. Hours are what matter; a minute late is nothing. */
export const ROLLOUT_SWEEP_INTERVAL_MS = 60_000

/** The name the hub's own steps are kept under, where a manager's would be. */
export const HUB_STEP = 'hub'

/**
 * The rollouts' own steps: every pilot running the version, the rest following after the wait, or a
 * hold on a pilot's alert. Each through the transition function, under the rollout's row lock, so a
 * manager's hold at the same moment wins or loses whole; any hub process may sweep, one is enough.
 * A step taken is pushed to the managers' pages, once a sweep for all the rollouts it moved.
 */
export class RolloutSweep extends PeriodicSweep<void> {
  constructor(db: HubDatabase, live: LiveUpdates, now: () => number) {
    super(async () => {
      let moved = false
      for (const facts of await pilotFacts(db)) {
        const at = new Date(now())
        const event = { kind: 'tick', pilotsOnVersion: facts.pilots_on_version, pilotAlert: facts.pilot_alert } as const
        const outcome = await changeRollout(db, facts.id, (row) => nextStage(stageOf(row), event, at, row.rest_after_hours * 3_600_000), HUB_STEP, at)
        moved ||= typeof outcome !== 'string'
      }
      if (moved) await live.changed({ type: 'rollouts' })
    }, undefined)
  }

  override start(intervalMs = ROLLOUT_SWEEP_INTERVAL_MS): void {
    super.start(intervalMs, { runNow: false })
  }
}
