import type { SalesApi } from '../api/sales-api'
import type { HoldManager } from '../holds/hold-manager'
import type { Logger } from '../ipc-core/logger'
import { PushBus } from '../ipc-core/push-bus'
import { PatronRetention } from '../journal/patron-retention'
import type { DocumentPrinter } from '../printing/printer-port'
import { SETTING_DEFAULTS, type BackendKind, type SaleLanguage } from '../contract'
import { DEFAULT_COUNTER_LOCK_MINUTES, DEFAULT_PATRON_DATA_DAYS } from '../settings/settings-schema'
import { openLocalDb, type LocalDb } from '../database/local-db'
import { WalCheckpoints } from '../database/wal-checkpoints'
import { createAppServices, type AppServices } from './app-services'
import { stderrLogger } from '../ipc-core/logger'
import type { BackendConnection } from './backend-connection'
import { ConnectivityMonitor, probeBackend } from './connectivity'
import type { AdminHandlers } from './admin-service'
import { AudioGuidance } from './audio-guidance'
import { CounterDesk, type StaffCheck } from '../counter/counter-desk'
import { CounterIdle, type CounterIdleOptions } from './counter-idle'
import { counterPrinterHandler, type CounterPrinterSwitch } from './counter-printer'
import { PrinterReadiness } from './printer-readiness'
import { printerHandlers, type AskablePrinter } from './printer-service'
import { salesHandlers, type SalesContext } from './sales-service'
import { SalesRuntime, type SalesRuntimeOptions } from './sales-runtime'
import { SystemInfoService, type SystemFacts } from './system-info'
import { startHubLink, type HubLinkPieces } from './hub-service'
import type { HubLink } from '../hub-link/hub-link'
import { hubRecordPayloads } from '../hub-link/journal-records'
import type { CredentialVault } from '../vault/credential-vault'
import { saleInProgress } from './update-gate'
import { drawerHandlers, startCashDrawer, type CashDrawerPieces } from './drawer-service'
import { CustomerDisplay } from './customer-display'

/**
 * Everything main runs, started and stopped in order: the kiosk's database, the
 * connected backend with its API client and hold manager (which first releases
 * what a crashed run left held), and the services behind the contract.
 */
export interface RuntimeOptions {
  facts: Omit<SystemFacts, 'backend'>
  /** The user data folder; null keeps everything in memory (tests, throwaway runs). */
  dataDir: string | null
  /** The backend to sell against at start. */
  backend?: BackendKind
  /** How to connect to a backend; a fixed `connection` stands for one that never changes. */
  connect?: SalesRuntimeOptions['connect']
  connection?: BackendConnection
  log?: Logger
  /** The machine's staff accounts, checked under the PIN lockout (absent: nobody signs in at a counter). */
  staff?: StaffCheck
  /** The staff services, built over the runtime's pieces (absent: those channels answer "unavailable"). */
  admin?: (runtime: { sales: SalesRuntime; pushes: PushBus; system: SystemInfoService; db: LocalDb; readiness: PrinterReadiness; hub: HubLink | null }) => AdminHandlers
  /** Checkout tuning, and the crash tests' step hook. */
  checkout?: SalesRuntimeOptions['checkout']
  /** Serve the screens while recovery runs (see SalesRuntimeOptions); off, start waits for it. */
  serveDuringRecovery?: boolean
  /** The ticket and receipt printer (none: nothing is printed). */
  printer?: DocumentPrinter | null
  /** The printer staff chose, when Foyer can ask it whether it can print (absent or null: the system printer, taken as ready). */
  askablePrinter?: () => AskablePrinter | null
  /** The counter's switch to the system printer, applied to the choice behind `printer` and `askablePrinter` (absent: none). */
  printerSwitch?: CounterPrinterSwitch
  /** How often that printer is asked while nothing is sold; 10 s. */
  printerPollMs?: number
  /** Days the journal keeps patron data (the staff setting, read at each purge); 30 when absent. */
  patronDataDays?: () => number
  /** How far a counted drawer may be off before a supervisor approves the close (the staff setting); S$5 when absent. */
  cashToleranceCents?: () => number
  /** When the printer cannot print, a self-service kiosk sells e-tickets only (the staff setting, read at each sale); off when absent. */
  eticketsWhenCannotPrint?: () => boolean
  /** The box office's own e-mail (the staff setting, read at each order); the training placeholder when absent. */
  boxOfficeEmail?: () => string
  /** The counter's auto sign-out (the staff setting, read at each look; 5 minutes when absent), and a clock and pace tests set. */
  counterIdle?: Partial<Omit<CounterIdleOptions, 'onIdleSignOut' | 'busy'>>
  /** A customer's audio mode: how many times longer, and the idle time it lengthens (the staff settings, read at each use); 2 and 60 s when absent. */
  audioGuidance?: { timeFactor: () => number; idleSeconds: () => number }
  /** The keychain the hub's device token is kept in; absent: no link to a hub (the hub channels answer "unavailable"). */
  hub?: { vault: CredentialVault; tuning?: HubLinkPieces['tuning']; settings?: HubLinkPieces['settings']; update?: HubLinkPieces['update']; supportDir?: string }
  /** The counter's cash drawer on the receipt printer (the staff settings); absent: none. */
  cashDrawer?: CashDrawerPieces
  /** How often an unreachable backend is asked again, and a quiet reachable one (tests shorten these). */
  connectivity?: { recheckMs?: number; heartbeatMs?: number }
  /** The venue's first language (the staff setting): the customer display starts each customer in it; English when absent. */
  firstLanguage?: () => SaleLanguage
  /** Whether this counter shows a customer display (the staff setting, read at each step); absent: every counter does. */
  customerDisplayShown?: () => boolean
}

