import type { StaffRole } from '../contract/staff-channels'

/**
 * The venue's staff accounts kept at the box office's hub, as this device last pulled them
 * (electron/hub-link/staff-sync.ts), seen by the machine's own accounts (./staff-accounts.ts): a
 * cashier signs in at any counter of the venue with their one PIN, also while the hub is unreachable.
 * Each PIN only as the hub's Argon2id hash. A hub "manager" works at a device as a supervisor.
 */
export interface VenueAccount {
  staffId: string
  name: string
  role: StaffRole
  pinHash: string
}

export interface VenueStaff {
  /** The accounts that may work on this device now (disabled ones are not among them). */
  accounts(): readonly VenueAccount[]
  /** Whether the manager merged or dropped this device's own account: it no longer signs in. */
  settled(localStaffId: string): boolean
  /**
   * A PIN typed for a venue account, told to the hub, which counts wrong ones per person across the
   * venue. Its answer, or null when the hub cannot be asked now (the device's own lockout still counts).
   */
  pinTry(staffId: string, right: boolean): Promise<{ locked: boolean; retryAfterSeconds?: number } | null>
}

/** The machine's accounts, as the hub link needs them: joined with the venue's, and told to the hub. */
export interface StaffRoster {
  useVenue(venue: VenueStaff | null): void
  /** The device's own active accounts not yet merged or dropped by the manager (the hub's dashboard lists them). */
  localAccounts(): { staffId: string; name: string; role: StaffRole }[]
  /** Whether this person may still sign in here (a disabled, dropped or removed account may not). */
  maySignIn(staffId: string): boolean
}
