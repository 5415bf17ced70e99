import { z } from 'zod'

/**
 * What a device and the hub say about which Foyer version the device runs (issue #36 §4, rollouts in
 * rings). Both fields are optional where they travel, so a device or a hub from before rollouts is
 * understood as ever: a device told nothing follows its own update feed.
 */

/** A released Foyer version as electron-builder numbers it (semver, an optional pre-release tag). */
export const FoyerVersion = z.string().regex(/^\d{1,5}\.\d{1,5}\.\d{1,5}(?:-[0-9A-Za-z.-]{1,20})?$/)
export type FoyerVersion = z.infer<typeof FoyerVersion>

/**
 * In the heartbeat's answer, for a device the hub is rolling a version out to: the version it may take
 * now, or null (take none now: not a pilot yet, outside the maintenance window, or the rollout is held).
 * `allowDowngrade`: the version is older than what the device may run (the rollout went "back").
 * Absent: no rollout covers this device; it follows its update feed as before.
 */
export const UpdateOrder = z.object({ version: FoyerVersion.nullable(), allowDowngrade: z.boolean() })
export type UpdateOrder = z.infer<typeof UpdateOrder>

/** Why a device could not take the version it was given. */
export const UpdateFailure = z.enum(['not-offered', 'download-failed', 'install-failed'])
export type UpdateFailure = z.infer<typeof UpdateFailure>

/**
 * In the heartbeat, what the device did with the last order: `taking` a version (downloading it, or
 * waiting for no sale to be under way), `failed` to take it (and why), or `idle`. The version it runs
 * is the heartbeat's `appVersion`.
 */
export const UpdateReport = z.discriminatedUnion('state', [
  z.object({ state: z.literal('idle') }),
  z.object({ state: z.literal('taking'), version: FoyerVersion }),
  z.object({ state: z.literal('failed'), version: FoyerVersion, reason: UpdateFailure }),
])
export type UpdateReport = z.infer<typeof UpdateReport>