export interface Runtime {
  services: AppServices
  sales: SalesRuntime
  /** The current backend's API client and hold manager (throws when none is connected). */
  readonly api: SalesApi
  readonly holds: HoldManager
  /** Gives every hold back and stops, as on quit. */
  close(): Promise<void>
}

/** How the runtime connects to a backend (the caller's `connect`, or its one fixed connection), and the backend it starts on. */
function startingBackend(options: RuntimeOptions): { connect: SalesRuntimeOptions['connect']; backend: BackendKind } {
  const { connection } = options
  const connect =
    options.connect ??
    (async () => {
      if (!connection) throw new Error('startRuntime needs `connect` or `connection`')
      return connection
    })
  const backend = options.backend ?? connection?.endpoints.kind ?? 'sandbox'
  return { connect, backend }
}

/** Reachability is part of the system facts, pushed when it changes, so every screen can say "offline". */
function watchReachability(options: RuntimeOptions, system: SystemInfoService, pushes: PushBus, connected: () => SalesContext | null): ConnectivityMonitor {
  return new ConnectivityMonitor({
    ...options.connectivity,
    probe: async (): Promise<boolean> => {
      const context = connected()
      return context ? probeBackend(context.api.endpoints.baseUrl) : true
    },
    onChange: (reachable) => {
      if (system.setReachable(reachable)) pushes.publish('system.changed', system.info())
    },
  })
}

/**
 * Main's own count of a counter left alone (./counter-idle.ts): signed out, the screen is told so it shows
 * the sign-in, and the seats the till held go back, as the renderer's own sign-out gives them back.
 */
function idleSignOut(options: RuntimeOptions, counter: CounterDesk, pushes: PushBus, connected: () => SalesContext | null, log: Logger): CounterIdle {
  return new CounterIdle(counter, {
    minutes: () => DEFAULT_COUNTER_LOCK_MINUTES,
    ...options.counterIdle,
    // A sale between its order and its tickets (by the vendor's clock, which its invoice lapses by).
    busy: () => {
      const context = connected()
      return context !== null && context.checkout.journal.unfinished().some((sale) => saleInProgress(sale, context.api.clock.now()))
    },
    onIdleSignOut: (_member, minutes) => {
      pushes.publish('counter.signedOut', { why: 'idle', minutes })
      connected()
        ?.holds.releaseAll()
        .catch((error: unknown) => log.warn('could not give back the seats of a counter signed out for idleness', { error }))
    },
  })
}

/** The chosen printer's state, asked while no sale is between its order and its tickets (a raw printer takes one connection). */
function printerReadiness(options: RuntimeOptions, pushes: PushBus, connected: () => SalesContext | null, log: Logger): PrinterReadiness {
  return new PrinterReadiness({
    printer: options.askablePrinter ?? (() => null),
    pushes,
    log,
    pollMs: options.printerPollMs,
    busy: () => {
      const context = connected()
      return context !== null && context.checkout.journal.unfinished().some((sale) => saleInProgress(sale, context.api.clock.now()))
    },
  })
}

/**
 * The backends sold through, and main's memory of whether the customer at the screen is in audio mode
 * (./audio-guidance.ts): it lengthens the holds taken through whichever backend is connected (within the
 * vendor's hold), and ends with the customer's session.
 */
function salesAndAudioGuidance(
  options: RuntimeOptions,
  system: SystemInfoService,
  pieces: Pick<SalesRuntimeOptions, 'db' | 'pushes' | 'log' | 'connect' | 'fetch' | 'drawer' | 'recordPayloads'>,
): { sales: SalesRuntime; audio: AudioGuidance } {
  const runtime = { ...pieces, checkout: options.checkout, serveDuringRecovery: options.serveDuringRecovery, printer: options.printer ?? null }
  const audio: AudioGuidance = new AudioGuidance({
    timeFactor: () => SETTING_DEFAULTS.audioTimeFactor,
    idleSeconds: () => SETTING_DEFAULTS.idleSeconds,
    ...options.audioGuidance,
    holdWindowMs: () => sales.context?.holds.windowMs ?? null,
    mode: () => system.info().mode,
  })
  const sales = new SalesRuntime({ ...runtime, lengthenHolds: () => audio.factor() })
  return { sales, audio }
}

