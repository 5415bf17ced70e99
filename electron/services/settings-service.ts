import type { SettingsView } from '../contract'
import type { Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import { SettingsError, isPlaceholderEmail, type Settings, type SettingsPatch } from '../settings/settings-schema'
import type { StaffAccounts } from '../settings/staff-accounts'
import type { CredentialVault } from '../vault/credential-vault'
import { readBoundSecret } from '../vault/origin-bound-secret'
import type { PushBus } from '../ipc-core/push-bus'
import type { SettingsFile } from '../settings/settings-file'
import type { SalesRuntime } from './sales-runtime'
import { staffError, type SupervisorChecks } from './supervisor-checks'
import { printerRefusal } from './printer-service'
import { terminalChanged, terminalRefusal, terminalView } from './terminal-service'
import type { SystemInfoService } from './system-info'
import type { HubLink } from '../hub-link/hub-link'

/**
 * The settings screen's own channels: what it shows (never a secret, only
 * whether one is stored) and a supervisor's change, which is checked whole
 * before anything is saved, and which connects to a backend it switches to
 * (or re-addresses) before saving, so a failed switch changes nothing.
 */

/**
 * `running`: the mode Foyer runs in now, which the screen shows. It is the saved mode unless the machine
 * was started in another (FOYER_MODE): showing the saved one there told staff at a counter it was a kiosk.
 */
export async function settingsView(settings: Settings, vault: CredentialVault, accounts: StaffAccounts, running: Settings['mode']): Promise<SettingsView> {
  const backend = async (kind: 'staging' | 'production') => {
    const config = settings.backends[kind]
    if (!config) return null
    let hasSecret = false
    try {
      // Only a secret entered for these addresses counts: after an address change it must be entered again.
      hasSecret = (await readBoundSecret(vault, { backend: kind, tenant: config.tenant }, config)).state === 'ok'
    } catch {
      // No keychain reachable: nothing is stored that Foyer could use.
    }
    return { config: { ...config }, hasSecret }
  }
  return {
    mode: running,
    backend: settings.backend,
    holdWindowMinutes: settings.holdWindowMinutes,
    idleSeconds: settings.idleSeconds,
    pinSet: accounts.hasSupervisor(),
    cashToleranceCents: settings.cashToleranceCents,
    counterLockMinutes: settings.counterLockMinutes,
    eticketsWhenCannotPrint: settings.eticketsWhenCannotPrint,
    languages: [...settings.languages],
    audioTimeFactor: settings.audioTimeFactor,
    terminalPlace: settings.terminalPlace,
    cashDrawer: settings.cashDrawer,
    customerDisplay: settings.customerDisplay,
    customerDisplayId: settings.customerDisplayId,
    barcodeScanner: settings.barcodeScanner,
    boxOfficeEmail: settings.boxOfficeEmail,
    patronDataDays: settings.patronDataDays,
    backends: { staging: await backend('staging'), production: await backend('production') },
    updates: { ...settings.updates },
    terminal: await terminalView(settings, vault),
    printer: { ...settings.printer },
  }
}

/**
 * A counter selling through a vendor backend records every walk-up sale under
 * the box office's e-mail: the training placeholder would put real orders on
 * an address nobody reads, so that combination is refused until staff enter
 * the real one. (The sandbox may keep the placeholder: it is training.)
 */
function requireRealBoxOfficeEmail(next: Pick<Settings, 'mode' | 'backend' | 'boxOfficeEmail'>): void {
  if (next.mode === 'counter' && next.backend !== 'sandbox' && isPlaceholderEmail(next.boxOfficeEmail)) {
    throw staffError('settings.box-office-email-needed', 'counter.settings.emailNeeded', 'boxOfficeEmail is the training placeholder')
  }
}

/** Whether the change gives the backend in use (staging or production) other addresses or credentials' names. */
function vendorAddressChanged(before: Settings, after: Settings): boolean {
  const kind = after.backend
  if (kind === 'sandbox') return false
  const [was, now] = [before.backends[kind], after.backends[kind]]
  if (!was || !now) return was !== now
  return (Object.keys(now) as (keyof typeof now)[]).some((field) => was[field] !== now[field])
}

/** A refused setting answers `errors.settings.invalid`, naming the field (never the value) in the detail. */
async function refusedAsInvalid<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    // A terminal or printer field is worded on its own (which rule the address, POIID... broke); any other in general.
    if (error instanceof SettingsError) throw terminalRefusal(error) ?? printerRefusal(error) ?? staffError('settings.invalid', 'errors.settings.invalid', error.message)
    throw error
  }
}

