import { orderStatusSchema, type Order, type OrderItem, type OrderStatus, type Ticket } from '../../contract/model'
import { Reading, type JsonObject } from './reading'
import { readMoney } from './values'

/**
 * The order answer of docs/sandbox-api.md (the spec shows none), shared by
 * order submission, confirm, cancel and look-up. A pending order has no
 * confirmation fields and no tickets: those read as null and [].
 */

const orderStatuses: ReadonlySet<string> = new Set(orderStatusSchema.options)

function readFeeLine(r: Reading, o: JsonObject) {
  return { code: r.str(o, 'code'), charge: r.nested(o, 'charge', readMoney) }
}

function readItem(r: Reading, o: JsonObject): OrderItem {
  return {
    productId: r.int(o, 'productId'),
    showTitle: r.optStr(o, 'showTitle'),
    showDate: r.optStr(o, 'showDate'),
    sectionId: r.int(o, 'seatSectionId'),
    sectionAlias: r.optStr(o, 'seatSectionAlias'),
    priceCategoryId: r.int(o, 'priceCatId'),
    priceCategoryAlias: r.optStr(o, 'priceCatAlias'),
    // "" is a mode (the back end allocates), so only absence is an error.
    mode: r.str(o, 'mode'),
    quantity: r.int(o, 'quantity'),
    seats: r.list(o, 'seatList', (r, seat) => ({
      inventoryId: r.int(seat, 'inventoryId'),
      row: r.optStr(seat, 'seatRowAlias'),
      seat: r.optStr(seat, 'seatAlias'),
    })),
    lines: r.list(o, 'priceClassList', (r, line) => ({
      priceClassCode: r.str(line, 'priceClassCode'),
      priceClassAlias: r.optStr(line, 'priceClassAlias'),
      quantity: r.int(line, 'quantity'),
      unitPrice: r.nested(line, 'unitPrice', readMoney),
      fees: r.list(line, 'feeList', readFeeLine),
    })),
    subtotal: r.nested(o, 'subtotal', readMoney),
  }
}

function readTicket(r: Reading, o: JsonObject): Ticket {
  // The barcode is read as text only: as a JSON number its 16 digits could
  // already have lost precision, and a printed barcode must be exact.
  if (typeof o.barcode === 'number') r.fail('barcode', 'is not a string')
  return {
    ticketNumber: r.str(o, 'ticketNumber'),
    barcode: r.str(o, 'barcode'),
    productId: r.int(o, 'productId'),
    sectionAlias: r.optStr(o, 'seatSectionAlias'),
    row: r.optStr(o, 'seatRowAlias'),
    seat: r.optStr(o, 'seatAlias'),
    inventoryId: r.optInt(o, 'inventoryId'),
    priceClassCode: r.str(o, 'priceClassCode'),
  }
}

export function readOrder(raw: unknown): Order {
  const r = new Reading('order')
  const o = r.object(raw)
  const status = r.str(o, 'orderStatus')
  // A status Foyer does not know could be a paid order read as unpaid (or the
  // reverse): refused rather than guessed.
  if (!orderStatuses.has(status)) r.fail('orderStatus', 'is not a known order status')
  return {
    orderId: r.int(o, 'orderId'),
    reference: r.str(o, 'transactionReferenceNumber'),
    status: status as OrderStatus,
    patronAccountNo: r.optInt(o, 'patronAccountNo'),
    amountToBePaid: r.nested(o, 'amountToBePaid', readMoney),
    reservedTime: r.optStr(o, 'reservedTime'),
    expirationTime: r.optStr(o, 'expirationTime'),
    deliveryMethodCode: r.optStr(o, 'deliveryMethodCode'),
    deliveryCharge: r.optNested(o, 'deliveryCharge', readMoney),
    paymentMethodCode: r.optStr(o, 'paymentMethodCode'),
    items: r.list(o, 'cartItemList', readItem),
    confirmedTime: r.optStr(o, 'confirmedTime'),
    paymentReference: r.optStr(o, 'paymentReference'),
    tickets: r.list(o, 'tickets', readTicket),
  }
}
