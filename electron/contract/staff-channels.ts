import { z } from 'zod'
import { StaffName } from '../../hub/protocol'

/**
 * Staff accounts (electron/settings/staff-accounts.ts): each person who works
 * the machine has a name, a PIN of their own and a role. A cashier sells,
 * counts the drawer and reprints; a supervisor also refunds, approves a drawer
 * counted over the tolerance, changes settings and looks after the accounts.
 * Every account channel takes a supervisor's PIN (checked in main, under the
 * machine's PIN lockout); no answer ever carries a PIN or its hash.
 */
export const staffRoleSchema = z.enum(['cashier', 'supervisor'])
export type StaffRole = z.infer<typeof staffRoleSchema>

/** Who did something, as the journal, the reports and the screens name them. */
export const staffMemberSchema = z.object({ staffId: z.string(), name: z.string(), role: staffRoleSchema })
export type StaffMemberView = z.infer<typeof staffMemberSchema>

export const staffAccountSchema = staffMemberSchema.extend({ disabled: z.boolean(), createdAt: z.string() })
export type StaffAccountView = z.infer<typeof staffAccountSchema>

/** A name as staff type it: 1 to 40 characters (main trims it and makes inner spaces single). */
export const staffNameSchema = StaffName
/** A PIN tried at sign-in: 4 to 12 digits (a PIN an older Foyer let staff choose still signs in). */
export const pinTriedSchema = z.string().regex(/^\d{4,12}$/)
/** A PIN being chosen: 6 to 12 digits. */
export const newPinSchema = z.string().regex(/^\d{6,12}$/)
/**
 * A supervisor's PIN typed on the spot to approve one action a cashier may not
 * do alone (a refund, a drawer over the tolerance): checked for that call only,
 * never kept, so it approves nothing else.
 */
export const approvalPinSchema = z.string().max(16).optional()

export const staffChannels = {
  'staff.accounts': {
    request: z.object({ pin: pinTriedSchema }).strict(),
    response: z.array(staffAccountSchema),
  },
  'staff.addAccount': {
    request: z.object({ pin: pinTriedSchema, name: staffNameSchema, role: staffRoleSchema, newPin: newPinSchema }).strict(),
    response: staffAccountSchema,
  },
  'staff.disableAccount': {
    request: z.object({ pin: pinTriedSchema, staffId: z.uuid() }).strict(),
    response: staffAccountSchema,
  },
  'staff.resetPin': {
    request: z.object({ pin: pinTriedSchema, staffId: z.uuid(), newPin: newPinSchema }).strict(),
    response: staffAccountSchema,
  },
} as const
