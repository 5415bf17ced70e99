import { z } from 'zod'
import { cashDrawerSchema } from './counter-station'
import { printerProblemSchema } from './printer-channels'

/**
 * The counter's cash drawer (issue #34; main's side: electron/checkout/cash-drawer.ts). Main opens it
 * by itself where money moves: cash taken, cash refunded, the float put in as a shift opens. The
 * renderer may ask for two openings only, each journalled with who is signed in: to count the drawer
 * (an open shift), and a No sale with its reason. A standard POS control against theft: the X and Z
 * reports count the openings and list the No sales by person.
 */
export const NO_SALE_REASONS = ['change', 'wrong-change', 'other'] as const
export const noSaleReasonSchema = z.enum(NO_SALE_REASONS)
export type NoSaleReason = z.infer<typeof noSaleReasonSchema>

/** What the drawer was opened for. */
export const DRAWER_PURPOSES = ['cash-sale', 'cash-refund', 'float', 'count', 'no-sale'] as const
export const drawerPurposeSchema = z.enum(DRAWER_PURPOSES)
export type DrawerPurpose = z.infer<typeof drawerPurposeSchema>

/** One pulse's outcome: opened, or not, with what the printer said stopped it (the cashier opens it with its key). */
export const drawerOpeningSchema = z.object({
  purpose: drawerPurposeSchema,
  opened: z.boolean(),
  problems: z.array(printerProblemSchema).max(10),
  at: z.iso.datetime(),
})
export type DrawerOpening = z.infer<typeof drawerOpeningSchema>

/**
 * The drawer as the printer last reported its switch. `none`: no drawer set up (or the printer is not an
 * ESC/POS one); `unknown`: the printer did not answer. `longOpen`: open for two minutes or more.
 */
export const drawerViewSchema = z.object({
  setting: cashDrawerSchema,
  state: z.enum(['none', 'open', 'closed', 'unknown']),
  openSince: z.iso.datetime().nullable(),
  longOpen: z.boolean(),
  last: drawerOpeningSchema.nullable(),
})
export type DrawerView = z.infer<typeof drawerViewSchema>

/** A shift's drawer on its X and Z reports: openings, pulses that failed, and the No sales by person. */
export const shiftDrawerSchema = z.object({
  openings: z.number().int(),
  failed: z.number().int(),
  noSales: z.array(
    z.object({
      by: z.string().nullable(),
      count: z.number().int(),
      reasons: z.object({ change: z.number().int(), 'wrong-change': z.number().int(), other: z.number().int() }),
    }),
  ),
})
export type ShiftDrawerView = z.infer<typeof shiftDrawerSchema>

export const drawerPushes = {
  /** The drawer opened, closed, stopped answering, or has now been open two minutes. */
  'drawer.changed': drawerViewSchema,
} as const

export const drawerChannels = {
  'drawer.status': {
    request: z.object({}).strict(),
    response: drawerViewSchema,
  },
  /** To count it (a shift open), or a No sale with its reason; main names who from the sign-in. */
  'drawer.open': {
    request: z.discriminatedUnion('purpose', [
      z.object({ purpose: z.literal('count') }).strict(),
      z.object({ purpose: z.literal('no-sale'), reason: noSaleReasonSchema }).strict(),
    ]),
    response: drawerOpeningSchema,
  },
} as const
