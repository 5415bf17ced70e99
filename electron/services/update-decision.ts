import type { UpdateFailure, UpdateOrder, UpdateReport } from '../../hub/protocol'

/**
 * What the updater does about the hub's order (hub/protocol/fleet-update.ts), decided here in plain
 * Node so it is tested without Electron; main's updater (electron/main/updater.ts) only carries it out.
 * The hub says which version this device may take now (a rollout's pilot first, the rest later, in the
 * maintenance window, or back to the last good one); the feed says which version it offers; the sale
 * gate (./update-gate.ts) still decides the moment of the install: never mid-sale.
 */
export interface UpdateSituation {
  /** The hub's order; undefined while no rollout covers this device (or no hub): the feed decides, as before. */
  order: UpdateOrder | undefined
  /** The version running now. */
  current: string
  /** What the last check found for the version it was asked for: the version the feed offers (null: none newer, or older without a downgrade). */
  offered: { for: string; version: string | null } | null
  /** The version downloaded and waiting to install, if any. */
  downloaded: string | null
  /** Taking the ordered version failed since the last check (download or install). */
  failed: { version: string; reason: UpdateFailure } | null
}

export type UpdateStep =
  /** No order: look for, download and install the feed's newest, as before rollouts. */
  | { do: 'follow-feed' }
  /** Take nothing now (the hub says wait, or this version is already the one). */
  | { do: 'stay' }
  /** Ask the feed what it offers, with downgrades allowed or not. */
  | { do: 'check'; version: string; allowDowngrade: boolean }
  | { do: 'download'; version: string; allowDowngrade: boolean }
  /** Downloaded: installed once the kiosk is at rest. */
  | { do: 'install-at-rest'; version: string }
  /** The feed offers another version, or taking it failed: nothing until the next check. */
  | { do: 'give-up'; version: string; reason: UpdateFailure }

export function decideUpdate(situation: UpdateSituation): UpdateStep {
  const { order, offered, failed } = situation
  if (order === undefined) return { do: 'follow-feed' }
  const version = order.version
  if (version === null || version === situation.current) return { do: 'stay' }
  if (failed?.version === version) return { do: 'give-up', version, reason: failed.reason }
  if (situation.downloaded === version) return { do: 'install-at-rest', version }
  if (offered?.for !== version) return { do: 'check', version, allowDowngrade: order.allowDowngrade }
  // The feed offers one version at a time: a rollout's version must be the one it offers (docs/releasing.md).
  if (offered.version !== version) return { do: 'give-up', version, reason: 'not-offered' }
  return { do: 'download', version, allowDowngrade: order.allowDowngrade }
}

/**
 * Whether a downloaded version may be installed (at rest) under the hub's order: any, without one; only
 * the ordered version with one. A version downloaded before a hold or a back never installs, on quit either.
 */
export function mayInstall(order: UpdateOrder | undefined, downloaded: string | null): boolean {
  if (downloaded === null) return false
  return order === undefined || order.version === downloaded
}

/** What the next heartbeat tells the hub of a step (undefined: nothing, the feed decides). */
export function reportOf(step: UpdateStep): UpdateReport | undefined {
  switch (step.do) {
    case 'follow-feed':
      return undefined
    case 'stay':
      return { state: 'idle' }
    case 'give-up':
      return { state: 'failed', version: step.version, reason: step.reason }
    default:
      return { state: 'taking', version: step.version }
  }
}
