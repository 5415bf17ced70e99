import { z } from 'zod'

/**
 * The drawer counted at the close of a shift, note by note and coin by coin,
 * in Singapore's legal tender: S$1,000, 100, 50, 10, 5 and 2 notes; S$1, 50¢,
 * 20¢, 10¢ and 5¢ coins. Every denomination must be counted (a zero is a
 * count; an empty field is not), so no shift closes on a count nobody made.
 */
export const SGD_DENOMINATIONS = [
  { cents: 100_000, kind: 'note' },
  { cents: 10_000, kind: 'note' },
  { cents: 5_000, kind: 'note' },
  { cents: 1_000, kind: 'note' },
  { cents: 500, kind: 'note' },
  { cents: 200, kind: 'note' },
  { cents: 100, kind: 'coin' },
  { cents: 50, kind: 'coin' },
  { cents: 20, kind: 'coin' },
  { cents: 10, kind: 'coin' },
  { cents: 5, kind: 'coin' },
] as const

export type DenominationCents = (typeof SGD_DENOMINATIONS)[number]['cents']

export const cashCountSchema = z
  .array(z.object({ denominationCents: z.number().int(), quantity: z.number().int().min(0).max(100_000) }).strict())
  .length(SGD_DENOMINATIONS.length)
  .refine((count) => SGD_DENOMINATIONS.every((d) => count.filter((line) => line.denominationCents === d.cents).length === 1), {
    message: 'every denomination, once each',
  })
export type CashCount = z.infer<typeof cashCountSchema>

/** What the count adds up to, in cents. */
export const countedTotal = (count: readonly { denominationCents: number; quantity: number }[]): number =>
  count.reduce((sum, line) => sum + line.denominationCents * line.quantity, 0)
