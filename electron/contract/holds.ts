import { z } from 'zod'

/** What the renderer shows of the kiosk's seat holds: how many, and how long until the first lapses. */
export const holdStatusSchema = z.object({
  count: z.number().int().nonnegative(),
  expiresAt: z.string().nullable(),
  secondsLeft: z.number().int().nonnegative().nullable(),
  productIds: z.array(z.number().int()),
})
export type HoldStatus = z.infer<typeof holdStatusSchema>
