import { z } from 'zod'
import { orderRequestSchema } from '../contract/order-request'

/**
 * The order request as a sale's journal row keeps it (`request_json`): as the
 * renderer placed it, or with its patron forgotten past the staff's window
 * (./patron-retention.ts blanks the e-mail and removes names, phone and the
 * delivery address). The contract's schema is for a request being placed and
 * refuses an empty e-mail, so the kept row needs its own: this is the schema
 * a sale's row is read back with. (The vendor's order, `order_json`, only has
 * its patron account number set to null, which the contract's order schema
 * already reads.)
 */
const { patron } = orderRequestSchema.shape
export const keptOrderRequestSchema = orderRequestSchema.extend({
  patron: patron.extend({ email: z.union([patron.shape.email, z.literal('')]) }),
})
export type KeptOrderRequest = z.infer<typeof keptOrderRequestSchema>
