import { z } from 'zod'
import { plainText } from './plain-text'
import { TodayAnswer } from './dashboard-today'
import { ManagerPassword } from './dashboard-staff'
import { DrawerState, PrinterProblem, TerminalState } from './heartbeat'
import { StaffName } from './staff-sync'
import { SupportFileView } from './support-file'
import { UpdateReport } from './fleet-update'
import { RolloutsAnswer } from './dashboard-rollouts'

export * from './dashboard-today'
export * from './dashboard-profiles'
export * from './dashboard-rollouts'
export * from './dashboard-staff'
export * from './end-of-day'
export * from './cents-text'
export * from './support-file'

/**
 * What the hub's dashboard (hub/dashboard, a Vue page in the manager's browser) and the hub's
 * server say to each other: zod schemas both ends parse with. The dashboard is another trust
 * boundary: the server parses every request body, the page every answer and every pushed event.
 *
 * Sessions are an HttpOnly, SameSite=Strict cookie set by the server; every request that changes
 * state also carries an Origin the server checks against its own address.
 */

/** The dashboard's paths on the hub (same origin as the page). */
export const DASHBOARD_PATHS = {
  /**
   * GET: who is signed in (200 SessionAnswer; 401 without a session, saying `firstManagerNeeded` while the hub has
   * no manager). POST: sign in (200 SessionAnswer and the cookie). DELETE: sign out (204).
   */
  session: '/api/session',
  /** POST: the first manager's account, with the one-time code the hub printed at its start (200 SessionAnswer and the cookie). */
  firstManager: '/api/managers/first',
  /** GET: every device with its health. POST: add a device (answers its one-time enrolment code). */
  devices: '/api/devices',
  /** POST `/api/devices/:id/revoke`: lock a device out; within one heartbeat it goes out of service. */
  revokeDevice: (deviceId: string) => `/api/devices/${encodeURIComponent(deviceId)}/revoke`,
  /** GET: alerts, newest first. */
  alerts: '/api/alerts',
  /** GET: the hub's backups as kept on record (BackupStatus). */
  backups: '/api/backups',
  /** POST `/api/alerts/:id/acknowledge`: acknowledged by the manager signed in. */
  acknowledgeAlert: (alertId: string) => `/api/alerts/${encodeURIComponent(alertId)}/acknowledge`,
  /** GET: the hub's today (TodayAnswer): sales across every device, training apart. */
  today: '/api/today',
  /** GET `?reference=…`: the sales carrying a booking or payment reference, with their steps (SaleLookupAnswer). */
  sales: '/api/sales',
  /** GET: server-sent events (DashboardEvent, one JSON per `data:` line), for the live grid, alerts and today. */
  events: '/api/events',
} as const

// Up to 80: a manager made before managers were staff accounts (hub migration 9) may have a longer name than StaffName allows.
const ManagerName = plainText(80, 1)

export const SignInRequest = z.object({ name: ManagerName, password: z.string().min(1).max(200) })
export type SignInRequest = z.infer<typeof SignInRequest>

/** The first manager is a staff account too (docs/hub.md, "Who runs the dashboard"): a staff account's name. */
export const FirstManagerRequest = z.object({ code: z.string().min(1).max(64), name: StaffName, password: ManagerPassword })
export type FirstManagerRequest = z.infer<typeof FirstManagerRequest>

export const SessionAnswer = z.object({ manager: z.object({ id: z.uuid(), name: z.string() }) })
export type SessionAnswer = z.infer<typeof SessionAnswer>

/**
 * Every refusal the dashboard can get, as a code the page words in the manager's language (never
 * the server's English): 400 `invalid-request` / `password-needed` (a manager-role staff account without a dashboard password), 401 `signed-out` / `wrong-name-or-password`,
 * 403 `wrong-origin` / `code-not-valid`, 404 `not-found`, 409 `name-taken` (a profile's name, or an active staff
 * account's), 409 `not-now` (a rollout
 * step its state does not allow), 429 `too-many-tries` (with retryAfterSeconds).
 */
