import { z } from 'zod'
import { VendorAddress } from '../../hub/protocol'
import { AUDIO_TIME_FACTOR, appModeSchema, backendKindSchema, CUSTOMER_EMAIL_PATTERN, saleLanguageSchema, SETTING_DEFAULTS, terminalPlaceSchema, TRAINING_BOX_OFFICE_EMAIL } from '../contract'
import { cashDrawerSchema, displayIdSchema, STATION_DEFAULTS } from '../contract/counter-station'
import { TENANT_PATTERN } from '../vault/credential-vault'
import { DEFAULT_PRINTER, printerSettingsSchema } from './printer-settings'
import { INSTALLATION_ID_PATTERN, terminalSettingsSchema } from './terminal-settings'
import { PIN_HASH_PATTERN } from './staff-pin'
import { DEFAULT_CHECK_MINUTES, MAX_CHECK_MINUTES, MIN_CHECK_MINUTES, updateFeedUrl } from './update-rules'

/**
 * The shape of settings.json. Every object is strict: an unknown key is an
 * error, never silently kept, so a secret (a `clientSecret`, a token) cannot
 * end up in this file by mistake. Secrets belong in the credential vault.
 */

const backendConfigSchema = z
  .object({
    // A vendor address's rule is the hub protocol's, so a profile from the hub offers just what this file takes.
    baseUrl: VendorAddress,
    authUrl: VendorAddress,
    imageBaseUrl: VendorAddress,
    tenant: z.string().regex(TENANT_PATTERN, { error: 'must be 1 to 64 characters of A-Z, a-z, 0-9, ".", "_" or "-"' }),
    // A public OAuth client id, not the secret; printable ASCII without spaces.
    clientId: z.string().regex(/^[\x21-\x7e]{1,200}$/, { error: 'must be 1 to 200 printable characters without spaces' }),
  })
  .strict()
export type BackendConfig = z.infer<typeof backendConfigSchema>

const backendsSchema = z
  .object({
    staging: backendConfigSchema.nullable(),
    production: backendConfigSchema.nullable(),
  })
  .strict()

/**
 * Whether and where this kiosk looks for a new Foyer (services/update-feed.ts
 * reads these; environment variables still override them for ops and testing).
 */
const updatesSchema = z
  .object({
    enabled: z.boolean(),
    // null: the feed the installer was built with (app-update.yml).
    feedUrl: z
      .string()
      .max(2048)
      .refine((value) => updateFeedUrl(value) !== null, { error: 'must be an https address (plain http only on this machine) without credentials' })
      .nullable(),
    checkEveryMinutes: z.int().min(MIN_CHECK_MINUTES).max(MAX_CHECK_MINUTES),
    // A training kiosk (the sandbox backend) is left alone unless staff say otherwise.
    onTraining: z.boolean(),
  })
  .strict()
export type UpdateSettings = z.infer<typeof updatesSchema>

/** On, from the installer's own feed, every 4 hours, but not while selling against the training sandbox. */
export const DEFAULT_UPDATE_SETTINGS: Readonly<UpdateSettings> = Object.freeze({
  enabled: true,
  feedUrl: null,
  checkEveryMinutes: DEFAULT_CHECK_MINUTES,
  onTraining: false,
})

/** Every language Foyer speaks, English (the venue's own default) first. */
export const DEFAULT_LANGUAGES = Object.freeze([...saleLanguageSchema.options])

/**
 * How long a sale's patron data (e-mail, names, phone, delivery address) stays
 * in the journal: long enough to answer "where are my tickets?", no longer.
 */
export const DEFAULT_PATRON_DATA_DAYS = SETTING_DEFAULTS.patronDataDays
export const MIN_PATRON_DATA_DAYS = 1
export const MAX_PATRON_DATA_DAYS = 365

// The contract holds these defaults, so the staff screen shows the same ones before it has heard from main.
export const DEFAULT_CASH_TOLERANCE_CENTS = SETTING_DEFAULTS.cashToleranceCents
export const DEFAULT_COUNTER_LOCK_MINUTES = SETTING_DEFAULTS.counterLockMinutes

