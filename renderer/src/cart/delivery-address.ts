import { deliveryAddressSchema, orderRequestSchema, type DeliveryAddress } from '@contract'

/**
 * The delivery address while it is typed: every field a string (an input's
 * value), the second line empty when not given. The order carries it trimmed,
 * without an empty second line (deliveryAddressOf), and main reads that with
 * the contract's schema (electron/contract/delivery.ts). The screen checks it
 * with that same schema and its fields stop at that schema's lengths, so it
 * refuses exactly what main would: no second copy of the rules to drift.
 */
export type AddressForm = Required<DeliveryAddress>

export const emptyAddress = (): AddressForm => ({ addressLine1: '', addressLine2: '', postalCode: '', country: 'SG' })

/** The address as the order carries it. */
export function deliveryAddressOf(form: AddressForm): DeliveryAddress {
  const addressLine2 = form.addressLine2.trim()
  return {
    addressLine1: form.addressLine1.trim(),
    ...(addressLine2 ? { addressLine2 } : {}),
    postalCode: form.postalCode.trim(),
    country: form.country.trim(),
  }
}

/** The order request's own reading of the address (electron/contract/order-request.ts), taken from it rather than rebuilt. */
const orderAddressSchema = orderRequestSchema.shape.deliveryAddress.unwrap()

/** Whether main will take the address as typed. */
export function addressAccepted(form: AddressForm): boolean {
  return orderAddressSchema.safeParse(deliveryAddressOf(form)).success
}

const fields = deliveryAddressSchema.shape

/** The longest each field may be, by the contract: the screen's fields take no more. */
export const ADDRESS_MAX_LENGTH: Readonly<Record<keyof AddressForm, number>> = {
  addressLine1: fields.addressLine1.maxLength ?? Infinity,
  addressLine2: fields.addressLine2.unwrap().maxLength ?? Infinity,
  postalCode: fields.postalCode.maxLength ?? Infinity,
  country: fields.country.maxLength ?? Infinity,
}
