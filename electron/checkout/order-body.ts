import type { Order, OrderRequest } from '../contract'

/** The order request of the contract, in the API's words (docs/sandbox-api.md). */
export function orderBody(request: OrderRequest) {
  return {
    patronInfo: { patronType: 'G', ...request.patron },
    cartItemList: request.items.map((item) => ({
      productId: item.productId,
      seatSectionId: item.sectionId,
      priceCatId: item.priceCategoryId,
      mode: item.mode,
      ...(item.inventoryIds ? { inventoryIdList: item.inventoryIds } : {}),
      ...(item.quantity !== undefined ? { quantity: item.quantity } : {}),
      priceClassList: item.lines.map((l) => ({ priceClassCode: l.priceClassCode, quantity: l.quantity })),
    })),
    deliveryMethodCode: request.deliveryMethodCode,
    ...(request.deliveryAddress ? { deliveryAddress: request.deliveryAddress } : {}),
    paymentMethodCode: request.paymentMethodCode,
    totalAmount: request.totalAmount,
  }
}

/**
 * The same order placed again after cancelling one that was about to lapse:
 * the seats it had are asked for by id as seats picked by the patron (mode
 * SP: held or free), so the customer keeps exactly the seats they chose;
 * general-admission places are counted again.
 */
export function renewalBody(request: OrderRequest, previous: Order) {
  return orderBody({
    ...request,
    items: request.items.map((item, i) => {
      const seats = previous.items[i]?.seats.map((s) => s.inventoryId) ?? []
      if (seats.length === 0) return item
      return { ...item, mode: 'SP' as const, inventoryIds: seats, quantity: undefined }
    }),
  })
}