// The training address and its test live in the contract (the staff screen warns by the same test); the admin
// service refuses counter mode on a vendor backend while it is still in place, so no real sale goes out under it.
export { TRAINING_BOX_OFFICE_EMAIL, isPlaceholderEmail } from '../contract'

const fieldSchemas = {
  mode: appModeSchema,
  backend: backendKindSchema,
  // How long seats stay held while a customer pays; the vendor's holds last about this long.
  holdWindowMinutes: z.int().min(1).max(120),
  // Seconds without a touch before a self-service kiosk returns to the attract screen.
  idleSeconds: z.int().min(10).max(3600),
  staffPinHash: z.string().regex(PIN_HASH_PATTERN, { error: 'must be a hash from hashPin(), never a PIN' }).nullable(),
  // The box office's own address: the guest patron of an anonymous walk-up sale at the counter.
  boxOfficeEmail: z.string().max(254).regex(CUSTOMER_EMAIL_PATTERN, { error: 'must be an e-mail address' }),
  // Days the sales journal keeps a patron's e-mail, names, phone and delivery address (journal/patron-retention.ts).
  patronDataDays: z.int().min(MIN_PATRON_DATA_DAYS).max(MAX_PATRON_DATA_DAYS),
  // How far a counted drawer may be off before a supervisor must approve the shift's close (0 to S$1,000).
  cashToleranceCents: z.int().min(0).max(100_000),
  // Minutes without a touch before a counter signs its cashier out (1 to 120).
  counterLockMinutes: z.int().min(1).max(120),
  // A self-service kiosk whose ticket printer cannot print sells e-tickets only, saying so, instead of nothing (#24).
  eticketsWhenCannotPrint: z.boolean(),
  // The languages customers and cashiers may choose, the venue's first language first: the attract screen and
  // every next customer start in it. Each at most once; at least one, or nobody could read the screen.
  languages: z
    .array(saleLanguageSchema)
    .min(1)
    .max(saleLanguageSchema.options.length)
    .refine((languages) => new Set(languages).size === languages.length, { error: 'must name each language at most once' }),
  // How many times longer a customer in audio mode gets for the idle time and a new seat hold (issue #33); the hold
  // still never outlasts the vendor's (holds/hold-expiry.ts), so this bounds what a screen claiming audio mode gets.
  audioTimeFactor: z.int().min(AUDIO_TIME_FACTOR.min).max(AUDIO_TIME_FACTOR.max),
  // Where the card terminal is as the customer faces this kiosk, for the payment screen to say in audio mode.
  terminalPlace: terminalPlaceSchema,
  // The cash drawer on the receipt printer's drawer port (pin 2 or pin 5), or none (issue #34).
  cashDrawer: cashDrawerSchema,
  // A counter shows the customer what they buy on a second screen: which one (null: the first that is not the cashier's).
  customerDisplay: z.boolean(),
  customerDisplayId: displayIdSchema.nullable(),
  // A counter reads a keyboard-wedge barcode scanner: a scanned ticket or reference opens its sale.
  barcodeScanner: z.boolean(),
}

/** The backend a kiosk sells against must be configured, or it would start with nowhere to sell. */
function selectedBackendIsConfigured(settings: { backend: string; backends: Record<string, unknown> }): boolean {
  return settings.backend === 'sandbox' || settings.backends[settings.backend] != null
}
const selectedBackendIssue = { error: 'is not configured in backends', path: ['backend'] }

/** A card terminal is set up only with the id this installation gives itself at the terminal. */
function terminalHasInstallationId(settings: { terminal: unknown; installationId: string | null }): boolean {
  return settings.terminal === null || settings.installationId !== null
}
const installationIdIssue = { error: 'must be set when a card terminal is', path: ['installationId'] }