/** What the customer display shows (./customer-display.ts), over whichever backend is connected. */
function customerDisplayOf(options: RuntimeOptions, pushes: PushBus, log: Logger, sales: SalesRuntime, counter: CounterDesk, system: SystemInfoService): CustomerDisplay {
  // Served by the first name of who is signed in: nothing more of the staff faces the customer.
  const servedBy = () => counter.who()?.name.trim().split(/\s+/)[0]?.slice(0, 40) ?? null
  const shown = () => system.info().mode === 'counter' && (options.customerDisplayShown?.() ?? true)
  const display = new CustomerDisplay({ pushes, log, connected: () => sales.context, firstLanguage: options.firstLanguage, servedBy, shown })
  // Main signed the counter out by itself (idle, account disabled): the sale is over for the display too.
  pushes.attach((name) => {
    if (name === 'counter.signedOut') display.ended()
  })
  return display
}

/** Sells on `backend`, if it can be connected now. */
async function connectAtStart(sales: SalesRuntime, backend: BackendKind, log: Logger): Promise<void> {
  try {
    await sales.use(backend)
  } catch (error) {
    // A vendor backend that cannot be connected (not configured, no secret) leaves the kiosk
    // running without a sale, so staff can reach the settings and put it right.
    log.warn(`could not connect to the ${backend} backend`, { reason: (error as Error).message })
  }
}

/** The runtime as main holds it: the current backend's pieces read at each use, and `close` as the caller stops it. */
function runtimeHandle(services: AppServices, sales: SalesRuntime, close: () => Promise<void>): Runtime {
  const current = () => {
    const context = sales.context
    if (!context) throw new Error('no backend is connected')
    return context
  }
  return {
    services,
    sales,
    get api() {
      return current().api
    },
    get holds() {
      return current().holds
    },
    close,
  }
}

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const log = options.log ?? stderrLogger
  const db = openLocalDb(options.dataDir)
  // The journal's log copied back while nothing is written, not inside a sale's step (../database/wal-checkpoints.ts).
  const checkpoints = new WalCheckpoints(db)
  checkpoints.start()
  const pushes = new PushBus()
  const { connect, backend } = startingBackend(options)
  const system = new SystemInfoService({ ...options.facts, backend })
  // Who is signed in at the counter: the sale files each sale, refund and shift under them.
  const counter = new CounterDesk(system, options.staff)
  const counterIdle = idleSignOut(options, counter, pushes, () => sales.context, log)
  const connectivity = watchReachability(options, system, pushes, () => sales.context)
  const drawer = options.cashDrawer ? startCashDrawer(options.cashDrawer, db, pushes, counter, () => sales.context) : null
  const fetch = connectivity.watch((input, init) => globalThis.fetch(input, init))
  // The journal writes each record for the hub as its step happens, the patron in it only as the staff's window allows.
  const patronDays = options.patronDataDays ?? (() => DEFAULT_PATRON_DATA_DAYS)
  const recordPayloads = hubRecordPayloads(db, patronDays)
  const { sales, audio } = salesAndAudioGuidance(options, system, { db, pushes, log, connect, fetch, drawer, recordPayloads })
  await connectAtStart(sales, backend, log)
  connectivity.start()
  const readiness = printerReadiness(options, pushes, () => sales.context, log)
  // The journal forgets patrons' e-mails, names, phones and addresses past the staff's window: now, then hourly.
  const retention = new PatronRetention({ db, log, days: patronDays })
  retention.start()
  // The box office's hub, when this device is connected to one: heartbeats, the journal uploaded, a revoke obeyed.
  const roster = options.staff?.roster
  const linked = options.hub ? startHubLink({ db, log, system, pushes, sales, readiness, drawer, dataDir: options.dataDir, patronDays, counter, roster, ...options.hub }) : null
  const hub = linked?.link ?? null
  const services = createAppServices({
    ...options.facts,
    backend,
    log,
    pushes,
    system,
    sales: salesHandlers(() => sales.context, () => system.info().mode, options.boxOfficeEmail, counter, options.cashToleranceCents, {
      ask: () => readiness.check(),
      eticketsWhenCannotPrint: options.eticketsWhenCannotPrint ?? (() => false),
    }, (showStart) => linked?.service?.showCutOff(showStart) ?? null, (code, at) => hub?.findSale(code, at) ?? Promise.resolve(null)),
    counter,
    counterIdle,
    audioGuidance: audio,
    drawer: drawerHandlers(drawer, () => system.info().mode),
    customerDisplay: customerDisplayOf(options, pushes, log, sales, counter, system),
    admin: options.admin?.({ sales, pushes, system, db, readiness, hub }),
    printer: { ...printerHandlers(readiness), ...(options.printerSwitch ? counterPrinterHandler(options.printerSwitch, readiness, () => system.info().mode) : {}) },
    // Revoked, or closed by the box office's rules (a customer already in a sale finishes it first).
    outOfService: () => system.revokedByHub || (linked?.service?.closed() ?? false),
  })
  counterIdle.start()
  readiness.start()
  return runtimeHandle(services, sales, async () => {
    counterIdle.stop()
    drawer?.close()
    readiness.stop()
    connectivity.stop()
    retention.stop()
    linked?.service?.stop()
    await hub?.stop()
    roster?.useVenue(null)
    await sales.disconnect()
    checkpoints.stop()
    db.close()
  })
}
