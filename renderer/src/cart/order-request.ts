import { amountOf, type DeliveryMethod, type OrderRequest } from '@contract'
import type { CartLine } from './cart-line'
import { deliveryAddressOf, type AddressForm } from './delivery-address'

/** What the order is made of: the basket as it stands when the customer pays. */
export interface Basket {
  lines: readonly CartLine[]
  delivery: DeliveryMethod | null
  paymentCode: string | null
  /** Every choice the delivery and payment screens ask for is made (address, e-mail). */
  optionsComplete: boolean
  /** The postal address as typed; sent trimmed, only where the delivery needs one. */
  address: AddressForm
  /** Where the e-tickets go; empty: the box office's own address (an anonymous walk-up sale). */
  patronEmail: string
  totalCents: number
}

/**
 * The order request for a basket, or null while something is missing. A pure
 * function of the basket, so what goes to main is decided in one place a test
 * can read without a store.
 */
export function orderRequestFor(basket: Basket, boxOfficeEmail: string): OrderRequest | null {
  const { lines, delivery: method, paymentCode, address: a } = basket
  if (lines.length === 0 || !method || !paymentCode || !basket.optionsComplete) return null
  return {
    patron: { email: basket.patronEmail || boxOfficeEmail },
    items: lines.map((line) => ({
      productId: line.show.productId,
      sectionId: line.sectionId,
      priceCategoryId: line.priceCategoryId,
      mode: line.mode,
      ...(line.mode === '' ? { quantity: line.quantity } : { inventoryIds: line.seats.map((s) => s.inventoryId) }),
      lines: Object.entries(line.tickets).map(([priceClassCode, quantity]) => ({ priceClassCode, quantity })),
    })),
    deliveryMethodCode: method.code,
    ...(method.addressRequired ? { deliveryAddress: deliveryAddressOf(a) } : {}),
    paymentMethodCode: paymentCode,
    totalAmount: amountOf(basket.totalCents),
  }
}
