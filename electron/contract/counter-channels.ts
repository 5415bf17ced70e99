import { z } from 'zod'
import { pinCheckSchema } from './admin-channels'

/**
 * Counter sign-in, kept by main (electron/services/counter-desk.ts): at a
 * counter, nothing is sold, paid or counted until a cashier has signed in with
 * the staff PIN, whatever the renderer believes. Signing out needs nothing.
 */
export const counterChannels = {
  'counter.signIn': {
    request: z.object({ pin: z.string().max(16) }).strict(),
    response: pinCheckSchema,
  },
  'counter.signOut': {
    request: z.object({}).strict(),
    response: z.object({ signedIn: z.literal(false) }),
  },
} as const
