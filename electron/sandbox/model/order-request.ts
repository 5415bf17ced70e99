import { z } from 'zod'
import { deliveryAddressSchema } from '../../contract/delivery'

/**
 * The pre-payment order request. The spec shows patronInfo and the first
 * fields of cartItemList; the rest is the sandbox's design (docs/sandbox-api.md).
 */
const positiveInt = z.number().int().positive()

export const orderRequestSchema = z.object({
  patronInfo: z.object({
    patronType: z.string().min(1).max(1),
    email: z.string().max(255),
    firstName: z.string().max(100).optional(),
    lastName: z.string().max(100).optional(),
    phone: z.string().max(30).optional(),
  }),
  cartItemList: z
    .array(
      z.object({
        productId: positiveInt,
        seatSectionId: positiveInt,
        priceCatId: positiveInt,
        mode: z.enum(['', 'BA', 'HS', 'SP']),
        inventoryIdList: z.array(positiveInt).max(100).optional(),
        quantity: positiveInt.optional(),
        priceClassList: z
          .array(z.object({ priceClassCode: z.string().min(1).max(255), quantity: positiveInt }))
          .min(1)
          .max(20),
      }),
    )
    .min(1)
    .max(20),
  deliveryMethodCode: z.string().min(1).max(100),
  deliveryAddress: deliveryAddressSchema.optional(),
  paymentMethodCode: z.string().min(1).max(100),
  totalAmount: z.number().nonnegative(),
})
export type OrderRequest = z.infer<typeof orderRequestSchema>

export const confirmRequestSchema = z.object({
  paymentReference: z.string().min(1).max(100),
  paymentMethodCode: z.string().min(1).max(100).optional(),
  amountPaid: z.number().nonnegative(),
})
export type ConfirmRequest = z.infer<typeof confirmRequestSchema>
