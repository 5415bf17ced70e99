import { z } from 'zod'
import { plainText } from './plain-text'

/**
 * Staff accounts kept at the hub, as devices receive them (issue #26, "Staff, once"). A cashier has
 * one PIN for every counter of the venue. The hub keeps each PIN only as an Argon2id hash (memory-hard,
 * as managers' passwords are) and gives a device that hash, never the PIN: the device checks a PIN
 * typed at its counter against the hash itself, so signing in needs no hub — the last accounts a
 * device pulled serve while the hub is unreachable.
 *
 * A heartbeat's answer carries `staffVersion`; a device whose copy is of another version pulls the
 * list (POST /device/staff), telling the hub its own local accounts as it does, so the dashboard can
 * show them for the manager to merge or drop. Both ends parse everything with these schemas.
 */
export const HubStaffRole = z.enum(['cashier', 'supervisor', 'manager'])
export type HubStaffRole = z.infer<typeof HubStaffRole>

/** A PIN as the hub takes it from a manager: 6 to 12 digits, as a device's own accounts take it. */
export const StaffPin = z.string().regex(/^[0-9]{6,12}$/)

/**
 * An Argon2id hash in its PHC string form. Its cost is capped: a device computes it at each sign-in,
 * so a hash asking for gigabytes is not one the device takes.
 */
export const ARGON2ID_PIN_HASH = /^\$argon2id\$v=19\$m=([0-9]{4,6}),t=([0-9]{1,2}),p=([0-9]{1,2})\$[A-Za-z0-9+/]{11,64}\$[A-Za-z0-9+/]{16,128}$/
export const MAX_PIN_HASH_MEMORY_KIB = 131_072
export const PinHash = z
  .string()
  .regex(ARGON2ID_PIN_HASH)
  .refine((hash) => Number(ARGON2ID_PIN_HASH.exec(hash)![1]) <= MAX_PIN_HASH_MEMORY_KIB, 'too costly a hash')

/** A name as staff type it at a counter's sign-in. */
export const StaffName = plainText(40, 1)

/** One of the device's own accounts (made on the device before it joined the hub), as it tells the hub. */
export const LocalStaffAccount = z.object({ staffId: z.uuid(), name: StaffName, role: z.enum(['cashier', 'supervisor']) })
export type LocalStaffAccount = z.infer<typeof LocalStaffAccount>

/** POST /device/staff (the device's token as for a heartbeat). */
export const StaffPullRequest = z.object({ localAccounts: z.array(LocalStaffAccount).max(500) })
export type StaffPullRequest = z.infer<typeof StaffPullRequest>

/** An account that may work on this device now: a disabled one, or one not allowed here, is simply not in the list. */
export const SyncedStaffAccount = z.object({ staffId: z.uuid(), name: StaffName, role: HubStaffRole, pinHash: PinHash })
export type SyncedStaffAccount = z.infer<typeof SyncedStaffAccount>

export const StaffPullAnswer = z.object({
  version: z.number().int().nonnegative(),
  accounts: z.array(SyncedStaffAccount).max(5000),
  /** The device's local accounts the manager merged into a hub account or dropped: they no longer sign in here. */
  settledLocal: z.array(z.uuid()).max(500),
})
export type StaffPullAnswer = z.infer<typeof StaffPullAnswer>

/**
 * POST /device/staff/pin-try: a PIN typed for a hub account at this device, right or wrong. The hub
 * counts wrong ones per person across every device of the venue, and answers whether that person is
 * locked out now (then even a right PIN does not sign them in).
 */
export const PinTryRequest = z.object({ staffId: z.uuid(), right: z.boolean() })
export type PinTryRequest = z.infer<typeof PinTryRequest>

export const PinTryAnswer = z.object({ locked: z.boolean(), retryAfterSeconds: z.number().int().positive().optional() })
export type PinTryAnswer = z.infer<typeof PinTryAnswer>
