import { z } from 'zod'
import type { SaleStep } from './sales-journal'

/*
 * Reading a sale's steps back is the journal's business: it wrote them, so it
 * knows their shapes. Each step detail it reads back is parsed by a schema,
 * because a row of the journal was written by an older Foyer or survived a
 * crash, and is not trusted by being ours.
 */

/** The step that names each show's venue. */
export const ORDER_VENUES_STEP = 'order-venues'

/** The "order-venues" step: each show's venue by product id, as the catalogue named it when the order was placed. */
export const orderVenuesDetailSchema = z.object({ venues: z.record(z.string(), z.unknown()) })

/** Each show's venue by product id; a venue that is not a name is left out rather than failing the sale's paper. */
export function venuesFromSteps(steps: readonly SaleStep[]): Record<number, string> {
  const parsed = orderVenuesDetailSchema.safeParse(steps.find((s) => s.step === ORDER_VENUES_STEP)?.detail)
  if (!parsed.success) return {}
  return Object.fromEntries(
    Object.entries(parsed.data.venues).flatMap(([id, venue]) => (typeof venue === 'string' && venue ? [[Number(id), venue.slice(0, 200)]] : [])),
  )
}