/** A backend that could not be switched to says why in its own words (unreachable, no secret...). */
const switchFailed = (error: unknown): FoyerError =>
  error instanceof FoyerError ? error : staffError('backend.connect-failed', 'errors.backend.unavailable', (error as Error).message)

/** What the settings handlers need of the staff services (admin-service.ts gives them all of it). */
export interface SettingsContext {
  settings: SettingsFile
  vault: CredentialVault
  accounts: StaffAccounts
  sales: SalesRuntime
  system: SystemInfoService
  pushes: PushBus
  /** The link to the box office's hub: its profile says which settings are its own (absent: none are). */
  hub?: HubLink | null
}

export function settingsHandlers(ctx: SettingsContext, checks: SupervisorChecks): { 'settings.get': Handler<'settings.get'>; 'settings.update': Handler<'settings.update'> } {
  const { settings, vault, accounts } = ctx
  const { requirePin } = checks
  const view = (next: Settings) => settingsView(next, vault, accounts, ctx.system.info().mode)

  return {
    'settings.get': () => view(settings.get()),
    'settings.update': async ({ pin, patch }) => {
      await requirePin(pin)
      const { staging, production, ...rest } = patch
      const backends = { ...(staging !== undefined ? { staging } : {}), ...(production !== undefined ? { production } : {}) }
      const change: SettingsPatch = { ...rest, ...(Object.keys(backends).length > 0 ? { backends } : {}) }
      const profile = ctx.hub?.profile
      // What the box office's profile sets, and does not let this device change, is the profile's alone.
      const locked = profile?.locked().filter((name) => name in change) ?? []
      if (locked.length > 0) throw staffError('settings.set-by-hub', 'errors.settings.setByHub', `${locked.join(', ')} is set by the hub's profile`)
      const saved = await changeSettings(ctx, change)
      profile?.overridden(Object.keys(change))
      return saved
    },
  }
}

/**
 * A change to settings, checked whole, a backend switch connected before anything is saved, then saved
 * and pushed to every screen: a supervisor's change on the staff screen, and a profile from the hub
 * (electron/hub-link/profile-follower.ts), alike.
 */
export async function changeSettings(ctx: SettingsContext, change: SettingsPatch): Promise<SettingsView> {
  const { settings } = ctx
  const before = settings.get()
  // The whole change is checked first, so a bad field refuses it before anything connects.
  const candidate = await refusedAsInvalid(() => settings.preview(change))
  requireRealBoxOfficeEmail(candidate)
  const switching = candidate.backend !== before.backend
  // New addresses for the vendor backend Foyer sells through now: it connects to them the same way
  // (checked first, then the old connection's holds given back), or the change would wait for a restart.
  // Likewise another card terminal: the vendor connection carries the terminal it pays at.
  const readdressing =
    !switching && ctx.sales.kind === candidate.backend && (vendorAddressChanged(before, candidate) || (candidate.backend !== 'sandbox' && terminalChanged(before, candidate)))
  const previous = ctx.sales.kind
  if (switching || readdressing) {
    // A backend switch is tried before anything is saved. The connection uses the candidate
    // settings, because the same change may carry the very configuration being switched to (a
    // new staging address with "sell through staging"). SalesRuntime.switchTo connects, checks
    // the new backend answers, and only then gives back the old one's holds and uses the new.
    // If it fails, nothing was saved or published and the old backend still sells with its holds.
    await ctx.sales.switchTo(candidate.backend, candidate, { reconnect: readdressing }).catch((error: unknown) => {
      throw switchFailed(error)
    })
  }
  let after: Settings
  try {
    after = await refusedAsInvalid(() => settings.update(change))
  } catch (error) {
    // Not saved (the file could not be written): go back, so this run sells where the file says.
    if ((switching || readdressing) && previous) await ctx.sales.switchTo(previous, undefined, { reconnect: readdressing }).catch(() => {})
    throw error
  }
  // Judged against the running mode, not the saved one: a machine started as a counter (FOYER_MODE) whose
  // staff save "counter" stays one, and saving "self-service" there does change it.
  const running = ctx.system.info()
  if (after.backend !== before.backend || (change.mode !== undefined && change.mode !== running.mode)) {
    ctx.system.update({ backend: after.backend, mode: change.mode ?? running.mode })
    ctx.pushes.publish('system.changed', ctx.system.info())
  }
  const saved = await settingsView(after, ctx.vault, ctx.accounts, ctx.system.info().mode)
  // Every screen follows the saved times (hold, idle, sign-out) at once, without a reload.
  ctx.pushes.publish('settings.changed', saved)
  return saved
}