export const DashboardRefusal = z.object({
  refused: z.enum(['invalid-request', 'signed-out', 'wrong-name-or-password', 'wrong-origin', 'code-not-valid', 'not-found', 'name-taken', 'too-many-tries', 'day-closed', 'password-needed', 'not-now']),
  retryAfterSeconds: z.number().int().positive().optional(),
  /** On `invalid-request` for a body: the fields that were wrong, as paths ("name", "places.0"). */
  fields: z.array(z.string()).optional(),
  /** On GET /api/session's 401 only, while no manager exists yet: the page opens on the first manager's form. */
  firstManagerNeeded: z.boolean().optional(),
})
export type DashboardRefusal = z.infer<typeof DashboardRefusal>

export const DeviceState = z.enum(['online', 'needs-attention', 'offline', 'revoked'])
export type DeviceState = z.infer<typeof DeviceState>

/** Why a device that answers cannot sell as it should, said as facts the page words. */
export const AttentionReason = z.discriminatedUnion('what', [
  z.object({ what: z.literal('terminal'), state: TerminalState, since: z.iso.datetime({ offset: true }) }),
  z.object({ what: z.literal('printer'), state: z.enum(['paper-low', 'cannot-print']), problems: z.array(PrinterProblem) }),
])
export type AttentionReason = z.infer<typeof AttentionReason>

/**
 * A counter's cash drawer on its tile (issue #34), as the hub reckons it from the device's last heartbeat
 * (hub/server/devices/device-drawer.ts): open, closed or not known. When open, `openSince` is on the hub's clock,
 * carried over from the device's own `openSince` against the same heartbeat's `sentAt`, so a device whose
 * clock is off says the same; `leftOpenMinutes` is how long the hub judges it open, set once that is two
 * minutes or more ("a drawer left open for 2 minutes"), null while closed, not known, or open for less.
 */
export const DeviceDrawer = z.object({
  state: DrawerState.shape.state,
  openSince: z.iso.datetime({ offset: true }).nullable(),
  leftOpenMinutes: z.number().int().nonnegative().nullable(),
})
export type DeviceDrawer = z.infer<typeof DeviceDrawer>

/** One tile of the devices grid. What the last heartbeat said is null until the first one. */
export const DashboardDevice = z.object({
  id: z.uuid(),
  name: z.string(),
  place: z.string(),
  state: DeviceState,
  reasons: z.array(AttentionReason),
  /** Since when the device has been in this state (the hub's clock), for "not answering since 19:42". */
  stateSince: z.iso.datetime({ offset: true }).nullable(),
  lastHeartbeatAt: z.iso.datetime({ offset: true }).nullable(),
  appVersion: z.string().nullable(),
  mode: z.enum(['self-service', 'counter']).nullable(),
  /** Training devices are marked as such and never counted with real sales. */
  backend: z.enum(['training', 'staging', 'production']).nullable(),
  lastSaleAt: z.iso.datetime({ offset: true }).nullable(),
  /** Sale records the hub holds from this device for the hub's today (its own time zone). */
  salesToday: z.number().int().nonnegative(),
  uploadsWaiting: z.number().int().nonnegative().nullable(),
  /**
   * Null: no drawer set up, an older Foyer, or a device not answering (offline, revoked: its last word is
   * not the drawer now). No default: the page is served by the hub that sends its tiles, so every tile names it.
   */
  drawer: DeviceDrawer.nullable(),
  /** What the device said of the last version a rollout gave it (taken, waiting, failed), null before any. */
  update: UpdateReport.nullable(),
})
export type DashboardDevice = z.infer<typeof DashboardDevice>

export const DevicesAnswer = z.object({ devices: z.array(DashboardDevice) })
export type DevicesAnswer = z.infer<typeof DevicesAnswer>

