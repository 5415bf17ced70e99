import type { HubDatabase } from '../../storage/database'
import { changeRollout, pilotFacts, stageOf } from '../../storage/rollout-table'
import { nextStage } from './rollout-machine'

/** How often each hub process looks whether a rollout's pilots let the rest follow, or stop it. Hours are what matter; a minute late is nothing. */
export const ROLLOUT_SWEEP_INTERVAL_MS = 60_000

/** The name the hub's own steps are kept under, where a manager's would be. */
export const HUB_STEP = 'hub'

/**
 * The rollouts' own steps: every pilot running the version, the rest following after the wait, or a
 * hold on a pilot's alert. Each through the transition function, under the rollout's row lock, so a
 * manager's hold at the same moment wins or loses whole; any hub process may sweep, one is enough.
 */
export class RolloutSweep {
  private timer: NodeJS.Timeout | undefined
  private sweeping: Promise<void> | undefined

  constructor(
    private readonly db: HubDatabase,
    private readonly now: () => number,
  ) {}

  /** One sweep now, after any under way. */
  sweep(): Promise<void> {
    const run = (this.sweeping ?? Promise.resolve()).catch(() => undefined).then(() => this.once())
    this.sweeping = run
    void run.catch(() => undefined).finally(() => {
      if (this.sweeping === run) this.sweeping = undefined
    })
    return run
  }

  private async once(): Promise<void> {
    for (const facts of await pilotFacts(this.db)) {
      const at = new Date(this.now())
      const event = { kind: 'tick', pilotsOnVersion: facts.pilots_on_version, pilotAlert: facts.pilot_alert } as const
      await changeRollout(this.db, facts.id, (row) => nextStage(stageOf(row), event, at, row.rest_after_hours * 3_600_000), HUB_STEP, at)
    }
  }

  start(intervalMs = ROLLOUT_SWEEP_INTERVAL_MS): void {
    this.timer = setInterval(() => {
      if (!this.sweeping) void this.sweep().catch(() => undefined)
    }, intervalMs)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.sweeping?.catch(() => undefined)
  }
}