/** A drawer opens on an ESC/POS pulse: it hangs off a network ESC/POS receipt printer, or nothing can open it. */
function drawerHasItsPrinter(settings: { cashDrawer: string; printer: { kind: string; language?: string } }): boolean {
  return settings.cashDrawer === 'none' || (settings.printer.kind === 'raw' && settings.printer.language === 'escpos')
}
const drawerIssue = { error: 'needs the receipt printer to be a network ESC/POS printer (raw, ESC/POS): its drawer port opens the drawer', path: ['cashDrawer'] }

/**
 * Version 2 added `boxOfficeEmail`, version 3 `updates`, version 4 `patronDataDays`, version 5
 * `terminal` and `installationId`, version 6 `cashToleranceCents` and `counterLockMinutes`
 * (and the shared PIN's hash moved to staff-accounts.json: host-runtime.ts), version 7 `printer`, version 8
 * `eticketsWhenCannotPrint`, version 9 `languages`, version 10 `audioTimeFactor` and `terminalPlace`, version 11 the counter's
 * station (`cashDrawer`, `customerDisplay`, `customerDisplayId`, `barcodeScanner`). Older files are
 * migrated on reading (see migrateSettings).
 */
export const SETTINGS_VERSION = 11

/**
 * Brings a settings file written by an older Foyer up to SETTINGS_VERSION, one
 * version at a time, so an upgrade keeps the PIN, mode and vendor backends
 * instead of moving the file aside. Anything that is not a recognised older
 * file is returned unchanged for the schema to judge (and refuse).
 */
export function migrateSettings(json: unknown): unknown {
  let current = json
  for (;;) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return current
    const version = (current as { version?: unknown }).version
    const step = typeof version === 'number' ? migrations[version] : undefined
    if (!step) return current
    const next = step(current as Record<string, unknown>)
    // A step that declines (the file does not fit its version) ends the chain.
    if (next === current) return current
    current = next
  }
}

const STATION_KEYS = Object.keys(STATION_DEFAULTS)

/** One step per old version: takes a file of version n, answers version n + 1. */
const migrations: Record<number, (old: Record<string, unknown>) => unknown> = {
  // Version 1 had no box office e-mail: walk-up sales start on the training placeholder.
  // A version-1 file that already has one is not a real version-1 file; it is left for the schema to refuse.
  1: (old) => ('boxOfficeEmail' in old ? old : { ...old, version: 2, boxOfficeEmail: TRAINING_BOX_OFFICE_EMAIL }),
  // Version 2 updated from the environment only: the staff setting starts as the defaults (what
  // a kiosk without those variables did), and any variables the kiosk has still override it.
  2: (old) => ('updates' in old ? old : { ...old, version: 3, updates: { ...DEFAULT_UPDATE_SETTINGS } }),
  // Version 3 kept patron data forever: from now on it is kept for the default window, then forgotten.
  3: (old) => ('patronDataDays' in old ? old : { ...old, version: 4, patronDataDays: DEFAULT_PATRON_DATA_DAYS }),
  // Version 4 had no card terminal for vendor backends: none is set up, and no id is given until one is.
  4: (old) => ('terminal' in old || 'installationId' in old ? old : { ...old, version: 5, terminal: null, installationId: null }),
  // Version 5 closed any drawer without a supervisor and never signed a counter out: the defaults from now on.
  5: (old) =>
    'cashToleranceCents' in old || 'counterLockMinutes' in old
      ? old
      : { ...old, version: 6, cashToleranceCents: DEFAULT_CASH_TOLERANCE_CENTS, counterLockMinutes: DEFAULT_COUNTER_LOCK_MINUTES },
  // Version 6 printed to the system printer only: it still does until staff choose another.
  6: (old) => ('printer' in old ? old : { ...old, version: 7, printer: { ...DEFAULT_PRINTER } }),
  // Version 7's kiosk went out of selling when its printer could not print: it still does until staff allow e-tickets.
  7: (old) => ('eticketsWhenCannotPrint' in old ? old : { ...old, version: 8, eticketsWhenCannotPrint: false }),
  // Version 8 offered every language, English first: it still does until staff choose.
  8: (old) => ('languages' in old ? old : { ...old, version: 9, languages: [...DEFAULT_LANGUAGES] }),
  // Version 9 had no audio guidance: a customer in audio mode gets the default times over, and the terminal's place is unsaid.
  9: (old) =>
    'audioTimeFactor' in old || 'terminalPlace' in old
      ? old
      : { ...old, version: 10, audioTimeFactor: SETTING_DEFAULTS.audioTimeFactor, terminalPlace: SETTING_DEFAULTS.terminalPlace },
  // Version 10 opened no drawer and showed the customer nothing; a scanner was never read: the station's defaults.
  10: (old) => (STATION_KEYS.some((key) => key in old) ? old : { ...old, version: 11, ...STATION_DEFAULTS }),
}


