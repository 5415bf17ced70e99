import { z } from 'zod'
import { plainText } from './plain-text'
import { PROFILE_SETTING_SHAPES } from './profile-setting-shapes'

/**
 * A device's profile and service rules, as the hub gives them (POST /device/profile, asked when a
 * heartbeat's answer names a revision the device has not applied yet).
 *
 * A profile ("Lobby kiosk", "Counter") holds the staff screen's settings by their names in the
 * device's settings file. The hub parses each value by its shape (profile-setting-shapes.ts: the same
 * kinds and ranges as the device's settings schema, held to it by a test) and refuses a profile
 * that breaks one; the device still judges the whole by its one settings schema
 * (electron/settings/settings-schema.ts, the same patch a supervisor's change goes through), with
 * what only it can know (which backends it has configured, its running mode), so a value the device
 * refuses is reported back in its heartbeat (`profile.refused`) rather than applied half. Secrets are
 * no settings: the vendor's client secret and the terminal's passphrase never reach the hub.
 */
export const PROFILE_SETTINGS = [
  'mode',
  'backend',
  'backends',
  'holdWindowMinutes',
  'idleSeconds',
  'boxOfficeEmail',
  'patronDataDays',
  'cashToleranceCents',
  'counterLockMinutes',
  'updates',
  'printer',
  'eticketsWhenCannotPrint',
  'languages',
  'cashDrawer',
  'customerDisplay',
  'barcodeScanner',
] as const satisfies readonly (keyof typeof PROFILE_SETTING_SHAPES)[]
export const ProfileSettingName = z.enum(PROFILE_SETTINGS)
export type ProfileSettingName = z.infer<typeof ProfileSettingName>

/** The settings a profile sets, each by its shape; those it leaves out stay as each device has them. */
export const ProfileSettings = z.object(PROFILE_SETTING_SHAPES).partial().strict()
export type ProfileSettings = z.infer<typeof ProfileSettings>

/** The manager's words on the out-of-service screen: shown as text, never as markup. */
export const ScreenMessage = plainText(300, 1)

export const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/)
/** An IANA zone the opening hours are read in ("Asia/Singapore"). */
const TimeZone = z.string().min(1).max(64).regex(/^[A-Za-z0-9_+\-/]+$/)

/**
 * When a device does not sell. `closed`: out of service from `from` (null: now) until the manager
 * opens it again. `hours`: sells only between `opens` and `closes` each day, in `timeZone` (closes
 * before opens: open across midnight). `showCutoff`: each show stops selling `minutesBefore` its
 * start (the vendor's show date, read by main from the shows it listed), the device selling the
 * others; the screen shows that show as not on sale here with `message`. Main decides each on the
 * device's own clock, so a schedule holds while the hub is away.
 */
export const ServiceRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('closed'), from: z.iso.datetime({ offset: true }).nullable(), message: ScreenMessage }),
  z.object({ kind: z.literal('hours'), opens: ClockTime, closes: ClockTime, timeZone: TimeZone, message: ScreenMessage }),
  // A minute to a day: a cut-off of more than a day before the show is the vendor's sale window, not a box office's rule.
  z.object({ kind: z.literal('showCutoff'), minutesBefore: z.number().int().min(1).max(1440), message: ScreenMessage }),
])
export type ServiceRule = z.infer<typeof ServiceRule>

/** The answer to POST /device/profile: what this device's profile sets and which of it staff may change there. */
export const DeviceProfileAnswer = z.object({
  /** The hub's revision of profiles and service rules; the heartbeat's answer names the newest. */
  revision: z.string().regex(/^\d{1,18}$/),
  profile: z
    .object({
      id: z.uuid(),
      name: z.string().max(80),
      settings: ProfileSettings,
      /** Settings the device's staff may change locally; the rest of what the profile sets is the profile's alone. */
      overridable: z.array(ProfileSettingName),
    })
    .nullable(),
  /** The rules for this device, for its profile, its group and the whole venue, together. */
  service: z.array(ServiceRule).max(200),
})
export type DeviceProfileAnswer = z.infer<typeof DeviceProfileAnswer>

/** What a heartbeat says of the profile: the revision it holds, and whether it applies it yet. */
export const HeartbeatProfile = z.object({
  revision: z.string().regex(/^\d{1,18}$/),
  /** `held`: a sale is in progress and the change waits for its end; `refused`: a setting the device's rules refuse. */
  state: z.enum(['applied', 'held', 'refused']),
  refused: ProfileSettingName.optional(),
})
export type HeartbeatProfile = z.infer<typeof HeartbeatProfile>

/** Whether the device's keychain holds what it needs to sell: never the secrets, only yes or no (null: not needed there). */
export const HeartbeatSecrets = z.object({ vendorSecret: z.boolean().nullable(), terminalPassphrase: z.boolean().nullable() })
export type HeartbeatSecrets = z.infer<typeof HeartbeatSecrets>
