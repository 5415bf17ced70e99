import { z } from 'zod'
import { VendorAddress } from './vendor-address'

/**
 * The shape of each setting a profile may hold, as the hub parses it from the dashboard and a device
 * from the hub. hub/ may not import the device's settings schema (electron/settings/settings-schema.ts),
 * so its rules are written again here, the same ranges, patterns and kinds, and
 * tests/unit/hub-link/profile-setting-shapes.test.ts holds the two to agreeing; a vendor address's rule
 * is the protocol's own (vendor-address.ts), which the device's schema takes from here. What only the device can judge
 * (whether a backend it is told to sell through is configured there, whether a counter on a vendor
 * backend still has the training e-mail) is still judged there, and a refusal comes back on its heartbeat.
 */

/** The languages Foyer speaks; a profile offers some of them, the venue's first language first. */
export const PROFILE_LANGUAGES = ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'] as const
export type ProfileLanguage = (typeof PROFILE_LANGUAGES)[number]

export const SETTING_LIMITS = {
  holdWindowMinutes: { min: 1, max: 120 },
  idleSeconds: { min: 10, max: 3600 },
  patronDataDays: { min: 1, max: 365 },
  /** Up to S$1,000 off before a supervisor approves a drawer's close. */
  cashToleranceCents: { min: 0, max: 100_000 },
  counterLockMinutes: { min: 1, max: 120 },
  checkEveryMinutes: { min: 5, max: 1440 },
} as const

const whole = (name: keyof typeof SETTING_LIMITS) => z.int().min(SETTING_LIMITS[name].min).max(SETTING_LIMITS[name].max)

/** A vendor backend's addresses and public names: never its client secret, which stays in each device's keychain. */
const BackendAddresses = z
  .object({
    baseUrl: VendorAddress,
    authUrl: VendorAddress,
    imageBaseUrl: VendorAddress,
    tenant: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
    clientId: z.string().regex(/^[\x21-\x7e]{1,200}$/),
  })
  .strict()

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])
/** An update feed: https, or plain http on the device itself (a local feed for trying an installer); no credentials. */
const feedAddress = z
  .string()
  .max(2048)
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false
      const url = new URL(value)
      if (url.username || url.password) return false
      return (url.protocol === 'https:' && url.hostname !== '') || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
    },
    { error: 'must be an https address without credentials' },
  )

const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/
/** A printer's place on the venue network: host name or IP address, `:port` if not the usual one; nothing else. */
const printerAddress = z
  .string()
  .max(300)
  .refine(
    (text) => {
      if (text !== text.trim() || text === '' || /[/@?#\s\\]/.test(text) || !URL.canParse(`http://${text}`)) return false
      const url = new URL(`http://${text}`)
      if (!url.hostname.startsWith('[') && !HOST_NAME.test(url.hostname)) return false
      const port = /:(\d{1,5})$/.exec(text)
      return !port || (Number(port[1]) >= 1 && Number(port[1]) <= 65535)
    },
    { error: 'must be an IP address or host name, with :port when not the usual one' },
  )
const IPP_QUEUE = /^(?!\.{1,2}(\/|$))[A-Za-z0-9._~-]+(\/(?!\.{1,2}(\/|$))[A-Za-z0-9._~-]+){0,7}$/

/** Each profile setting by its name in the device's settings file, shaped as a change to it (the device's settings patch). */
export const PROFILE_SETTING_SHAPES = {
  mode: z.enum(['self-service', 'counter']),
  /** `sandbox` is training; staging and production are the vendor's, each configured on the device or in `backends`. */
  backend: z.enum(['sandbox', 'staging', 'production']),
  /** Either vendor backend's addresses on its own, or null to remove it. */
  backends: z.object({ staging: BackendAddresses.nullable(), production: BackendAddresses.nullable() }).partial().strict(),
  holdWindowMinutes: whole('holdWindowMinutes'),
  idleSeconds: whole('idleSeconds'),
  boxOfficeEmail: z.string().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'must be an e-mail address' }),
  patronDataDays: whole('patronDataDays'),
  cashToleranceCents: whole('cashToleranceCents'),
  counterLockMinutes: whole('counterLockMinutes'),
  /** Any of the update fields on its own; feedUrl null: the installer's own feed. */
  updates: z
    .object({ enabled: z.boolean(), feedUrl: feedAddress.nullable(), checkEveryMinutes: whole('checkEveryMinutes'), onTraining: z.boolean() })
    .partial()
    .strict(),
  printer: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('system') }).strict(),
    z.object({ kind: z.literal('ipp'), address: printerAddress, queue: z.string().max(300).regex(IPP_QUEUE) }).strict(),
    z.object({ kind: z.literal('raw'), address: printerAddress, language: z.enum(['escpos', 'fgl']) }).strict(),
  ]),
  eticketsWhenCannotPrint: z.boolean(),
  /** The cash drawer on the receipt printer's drawer port, connector pin 2 or pin 5, or none. */
  cashDrawer: z.enum(['none', 'pin2', 'pin5']),
  /** A counter shows the customer a screen of their own (on the first display not the cashier's, unless its staff choose). */
  customerDisplay: z.boolean(),
  /** A counter reads a keyboard-wedge barcode scanner. */
  barcodeScanner: z.boolean(),
  /** The venue's first language first (the welcome screen's); at least one, each once. */
  languages: z
    .array(z.enum(PROFILE_LANGUAGES))
    .min(1)
    .max(PROFILE_LANGUAGES.length)
    .refine((languages) => new Set(languages).size === languages.length, { error: 'must name each language at most once' }),
}
