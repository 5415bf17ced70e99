import { z } from 'zod'
import type { DeliveryMethod, PriceClass } from '../../contract/model'
import { reader } from './reading'
import { either, flag, integer, list, number, numberList, optFlag, optText, requiredFlag, text } from './scalars'
import { money } from './values'

/** Operations 7 to 9: ticket types, delivery methods and payment methods. */

/** A fee line of a ticket type, and of an order's price class. */
export const fee = z.object({ code: text, charge: money })

/** availableQty "1,2,3" (spaces and empty parts tolerated): the quantities to offer, each a positive whole number. */
const quantities = numberList
  .refine((numbers) => numbers.every((quantity) => Number.isInteger(quantity) && quantity >= 1), 'has a part that is not a positive whole number')
  .nullish()
  .transform((numbers) => numbers ?? [])

const priceClass = z
  .object({
    priceClassId: integer,
    priceClassCode: text,
    priceClassAlias: optText,
    priceValueAmount: money,
    availableQty: quantities,
    // passwordRequired in responses, passwordRequire in the field list; 0/1 or a boolean.
    passwordRequired: optFlag,
    passwordRequire: optFlag,
    feeList: list(fee),
  })
  .transform(
    (o): PriceClass => ({
      priceClassId: o.priceClassId,
      code: o.priceClassCode,
      alias: o.priceClassAlias,
      unitPrice: o.priceValueAmount,
      quantities: o.availableQty,
      passwordRequired: either(o.passwordRequired, o.passwordRequire) ?? false,
      fees: o.feeList,
    }),
  )

/**
 * Ticket types: a bare list in responses, the field list's `priceClassList`
 * wrapper otherwise. An empty list is read as empty: the vendor notes record
 * it as the older back end's answer to any internal failure, so the caller
 * must take it as "cannot sell now", never as "free".
 */
export const readPriceClasses = reader(
  'price classes',
  z.union([z.array(priceClass), z.object({ priceClassList: z.array(priceClass) }).transform((o) => o.priceClassList)]),
)

const deliveryMethod = z.object({
  code: text,
  charge: money,
  order: number,
  addressRequired: requiredFlag,
  // Nullable N, but the spec states its default (false); charging the fee is the safe reading.
  feeWaived: flag,
}) satisfies z.ZodType<DeliveryMethod>

/** Delivery methods (a bare list), in their display order. */
export const readDeliveryMethods = reader(
  'delivery methods',
  // Array.prototype.sort is stable: methods with equal order keep the API's order.
  z.array(deliveryMethod).transform((methods) => methods.sort((a, b) => a.order - b.order)),
)

/** The payment method codes common to the products (`paymentMethodList`). */
export const readPaymentMethods = reader(
  'payment methods',
  z.object({ paymentMethodList: z.array(text) }).transform((o) => o.paymentMethodList),
)
