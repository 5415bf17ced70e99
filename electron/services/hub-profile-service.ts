import type { HeartbeatSecrets, ProfileSettings } from '../../hub/protocol'
import type { LocalDb } from '../database/local-db'
import type { Logger } from '../ipc-core/logger'
import type { PushBus } from '../ipc-core/push-bus'
import { ProfileFollower } from '../hub-link/profile-follower'
import type { SettingsFile, SettingsPatch } from '../settings/settings-file'
import type { StaffAccounts } from '../settings/staff-accounts'
import type { CredentialVault } from '../vault/credential-vault'
import type { SalesRuntime } from './sales-runtime'
import { changeSettings, settingsView } from './settings-service'
import type { SystemInfoService } from './system-info'
import { saleInProgress } from './update-gate'

/** How often main looks at the service rules on its own clock (opening hours pass while the hub says nothing). */
export const SERVICE_CHECK_MS = 5_000

/** What following the hub's profile needs of the runtime: the one settings store and the staff accounts its view names. */
export interface ProfilePieces {
  db: LocalDb
  log: Logger
  vault: CredentialVault
  system: SystemInfoService
  pushes: PushBus
  sales: SalesRuntime
  settings: { file: SettingsFile; accounts: StaffAccounts }
  now?: () => number
}

/** A customer is somewhere in a sale: seats held, or an order placed and not finished. */
export function midSale(sales: SalesRuntime, now: number): boolean {
  const context = sales.context
  if (!context) return false
  if (context.holds.status().count > 0) return true
  return context.checkout.journal.unfinished().some((sale) => saleInProgress(sale, now))
}

/**
 * The device's side of the hub's profiles and service rules: the profile applied through the same
 * change a supervisor's goes through (settings-service.ts), and out of service decided here, in main,
 * by the rules on this device's clock: not while a customer is in a sale (they finish first), then
 * shown on every screen with the manager's words (system.info's closedByHub, pushed). A show's own
 * cut-off closes that show only, judged by the sale's handlers (../checkout/show-cutoff.ts).
 */
export function followHubProfile(pieces: ProfilePieces) {
  const { system, pushes, settings } = pieces
  const now = pieces.now ?? Date.now
  const ctx = { settings: settings.file, accounts: settings.accounts, vault: pieces.vault, sales: pieces.sales, system, pushes }
  const follower = new ProfileFollower({
    db: pieces.db,
    log: pieces.log,
    apply: async (patch: ProfileSettings) => {
      // Checked by the settings store first, whose refusal names the field (the staff screen's wording of it does not):
      // a value this device's rules refuse is said back to the hub, not tried again at every heartbeat.
      settings.file.preview(patch as SettingsPatch)
      await changeSettings(ctx, patch as SettingsPatch)
    },
    midSale: () => midSale(pieces.sales, now()),
    afterHeard: () => check(),
  })
  /** Out of service now: a rule closes the device and nobody is in a sale. */
  const closed = () => {
    const closure = follower.closureAt(now())
    return closure !== null && !midSale(pieces.sales, now()) ? closure : null
  }
  function check() {
    // A change held back by a sale is applied as soon as the sale is over, not only at the next heartbeat.
    follower.settle().catch((error: unknown) => pieces.log.warn('the profile from the hub is not applied yet', { reason: (error as Error).message }))
    try {
      if (system.setClosedByHub(closed())) pushes.publish('system.changed', system.info())
    } catch (error) {
      pieces.log.warn('could not look at the service rules', { reason: (error as Error).message })
    }
  }
  const secrets = async (): Promise<HeartbeatSecrets> => {
    const view = await settingsView(settings.file.get(), pieces.vault, settings.accounts, system.info().mode)
    const backend = view.backend === 'sandbox' ? null : view.backends[view.backend]
    return { vendorSecret: view.backend === 'sandbox' ? null : (backend?.hasSecret ?? false), terminalPassphrase: view.terminal ? view.terminal.hasPassphrase : null }
  }
  let timer: ReturnType<typeof setInterval> | null = null
  return {
    follower,
    secrets,
    /** Whether main refuses a new sale for the service rules now. */
    closed: () => closed() !== null,
    /** Whether a show starting at `showStart` is past the box office's cut-off now, on this device's clock. */
    showCutOff: (showStart: number) => follower.showCutOffAt(showStart, now()),
    check,
    start() {
      check()
      timer ??= setInterval(check, SERVICE_CHECK_MS)
      timer.unref?.()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = null
    },
  }
}
export type HubProfileService = ReturnType<typeof followHubProfile>
