import { z } from 'zod'
import { plainText } from './plain-text'
import { HubStaffRole, StaffName, StaffPin } from './staff-sync'

/**
 * The dashboard's staff page and the hub (issue #26): the venue's staff accounts, made, edited and
 * disabled by a manager; and each device's own accounts (made before it joined), which the manager
 * merges into a hub account or drops. No answer ever carries a PIN, a password or their hashes.
 */
export const DASHBOARD_STAFF_PATHS = {
  /** GET: StaffAnswer. POST: a new account (StaffRequest), answered with it (DashboardStaff). */
  staff: '/api/staff',
  /** PUT `/api/staff/:id`: name, role, where they may work and (when given) a new PIN (StaffEditRequest). */
  account: (staffId: string) => `/api/staff/${encodeURIComponent(staffId)}`,
  /** POST `/api/staff/:id/disable`: signed out at every device within one heartbeat. */
  disable: (staffId: string) => `/api/staff/${encodeURIComponent(staffId)}/disable`,
  /** POST `/api/staff/:id/enable`. */
  enable: (staffId: string) => `/api/staff/${encodeURIComponent(staffId)}/enable`,
  /** POST `/api/devices/:deviceId/local-staff/:staffId` (LocalStaffDecision): merge or drop a device's own account. */
  localStaff: (deviceId: string, staffId: string) => `/api/devices/${encodeURIComponent(deviceId)}/local-staff/${encodeURIComponent(staffId)}`,
} as const

const Where = {
  /** Devices this person may work at (ids); with `places` empty too: anywhere in the venue. */
  devices: z.array(z.uuid()).max(200).default([]),
  /** Places ("Box office", "Lobby") whose every device they may work at. */
  places: z.array(plainText(80, 1)).max(50).default([]),
}

/**
 * A manager's dashboard password: long enough to resist guessing at the hub's own rate limits; no
 * other rule (NIST SP 800-63B). Sent once, in the request that sets it; no answer carries it.
 */
export const ManagerPassword = z.string().min(12).max(200)

/**
 * A new account. `password` is the dashboard password, for the manager role only: a manager-role
 * account needs one (refused 400 `password-needed` without), the other roles never sign in to the dashboard.
 */
export const StaffRequest = z.object({ name: StaffName, role: HubStaffRole, pin: StaffPin, password: ManagerPassword.optional(), ...Where })
export type StaffRequest = z.input<typeof StaffRequest>

/**
 * An edit: the PIN, and a manager's password, only when a new one is set. One made manager needs a
 * password; one no longer manager loses theirs and is signed out of the dashboard at once.
 */
export const StaffEditRequest = z.object({ name: StaffName, role: HubStaffRole, pin: StaffPin.optional(), password: ManagerPassword.optional(), ...Where })
export type StaffEditRequest = z.input<typeof StaffEditRequest>

export const DashboardStaff = z.object({
  id: z.uuid(),
  name: z.string(),
  role: HubStaffRole,
  devices: z.array(z.uuid()),
  places: z.array(z.string()),
  disabled: z.boolean(),
  /** A manager who signs in to the dashboard with a password (never the password itself). */
  dashboardPassword: z.boolean(),
  changedAt: z.iso.datetime({ offset: true }),
})
export type DashboardStaff = z.infer<typeof DashboardStaff>

/** A device's own account, and what the manager decided about it (null: still signs in at that device). */
export const DeviceLocalStaff = z.object({
  deviceId: z.uuid(),
  deviceName: z.string(),
  staffId: z.uuid(),
  name: z.string(),
  role: z.string(),
  decision: z.enum(['merged', 'dropped']).nullable(),
  mergedInto: z.uuid().nullable(),
})
export type DeviceLocalStaff = z.infer<typeof DeviceLocalStaff>

export const StaffAnswer = z.object({ accounts: z.array(DashboardStaff), localAccounts: z.array(DeviceLocalStaff) })
export type StaffAnswer = z.infer<typeof StaffAnswer>

export const LocalStaffDecision = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('drop') }),
  /** Into an active hub account: the person signs in with the hub's account (and its PIN) from then on. */
  z.object({ decision: z.literal('merge'), into: z.uuid() }),
])
export type LocalStaffDecision = z.infer<typeof LocalStaffDecision>
