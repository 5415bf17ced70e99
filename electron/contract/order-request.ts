import { z } from 'zod'
import { deliveryAddressSchema } from './delivery'
import { isCentsAmount } from './money'

/**
 * The pre-payment order as the renderer asks for it (the sales-flow API's
 * operation 10, in Foyer's words; electron/checkout/order-body.ts turns it
 * into the API's).
 */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const quantity = z.number().int().min(1).max(20)

export const orderLineSchema = z.object({ priceClassCode: z.string().min(1).max(64), quantity })

export const orderRequestSchema = z
  .object({
    patron: z
      .object({
        email: z.email().max(255),
        firstName: z.string().max(100).optional(),
        lastName: z.string().max(100).optional(),
        phone: z.string().max(30).optional(),
      })
      .strict(),
    items: z
      .array(
        z
          .object({
            productId: id,
            sectionId: id,
            priceCategoryId: id,
            /** '' lets the backend allocate (and is the only mode for general admission). */
            mode: z.enum(['', 'BA', 'HS', 'SP']),
            inventoryIds: z.array(id).max(20).optional(),
            quantity: quantity.optional(),
            lines: z.array(orderLineSchema).min(1).max(10),
          })
          .strict(),
      )
      .min(1)
      .max(10),
    deliveryMethodCode: z.string().min(1).max(100),
    deliveryAddress: deliveryAddressSchema.strict().optional(),
    paymentMethodCode: z.string().min(1).max(100),
    // Whole cents: the vendor checks the total to the cent, and the journal keeps it in cents.
    totalAmount: z.number().nonnegative().max(1_000_000).refine(isCentsAmount, { error: 'must be a whole number of cents' }),
  })
  .strict()
export type OrderRequest = z.infer<typeof orderRequestSchema>
