import { tmpdir } from 'node:os'
import { HUB_CONNECT_REFUSALS, type HubLinkView } from '../contract'
import type { Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import type { Logger } from '../ipc-core/logger'
import type { PushBus } from '../ipc-core/push-bus'
import type { CounterDesk } from '../counter/counter-desk'
import type { LocalDb } from '../database/local-db'
import { freeDiskBytes, printerWord, screenWord, terminalWord, type DeviceFacts } from '../hub-link/device-state'
import { HubAddressRefused, readHubConnect } from '../hub-link/hub-address'
import { HubLink, type HubLinkOptions, type HubLinkStatus } from '../hub-link/hub-link'
import { lastSaleAt } from '../hub-link/journal-records'
import type { HubUpdateOrders } from '../hub-link/update-orders'
import type { StaffRoster } from '../settings/venue-staff'
import type { CredentialVault } from '../vault/credential-vault'
import { keychainFailure } from './backend-connection'
import type { PrinterReadiness } from './printer-readiness'
import type { SalesRuntime } from './sales-runtime'
import type { SystemInfoService } from './system-info'
import { saleInProgress } from './update-gate'
import type { CashDrawer } from '../checkout/cash-drawer'
import { followHubProfile, type HubProfileService, type ProfilePieces } from './hub-profile-service'
import { supportFileText } from './support-bundle'

/**
 * The device's link to the box office's hub, made of the runtime's pieces: its heartbeat tells the
 * hub what the system info, the holds, the card terminal, the printer's readiness and the journal
 * know; a revoke shows in system.info (pushed), so the screens go out of service, and main refuses
 * every new sale (app-services.ts).
 */
export interface HubLinkPieces {
  db: LocalDb
  vault: CredentialVault
  log: Logger
  system: SystemInfoService
  pushes: PushBus
  sales: SalesRuntime
  readiness: PrinterReadiness
  dataDir: string | null
  patronDays: () => number
  /** Who is signed in at this counter: signed out when the hub disables their account. */
  counter: CounterDesk
  /** The machine's staff accounts, joined with the venue's once linked (absent: nobody signs in here). */
  roster?: StaffRoster
  /** Tests beat faster and retry sooner. */
  tuning?: Pick<HubLinkOptions, 'intervalMs' | 'backoff' | 'now'>
  /** The counter's cash drawer, for the heartbeat (absent or null: none). */
  drawer?: CashDrawer | null
  /** The settings store the hub's profile is applied through (absent: no profile is followed). */
  settings?: ProfilePieces['settings']
  /** Where the hub's order of which Foyer version to take is kept for the updater (absent: not followed). */
  update?: HubUpdateOrders
  /** The data folder "Save logs for support" reads the logs of: with the settings, the hub may ask for the support file. */
  supportDir?: string
}

/** The support file a manager may ask for from the hub: the one "Save logs for support" makes (support-bundle.ts). */
function supportFileOf(pieces: HubLinkPieces): Pick<HubLinkOptions, 'supportFile'> {
  const { settings, supportDir } = pieces
  if (!settings || !supportDir) return {}
  const ctx = { settings: settings.file, accounts: settings.accounts, vault: pieces.vault, system: pieces.system }
  return { supportFile: () => supportFileText(ctx, { dataDir: supportDir, db: pieces.db, log: pieces.log }, new Date()) }
}

/** The terminal as it answers now; not asked while a sale is between its order and its tickets (it may be taking a card). */
async function terminalNow(sales: SalesRuntime): Promise<DeviceFacts['terminal']> {
  const context = sales.context
  if (!context) return 'not-answering'
  if (context.checkout.journal.unfinished().some((sale) => saleInProgress(sale, context.api.clock.now()))) return 'busy'
  const terminal = context.checkout.terminal
  if (!terminal) return terminalWord(null)
  try {
    return terminalWord((await terminal.check()).state)
  } catch {
    return 'not-answering'
  }
}

/** The drawer as the heartbeat says it: only where one is set up on an ESC/POS printer. */
function drawerFact(drawer: CashDrawer | null): Pick<DeviceFacts, 'drawer'> {
  const view = drawer?.view()
  if (!view || view.state === 'none') return {}
  return { drawer: { state: view.state, openSince: view.openSince } }
}

function deviceFacts(pieces: HubLinkPieces): () => Promise<DeviceFacts> {
  return async () => {
    const info = pieces.system.info()
    const context = pieces.sales.context
    const paying = context?.checkout.journal.unfinished().some((sale) => sale.state === 'paying') ?? false
    return {
      appVersion: info.appVersion,
      mode: info.mode,
      backend: info.backend,
      screen: screenWord(pieces.system.screen, paying),
      seatsHeld: context?.holds.status().count ?? 0,
      terminal: await terminalNow(pieces.sales),
      printer: printerWord(pieces.readiness.current()),
      lastSaleAt: lastSaleAt(pieces.db),
      freeDiskBytes: await freeDiskBytes(pieces.dataDir ?? tmpdir()),
      ...drawerFact(pieces.drawer ?? null),
    }
  }
}

/**
 * The venue's accounts changed (pulled anew, or forgotten on leaving the hub): whoever is signed in
 * here and may no longer sign in (disabled, or their own account dropped) is signed out now, the
 * screen told, and the seats the till held given back, as at an idle sign-out.
 */
function signOutWhoMayNot(pieces: HubLinkPieces): void {
  const who = pieces.counter.who()
  if (!who || !pieces.roster || pieces.roster.maySignIn(who.staffId)) return
  pieces.counter.signOut()
  pieces.log.warn('the hub disabled the account signed in at this counter: signed out')
  pieces.pushes.publish('counter.signedOut', { why: 'account-disabled' })
  pieces.sales.context?.holds.releaseAll().catch((error: unknown) => pieces.log.warn('could not give back the seats of a counter signed out', { error }))
}

/** Starts the link when this device is connected to a hub (nothing runs otherwise); `service` follows its profile and rules. */
export function startHubLink(pieces: HubLinkPieces): { link: HubLink; service: HubProfileService | null } {
  const { system, pushes, roster } = pieces
  const serviceChanged = (out: boolean) => {
    if (system.setRevokedByHub(out)) pushes.publish('system.changed', system.info())
  }
  const service = pieces.settings ? followHubProfile({ ...pieces, settings: pieces.settings, now: pieces.tuning?.now }) : null
  const profile = service ? { profile: service.follower, secrets: service.secrets } : {}
  const link = new HubLink({
    ...pieces,
    ...pieces.tuning,
    facts: deviceFacts(pieces),
    onServiceChange: serviceChanged,
    localStaff: () => roster?.localAccounts() ?? [],
    onStaffChange: () => signOutWhoMayNot(pieces),
    ...profile,
    ...supportFileOf(pieces),
  })
  // The venue's accounts as last pulled sign in here, also while the hub is unreachable.
  roster?.useVenue({
    // Forgotten when the device leaves the hub (HubLink clears them), so these are the hub's while linked.
    accounts: () => link.staff.accounts(),
    settled: (localStaffId) => link.staff.settled(localStaffId),
    pinTry: (staffId, right) => link.pinTry(staffId, right),
  })
  // Revoked before a restart: out of service from the first screen on; closed likewise, by the rules kept.
  system.setRevokedByHub(link.outOfService)
  service?.start()
  link.start()
  return { link, service }
}

export const hubOutOfService = () =>
  new FoyerError({ code: 'hub.out-of-service', messageKey: 'hub.errors.outOfService', retryable: false, detail: 'the box office hub has revoked this device' })

export type HubHandlers = { 'hub.status': Handler<'hub.status'>; 'hub.connect': Handler<'hub.connect'>; 'hub.disconnect': Handler<'hub.disconnect'> }

const view = (status: HubLinkStatus): HubLinkView => ({
  ...status,
  lastHeartbeatAt: status.lastHeartbeatAt === null ? null : new Date(status.lastHeartbeatAt).toISOString(),
})

const camel = (reason: string) => reason.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

/** Every message key the hub's channels (and a sale refused out of service) answer with. */
export const hubMessageKeys = ['hub.errors.outOfService', ...HUB_CONNECT_REFUSALS.map((reason) => `hub.errors.${camel(reason)}`)]

const refused = (reason: (typeof HUB_CONNECT_REFUSALS)[number], retryAfterSeconds?: number) =>
  new FoyerError({ code: `hub.${reason}`, messageKey: `hub.errors.${camel(reason)}`, retryable: reason === 'not-reachable' || reason === 'locked', detail: retryAfterSeconds === undefined ? undefined : `try again in ${retryAfterSeconds} s` })

/** The staff screen's channels for the hub: a supervisor's PIN for each; no answer carries the device token. */
export function hubHandlers(link: HubLink | null, requirePin: (pin: string) => Promise<unknown>, appVersion: () => string): HubHandlers {
  const linked = () => {
    if (!link) throw new FoyerError({ code: 'staff.unavailable', messageKey: 'errors.staff.unavailable', retryable: false })
    return link
  }
  return {
    'hub.status': async ({ pin }) => {
      await requirePin(pin)
      return view(linked().status())
    },
    'hub.connect': async ({ pin, address, code, fingerprint }) => {
      await requirePin(pin)
      let given
      try {
        given = readHubConnect({ address, code, fingerprint })
      } catch (error) {
        if (error instanceof HubAddressRefused) throw refused(error.field)
        throw error
      }
      // A keychain that cannot keep the token is said as such (the code is used: staff ask the hub for another).
      const outcome = await linked()
        .connect(given, appVersion())
        .catch((error: unknown) => Promise.reject(keychainFailure(error)))
      if (!outcome.ok) throw refused(outcome.reason, outcome.retryAfterSeconds)
      return view(linked().status())
    },
    'hub.disconnect': async ({ pin }) => {
      await requirePin(pin)
      await linked()
        .disconnect()
        .catch((error: unknown) => Promise.reject(keychainFailure(error)))
      return view(linked().status())
    },
  }
}
