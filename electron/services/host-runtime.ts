import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BackendKind } from '../contract'
import type { CheckoutOptions } from '../checkout/checkout-service'
import type { Logger } from '../ipc-core/logger'
import type { DocumentPrinter } from '../printing/printer-port'
import type { PrinterChoice } from '../printers/chosen-printer'
import { adaptersOf, salePrinter, type HostLayouts } from '../printing/sale-printer'
import { isAskable } from '../printing/os-queue-printer'
import type { SandboxLauncher } from '../sandbox/process/sandbox-launcher'
import { sharedSandbox } from '../sandbox/process/shared-sandbox'
import { SettingsFile, type Settings } from '../settings/settings-file'
import { prepareEnrolment } from '../settings/enrolment'
import { openPinGate } from '../settings/pin-lockout-file'
import { StaffAccounts } from '../settings/staff-accounts'
import { KeytarVault } from '../vault/keytar-vault'
import { bindLegacySecrets } from '../vault/origin-bound-secret'
import { adminHandlers } from './admin-service'
import { choosePrinter, PRINTER_LABEL } from './printer-service'
import { CounterPrinterSwitch } from './counter-printer'
import type { AppServices } from './app-services'
import type { StartupConfig } from './app-config'
import { startSandboxConnection, vendorConnection, type BackendConnection } from './backend-connection'
import { followKioskLock, type KioskControl } from './kiosk-service'
import { startRuntime } from './runtime'
import type { SalesRuntime } from './sales-runtime'
import { staffCheck } from './staff-service'
import type { SystemFacts } from './system-info'
import { HubUpdateOrders } from '../hub-link/update-orders'

/**
 * What a host (Electron main, the browser host) starts: settings from the user
 * data folder, the OS keychain, the backend they name (the built-in sandbox on
 * first run), the sale and the staff services.
 */
export interface HostRuntime {
  services: AppServices
  /** The connected backend's holds and journal (the updater's gate reads them). */
  sales: SalesRuntime
  /** The staff settings as they are now (the updater reads its feed from them before every check). */
  settings: SettingsFile
  /** The Foyer version the hub lets this device take now, and the updater's report of it (main's updater follows it). */
  hubUpdate?: HubUpdateOrders
  /** The file holding the one-time enrolment code while no staff PIN is set (settings/enrolment.ts), or null. */
  enrolmentFile(): string | null
  close(): Promise<void>
}

/**
 * The chosen printer as readiness asks it (and prints the test ticket), and as a sale's documents print on it (the
 * system printer unless another is chosen); a counter may switch to the system printer for this run while the
 * chosen one cannot print (./counter-printer.ts).
 */
function printersOf(saved: () => PrinterChoice, system: DocumentPrinter | null, layouts: HostLayouts) {
  const printerSwitch = new CounterPrinterSwitch()
  const choice = () => printerSwitch.applied(saved())
  return { printer: salePrinter(choice, system, adaptersOf(layouts), PRINTER_LABEL), askablePrinter: choosePrinter(choice, layouts.raster, isAskable(system) ? system : undefined), printerSwitch }
}

/** Staff's accounts, PIN lockout and first-supervisor enrolment, kept beside the settings. */
async function openStaff(settingsDir: string, settings: SettingsFile, enrolmentCode: string | undefined, log: Logger) {
  // The PIN lockout lives beside the settings, so a restart neither lifts it nor forgets the tries.
  const gate = await openPinGate(settingsDir, { onSaveError: (error) => log.warn('could not save the staff PIN lockout', { error }) })
  // Staff are people: an older Foyer's one shared PIN becomes a supervisor's account (it keeps signing in),
  // and only then leaves settings.json, so a crash in between loses nothing.
  const accounts = await StaffAccounts.open(settingsDir, settings.get().staffPinHash)
  if (settings.get().staffPinHash !== null) await settings.update({ staffPinHash: null })
  const check = staffCheck(accounts, gate)
  // The first supervisor takes a one-time code from the machine, not from whoever touches the screen.
  const enrolment = await prepareEnrolment(settingsDir, { pinSet: accounts.hasSupervisor(), provided: enrolmentCode, log })
  return { gate, accounts, check, enrolment }
}

