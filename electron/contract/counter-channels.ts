import { z } from 'zod'
import { pinCheckSchema } from './admin-channels'
import { printerStateSchema } from './printer-channels'
import { staffMemberSchema, staffNameSchema } from './staff-channels'

/**
 * Counter sign-in, kept by main (electron/counter/counter-desk.ts): at a
 * counter, nothing is sold, paid or counted until a cashier has signed in as
 * themselves (name and own PIN), whatever the renderer believes; every sale,
 * refund, reprint and shift is then filed under who is signed in. Signing out
 * needs nothing.
 */
/**
 * Main signed the counter out by itself: nobody made a call for the staff's auto sign-out `minutes`
 * (`idle`), or the box office's hub disabled the account signed in here (`account-disabled`). The
 * screen goes to the sign-in.
 */
export const counterPushes = {
  'counter.signedOut': z.discriminatedUnion('why', [
    z.object({ why: z.literal('idle'), minutes: z.number().int().positive() }).strict(),
    z.object({ why: z.literal('account-disabled') }).strict(),
  ]),
} as const

export const counterChannels = {
  'counter.signIn': {
    request: z.object({ name: staffNameSchema, pin: z.string().max(16) }).strict(),
    response: pinCheckSchema.extend({ staff: staffMemberSchema.optional() }),
  },
  'counter.signOut': {
    request: z.object({}).strict(),
    response: z.object({ signedIn: z.literal(false) }),
  },
  /**
   * The screen saw the signed-in person touch, type or scroll (sent now and then, not at every touch): main's
   * idle count starts again, as at any call they make (electron/services/counter-idle.ts). Answers whether
   * main still has someone signed in here.
   */
  'counter.stillHere': {
    request: z.object({}).strict(),
    response: z.object({ signedIn: z.boolean() }),
  },
  /** Who main has signed in at this counter (null: nobody), so a reloaded screen names the same person. */
  'counter.whoIsIn': {
    request: z.object({}).strict(),
    response: staffMemberSchema.nullable(),
  },
  /**
   * The ticket printer staff settings chose cannot print: a signed-in cashier prints on the system printer
   * instead (`system`), or goes back to the chosen one (`chosen`), for this run only. Answers the state of
   * the printer now in use. A self-service kiosk is refused.
   */
  'counter.usePrinter': {
    request: z.object({ printer: z.enum(['chosen', 'system']) }).strict(),
    response: printerStateSchema,
  },
} as const