export const settingsSchema = z
  .object({
    version: z.literal(SETTINGS_VERSION),
    ...fieldSchemas,
    backends: backendsSchema,
    updates: updatesSchema,
    // This kiosk's or counter's card terminal (null: none); its passphrase is in the OS keychain, never here.
    terminal: terminalSettingsSchema.nullable(),
    // This installation's id at its terminal (the nexo SaleID), given when a terminal is first set up; never changed after.
    installationId: z.string().regex(INSTALLATION_ID_PATTERN).nullable(),
    // The ticket printer (../printers/chosen-printer.ts): the system printer unless staff chose another.
    printer: printerSettingsSchema,
  })
  .strict()
  .refine(selectedBackendIsConfigured, selectedBackendIssue)
  .refine(terminalHasInstallationId, installationIdIssue)
  .refine(drawerHasItsPrinter, drawerIssue)
export type Settings = z.infer<typeof settingsSchema>

/**
 * A change to settings: any top-level field but `version` and
 * `installationId` (the store gives that itself), within `backends` either
 * backend on its own (a backend's configuration is replaced whole, or set to
 * null to remove it), any of the `updates` fields on their own, and the
 * terminal replaced whole or removed, the printer replaced whole. Strict like the file.
 */
export const settingsPatchSchema = z
  .object({ ...fieldSchemas, backends: backendsSchema.partial(), updates: updatesSchema.partial(), terminal: terminalSettingsSchema.nullable(), printer: printerSettingsSchema })
  .partial()
  .strict()
export type SettingsPatch = z.input<typeof settingsPatchSchema>

/** Freezes an object and everything in it, so shared settings cannot be changed behind the store's back. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner)
    Object.freeze(value)
  }
  return value
}

/**
 * A first run: a self-service kiosk on the sandbox, no vendor backends, no
 * staff PIN yet, the training box office e-mail, updates as the installer set
 * them up, no card terminal (training pays at the sandbox's own).
 */
export const DEFAULT_SETTINGS: Settings = deepFreeze({
  version: SETTINGS_VERSION,
  mode: 'self-service',
  backend: 'sandbox',
  backends: { staging: null, production: null },
  holdWindowMinutes: SETTING_DEFAULTS.holdWindowMinutes,
  idleSeconds: SETTING_DEFAULTS.idleSeconds,
  staffPinHash: null,
  boxOfficeEmail: TRAINING_BOX_OFFICE_EMAIL,
  updates: { ...DEFAULT_UPDATE_SETTINGS },
  patronDataDays: DEFAULT_PATRON_DATA_DAYS,
  cashToleranceCents: DEFAULT_CASH_TOLERANCE_CENTS,
  counterLockMinutes: DEFAULT_COUNTER_LOCK_MINUTES,
  eticketsWhenCannotPrint: false,
  languages: [...DEFAULT_LANGUAGES],
  audioTimeFactor: SETTING_DEFAULTS.audioTimeFactor,
  terminalPlace: SETTING_DEFAULTS.terminalPlace,
  ...STATION_DEFAULTS,
  terminal: null,
  installationId: null,
  printer: { ...DEFAULT_PRINTER },
})

// The refusal names the field and the rule, never the value (./settings-error.ts).
export { SettingsError, describeIssues, settingsErrorFrom } from './settings-error'