export const AddDeviceRequest = z.object({ name: plainText(80, 1), place: plainText(80).default('') })
export type AddDeviceRequest = z.infer<typeof AddDeviceRequest>

/** Shown once, on the dashboard only: what the device's staff type (or scan as a QR of `enrolmentUri`). */
export const AddDeviceAnswer = z.object({
  code: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  hubUrl: z.string(),
  fingerprint: z.string(),
  /** `foyer-hub:?url=…&code=…&fingerprint=…`: the three in one, for a QR code. */
  enrolmentUri: z.string(),
})
export type AddDeviceAnswer = z.infer<typeof AddDeviceAnswer>

const Acknowledged = z.object({ by: z.string(), at: z.iso.datetime({ offset: true }) }).nullable()

/** Something that needs someone now: a device whose state changed for the worse (or back). */
export const DeviceAlert = z.object({
  id: z.string().regex(/^\d+$/),
  subject: z.literal('device'),
  deviceId: z.uuid(),
  deviceName: z.string(),
  from: DeviceState,
  to: DeviceState,
  reasons: z.array(AttentionReason),
  raisedAt: z.iso.datetime({ offset: true }),
  acknowledged: Acknowledged,
})
export type DeviceAlert = z.infer<typeof DeviceAlert>

/**
 * The hub's own backups (issue #36 §2): one `failed`, or `overdue` (the last good backup older than 26
 * hours, or none in that long). Cleared by the next good backup (`clearedAt`, and pushed again then).
 */
export const BackupAlert = z.object({
  id: z.string().regex(/^\d+$/),
  subject: z.literal('backup'),
  problem: z.enum(['failed', 'overdue']),
  /** The newest good backup when it was raised; null when there had been none. */
  lastGoodAt: z.iso.datetime({ offset: true }).nullable(),
  /** On `failed`: the file it was writing and what went wrong, in the hub's words (English, as its logs). */
  file: z.string().nullable(),
  error: z.string().nullable(),
  raisedAt: z.iso.datetime({ offset: true }),
  acknowledged: Acknowledged,
  clearedAt: z.iso.datetime({ offset: true }).nullable(),
})
export type BackupAlert = z.infer<typeof BackupAlert>

/** Every alert, in one list, stream and webhook: `subject` says what it is about. */
export const Alert = z.discriminatedUnion('subject', [DeviceAlert, BackupAlert])
export type Alert = z.infer<typeof Alert>

/**
 * GET /api/backups: the last good backup and, when one failed after it, that failure; and the daily
 * schedule this hub process keeps (null: none set, FOYER_HUB_BACKUP_DIR unset).
 */
export const BackupStatus = z.object({
  lastGood: z.object({ at: z.iso.datetime({ offset: true }), file: z.string(), bytes: z.number().int().nonnegative() }).nullable(),
  lastFailure: z.object({ at: z.iso.datetime({ offset: true }), file: z.string(), error: z.string() }).nullable(),
  schedule: z.object({ hour: z.number().int().min(0).max(23), keep: z.number().int().positive(), folder: z.string() }).nullable(),
})
export type BackupStatus = z.infer<typeof BackupStatus>

export const AlertsAnswer = z.object({ alerts: z.array(Alert) })
export type AlertsAnswer = z.infer<typeof AlertsAnswer>

/**
 * What the event stream pushes: a device's tile as it is now, an alert raised or acknowledged, today's sales as they
 * are now, a device's support file asked, made or downloaded, or the rollouts as they are now (a manager's step or
 * the hub's own: the pilots on the version, the rest following, a hold on a pilot's alert).
 */
export const DashboardEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('device'), device: DashboardDevice }),
  z.object({ type: z.literal('alert'), alert: Alert }),
  z.object({ type: z.literal('today'), today: TodayAnswer }),
  z.object({ type: z.literal('support-file'), supportFile: SupportFileView }),
  z.object({ type: z.literal('rollouts'), rollouts: RolloutsAnswer }),
])
export type DashboardEvent = z.infer<typeof DashboardEvent>
