import { z } from 'zod'
import { ClockTime } from './device-profile'
import { FoyerVersion, UpdateReport } from './fleet-update'

/**
 * The dashboard's rollouts (issue #36 §4): which Foyer version a profile's devices take, and when. A
 * rollout gives the version to its pilot devices first; the rest of the profile's devices follow once
 * every pilot runs it and `restAfterHours` have passed with no alert from them. Devices take a version
 * only inside the maintenance window (hub local time; `from` after `to` runs past midnight), and never
 * mid-sale. **Hold** stops it where it is; **back** returns every device of the profile to `lastGood`.
 */
export const ROLLOUT_PATHS = {
  /** GET: every rollout, newest first, and each device's version (RolloutsAnswer). POST: a new one for a profile (RolloutRequest); an open one of that profile is replaced. */
  rollouts: '/api/rollouts',
  /** POST `/api/rollouts/:id/action` (RolloutAction): hold, resume or back. */
  action: (rolloutId: string) => `/api/rollouts/${encodeURIComponent(rolloutId)}/action`,
} as const

export const MaintenanceWindow = z
  .object({ from: ClockTime, to: ClockTime })
  .refine((window) => window.from !== window.to, { error: 'the window must not be empty', path: ['to'] })
export type MaintenanceWindow = z.infer<typeof MaintenanceWindow>

export const RolloutRequest = z.object({
  profileId: z.uuid(),
  version: FoyerVersion,
  /** The version "back" returns to: the one the profile's devices ran well before. */
  lastGood: FoyerVersion,
  pilots: z.array(z.uuid()).min(1).max(50),
  restAfterHours: z.number().int().min(1).max(24 * 30),
  window: MaintenanceWindow,
})
export type RolloutRequest = z.infer<typeof RolloutRequest>

export const RolloutAction = z.object({ action: z.enum(['hold', 'resume', 'back']) })
export type RolloutAction = z.infer<typeof RolloutAction>

/**
 * `pilot`: the pilots may take the version; `rest`: every device of the profile may; `held`: none takes
 * anything; `back`: every device returns to the last good version; `replaced`: a newer rollout of the
 * profile took over.
 */
export const RolloutState = z.enum(['pilot', 'rest', 'held', 'back', 'replaced'])
export type RolloutState = z.infer<typeof RolloutState>

/** One step of a rollout, kept with who took it: a manager's name, or `hub` for a step the hub took itself. */
export const RolloutStep = z.object({
  step: z.enum(['started', 'pilots-on-version', 'rest', 'held', 'held-on-alert', 'resumed', 'back', 'replaced']),
  by: z.string(),
  at: z.iso.datetime({ offset: true }),
})
export type RolloutStep = z.infer<typeof RolloutStep>

export const DashboardRollout = RolloutRequest.extend({
  id: z.uuid(),
  state: RolloutState,
  /** While held: the stage a resume goes back to. */
  heldFrom: z.enum(['pilot', 'rest']).nullable(),
  /** When every pilot first ran the version (the wait for the rest counts from then); null before. */
  pilotsOnVersionAt: z.iso.datetime({ offset: true }).nullable(),
  steps: z.array(RolloutStep),
})
export type DashboardRollout = z.infer<typeof DashboardRollout>

/** A device as the rollouts page shows it: the version its last heartbeat ran, and what it said of the last order. */
export const FleetDevice = z.object({
  id: z.uuid(),
  name: z.string(),
  profileId: z.uuid().nullable(),
  version: z.string().nullable(),
  update: UpdateReport.nullable(),
})
export type FleetDevice = z.infer<typeof FleetDevice>

export const RolloutsAnswer = z.object({ rollouts: z.array(DashboardRollout), devices: z.array(FleetDevice) })
export type RolloutsAnswer = z.infer<typeof RolloutsAnswer>
