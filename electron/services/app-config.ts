import { readFileSync } from 'node:fs'
import { isAbsolute } from 'node:path'
import { appModeSchema, backendKindSchema, type AppMode, type BackendKind } from '../contract'
import { MAX_EXTRA_EVENTS } from '../sandbox/seed/extra/extra-events'
import { MIN_ENROLMENT_LENGTH, normaliseEnrolmentCode } from '../settings/enrolment'
import { printerSettingsSchema, type PrinterSettings } from '../settings/printer-settings'

/**
 * Start-up choices from the environment, which override the settings file for
 * one run. Invalid values are refused with a clear message rather than
 * silently replaced, so a mistyped kiosk configuration is noticed.
 */
export interface StartupConfig {
  /** Overrides of the settings file for this run (development, tests); absent = as settings say. */
  mode?: AppMode
  backend?: BackendKind
  /** Generated events the built-in sandbox adds to its training catalogue (tests, benchmarks); absent = none. */
  sandboxExtraEvents?: number
  /** Events carrying an XSS corpus in their texts, added to the built-in sandbox (FOYER_SANDBOX_XSS=1, security tests). */
  sandboxXss?: boolean
  /**
   * The training sandbox's port (FOYER_SANDBOX_PORT): where a trainer, or a test, reaches the training
   * card terminal's controls (plug it out, a card presented); absent: any free port.
   */
  sandboxPort?: number
  /** The one-time code that sets the first staff PIN, provided by the installer or ops (FOYER_ENROLMENT_CODE). */
  enrolmentCode?: string
  /** The ticket printer for this run, over the staff setting (FOYER_PRINTER: system, ipp://host[:port]/queue, escpos://host[:port], fgl://host[:port]). */
  printer?: PrinterSettings
}

/** FOYER_PRINTER as a printer setting, checked by the settings' own rules; null when it is not one. */
export function printerFromEnv(text: string): PrinterSettings | null {
  const found = /^(ipp|escpos|fgl):\/\/([^/]+)(?:\/(.+))?$/.exec(text)
  const candidate =
    text === 'system'
      ? { kind: 'system' }
      : found?.[1] === 'ipp'
        ? { kind: 'ipp', address: found[2], queue: found[3] ?? '' }
        : found && !found[3]
          ? { kind: 'raw', address: found[2], language: found[1] }
          : null
  const parsed = printerSettingsSchema.safeParse(candidate)
  return parsed.success ? parsed.data : null
}

export function readStartupConfig(env: NodeJS.ProcessEnv = process.env): StartupConfig {
  const config: StartupConfig = {}
  if (env.FOYER_MODE !== undefined) {
    const mode = appModeSchema.safeParse(env.FOYER_MODE)
    if (!mode.success) throw new Error(`FOYER_MODE must be one of ${appModeSchema.options.join(', ')}`)
    config.mode = mode.data
  }
  if (env.FOYER_BACKEND !== undefined) {
    const backend = backendKindSchema.safeParse(env.FOYER_BACKEND)
    if (!backend.success) throw new Error(`FOYER_BACKEND must be one of ${backendKindSchema.options.join(', ')}`)
    config.backend = backend.data
  }
  if (env.FOYER_SANDBOX_EXTRA_EVENTS !== undefined && env.FOYER_SANDBOX_EXTRA_EVENTS !== '') {
    const count = Number(env.FOYER_SANDBOX_EXTRA_EVENTS)
    if (!Number.isInteger(count) || count < 0 || count > MAX_EXTRA_EVENTS) {
      throw new Error(`FOYER_SANDBOX_EXTRA_EVENTS must be a whole number from 0 to ${MAX_EXTRA_EVENTS}`)
    }
    config.sandboxExtraEvents = count
  }
  if (env.FOYER_SANDBOX_XSS !== undefined && env.FOYER_SANDBOX_XSS !== '' && env.FOYER_SANDBOX_XSS !== '0') {
    if (env.FOYER_SANDBOX_XSS !== '1') throw new Error('FOYER_SANDBOX_XSS must be 1 (or 0 or empty for none)')
    config.sandboxXss = true
  }
  if (env.FOYER_SANDBOX_PORT !== undefined && env.FOYER_SANDBOX_PORT !== '') {
    const port = Number(env.FOYER_SANDBOX_PORT)
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('FOYER_SANDBOX_PORT must be a port number from 1 to 65535')
    config.sandboxPort = port
  }
  if (env.FOYER_ENROLMENT_CODE !== undefined && env.FOYER_ENROLMENT_CODE !== '') {
    if (normaliseEnrolmentCode(env.FOYER_ENROLMENT_CODE).length < MIN_ENROLMENT_LENGTH) {
      throw new Error(`FOYER_ENROLMENT_CODE must have at least ${MIN_ENROLMENT_LENGTH} letters or digits`)
    }
    config.enrolmentCode = env.FOYER_ENROLMENT_CODE
  }
  if (env.FOYER_PRINTER !== undefined && env.FOYER_PRINTER !== '') {
    const printer = printerFromEnv(env.FOYER_PRINTER)
    if (!printer) throw new Error('FOYER_PRINTER must be system, ipp://host[:port]/queue, escpos://host[:port] or fgl://host[:port]')
    config.printer = printer
  }
  return config
}

/** The version in package.json, for hosts that are not Electron (which has app.getVersion()). */
export function packageVersion(packageJsonUrl: URL): string {
  const parsed = JSON.parse(readFileSync(packageJsonUrl, 'utf8')) as { version?: unknown }
  return typeof parsed.version === 'string' ? parsed.version : '0.0.0'
}

/**
 * Where an unpackaged Electron run keeps its data (FOYER_DATA_DIR), so tests
 * and developers can run several Foyers side by side: the single-instance
 * lock and the sales journal live in the user data folder. `memory` means a
 * fresh throwaway folder for the lock and nothing kept (as in the browser
 * host). A packaged kiosk always uses its own user data folder: an
 * environment variable must not move a venue's journal.
 */
export interface ElectronDataDir {
  /** The folder to use as Electron's userData. */
  userData: string
  /** Whether Foyer keeps its state there (false: in memory). */
  keep: boolean
}

export function electronDataDir(env: NodeJS.ProcessEnv, packaged: boolean, makeTemp: () => string): ElectronDataDir | null {
  const wanted = env.FOYER_DATA_DIR
  if (packaged || wanted === undefined || wanted === '') return null
  if (wanted === 'memory') return { userData: makeTemp(), keep: false }
  if (!isAbsolute(wanted)) throw new Error('FOYER_DATA_DIR must be an absolute path, or memory')
  return { userData: wanted, keep: true }
}
