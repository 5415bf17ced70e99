import type { DeliveryMethod, Fee, PriceClass } from '../../contract/model'
import { either, Reading, type JsonObject } from './reading'
import { numbersIn, readMoney } from './values'

/** Operations 7 to 9: ticket types, delivery methods and payment methods. */

function readFee(r: Reading, o: JsonObject): Fee {
  return { code: r.str(o, 'code'), charge: r.nested(o, 'charge', readMoney) }
}

/** availableQty "1,2,3" (spaces and empty parts tolerated): the quantities to offer, each a positive whole number. */
function readQuantities(r: Reading, o: JsonObject): number[] {
  const text = r.optStr(o, 'availableQty')
  if (text === null) return []
  const quantities = numbersIn(r, text, 'availableQty')
  for (const quantity of quantities) {
    if (!Number.isInteger(quantity) || quantity < 1) r.fail('availableQty', 'has a part that is not a positive whole number')
  }
  return quantities
}

function readPriceClass(r: Reading, o: JsonObject): PriceClass {
  return {
    priceClassId: r.int(o, 'priceClassId'),
    code: r.str(o, 'priceClassCode'),
    alias: r.optStr(o, 'priceClassAlias'),
    unitPrice: r.nested(o, 'priceValueAmount', readMoney),
    quantities: readQuantities(r, o),
    // passwordRequired in responses, passwordRequire in the field list; 0/1 or a boolean.
    passwordRequired: r.flag(o, either(o, 'passwordRequired', 'passwordRequire')),
    fees: r.list(o, 'feeList', readFee),
  }
}

/**
 * Ticket types: a bare list in responses, the field list's `priceClassList`
 * wrapper otherwise. An empty list is read as empty: the vendor notes record
 * it as the older back end's answer to any internal failure, so the caller
 * must take it as "cannot sell now", never as "free".
 */
export function readPriceClasses(raw: unknown): PriceClass[] {
  const r = new Reading('price classes')
  if (Array.isArray(raw)) return r.items(raw, readPriceClass)
  return r.list(r.object(raw), 'priceClassList', readPriceClass, true)
}

function readDeliveryMethod(r: Reading, o: JsonObject): DeliveryMethod {
  return {
    code: r.str(o, 'code'),
    charge: r.nested(o, 'charge', readMoney),
    order: r.num(o, 'order'),
    addressRequired: r.requiredFlag(o, 'addressRequired'),
    // Nullable N, but the spec states its default (false); charging the fee is the safe reading.
    feeWaived: r.flag(o, 'feeWaived'),
  }
}

/** Delivery methods (a bare list), in their display order. */
export function readDeliveryMethods(raw: unknown): DeliveryMethod[] {
  const r = new Reading('delivery methods')
  if (!Array.isArray(raw)) return r.fail(null, 'is not a list')
  // Array.prototype.sort is stable: methods with equal order keep the API's order.
  return r.items(raw, readDeliveryMethod).sort((a, b) => a.order - b.order)
}

/** The payment method codes common to the products (`paymentMethodList`). */
export function readPaymentMethods(raw: unknown): string[] {
  const r = new Reading('payment methods')
  const o = r.object(raw)
  r.rawList(o, 'paymentMethodList', true)
  return r.strings(o, 'paymentMethodList')
}