export async function startHostRuntime(
  overrides: StartupConfig,
  facts: Pick<SystemFacts, 'appVersion' | 'host'>,
  dataDir: string | null,
  log: Logger,
  /**
   * Starts the training sandbox in its own process: utilityProcess in Electron
   * main, child_process.fork in plain Node (no default: the packaged app cannot fork).
   */
  launchSandbox: SandboxLauncher,
  /** The system printer: the Electron printer in the app, the spool printer in the browser host (tickets and receipts, unless staff chose another). */
  printer: DocumentPrinter | null = null,
  /** The kiosk window's lock (Electron main); the browser host has none, and the kiosk channels answer "not here". */
  kiosk: KioskControl | null = null,
  /** The browser host's crash hook for fault tests (electron/browser-host/crash-hook.ts); nothing in the app sets it. */
  afterStep?: CheckoutOptions['afterStep'],
  /** How the host lays documents out for a printer staff choose (PDFs for IPP, dots for raw printers). */
  layouts: HostLayouts = {},
): Promise<HostRuntime> {
  // In memory (tests, throwaway runs) settings still need a folder: a fresh one, forgotten after.
  const settingsDir = dataDir ?? mkdtempSync(join(tmpdir(), 'foyer-settings-'))
  const settings = await SettingsFile.open(settingsDir)
  for (const warning of settings.warnings) log.warn(warning)
  const { gate, accounts, check, enrolment } = await openStaff(settingsDir, settings, overrides.enrolmentCode, log)
  const vault = new KeytarVault()
  const launchShared = sharedSandbox(launchSandbox)
  // Only when vendor backends are configured does this touch the keychain (an upgraded kiosk's bare secrets).
  await bindLegacySecrets(vault, settings.get().backends, (line) => log.warn(line))
  // `candidate`: settings not saved yet (a backend switch connects with them first); absent: the saved ones.
  const connect = (kind: BackendKind, candidate?: Settings): Promise<BackendConnection> =>
    kind === 'sandbox'
      ? startSandboxConnection(launchShared, dataDir, (line) => process.stderr.write(`${line}\n`), overrides.sandboxExtraEvents, overrides.sandboxXss, overrides.sandboxPort)
      : Promise.resolve().then(() => vendorConnection(kind, candidate ? { get: () => candidate } : settings, vault))
  // The printer staff chose (FOYER_PRINTER overrides it for one run), made once per choice; a sale prints on it too.
  const { printer: documents, askablePrinter, printerSwitch } = printersOf(() => overrides.printer ?? settings.get().printer, printer, layouts)
  // The hub's word on which Foyer version to take: written by the hub link, read by main's updater.
  const hubUpdate = new HubUpdateOrders()
  const runtime = await startRuntime({
    facts: { ...facts, mode: overrides.mode ?? settings.get().mode },
    backend: overrides.backend ?? settings.get().backend,
    dataDir,
    connect,
    log,
    ...{ printer: documents, askablePrinter, printerSwitch },
    // A customer whose sale a crash interrupted is told "checking" at once, then where it stands.
    serveDuringRecovery: true,
    ...(afterStep ? { checkout: { afterStep } } : {}),
    patronDataDays: () => settings.get().patronDataDays,
    boxOfficeEmail: () => settings.get().boxOfficeEmail,
    ...{ firstLanguage: () => settings.get().languages[0] ?? 'en-SG', customerDisplayShown: () => settings.get().customerDisplay },
    cashToleranceCents: () => settings.get().cashToleranceCents,
    eticketsWhenCannotPrint: () => settings.get().eticketsWhenCannotPrint,
    // The drawer hangs off the receipt printer staff saved (FOYER_PRINTER's for a run that names one).
    cashDrawer: { setting: () => settings.get().cashDrawer, printer: () => overrides.printer ?? settings.get().printer },
    counterIdle: { minutes: () => settings.get().counterLockMinutes },
    audioGuidance: { timeFactor: () => settings.get().audioTimeFactor, idleSeconds: () => settings.get().idleSeconds },
    staff: check,
    // The hub's profile is applied through this one settings store, as a supervisor's change is; a support file it asks for reads the logs "Save logs for support" reads.
    hub: { vault, settings: { file: settings, accounts }, update: hubUpdate, supportDir: settingsDir },
    // "Save logs for support" reads the journal and <data folder>/logs, and writes to its support/.
    admin: ({ sales, pushes, system, db, readiness, hub }) =>
      adminHandlers({
        ...{ settings, vault, gate, accounts, check, enrolment, sales, system, pushes, connect, kiosk, hub },
        support: { dataDir: settingsDir, db, log },
        printer: { readiness, printer: askablePrinter, systemPrinter: printer },
      }),
  })
  // The kiosk lock follows the mode, shows in system.info and locks itself again at rest.
  const stopKiosk = kiosk ? followKioskLock(kiosk, runtime.services, { log }) : () => {}
  return {
    ...{ services: runtime.services, sales: runtime.sales, settings, hubUpdate },
    enrolmentFile: () => enrolment.keptIn,
    close: () => {
      stopKiosk()
      return runtime.close()
    },
  }
}
