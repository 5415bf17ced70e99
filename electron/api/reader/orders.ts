import { z } from 'zod'
import { orderStatusSchema, type Order, type OrderItem, type Ticket } from '../../contract/model'
import { fee } from './cart'
import { reader } from './reading'
import { integer, list, optInteger, optText, text } from './scalars'
import { money } from './values'

/**
 * The order answer of docs/sandbox-api.md (the spec shows none), shared by
 * order submission, confirm, cancel and look-up. A pending order has no
 * confirmation fields and no tickets: those read as null and [].
 */

const item = z
  .object({
    productId: integer,
    showTitle: optText,
    showDate: optText,
    seatSectionId: integer,
    seatSectionAlias: optText,
    priceCatId: integer,
    priceCatAlias: optText,
    // "" is a mode (the back end allocates), so only absence is an error.
    mode: text,
    quantity: integer,
    seatList: list(z.object({ inventoryId: integer, seatRowAlias: optText, seatAlias: optText })),
    priceClassList: list(z.object({ priceClassCode: text, priceClassAlias: optText, quantity: integer, unitPrice: money, feeList: list(fee) })),
    subtotal: money,
  })
  .transform(
    (o): OrderItem => ({
      productId: o.productId,
      showTitle: o.showTitle,
      showDate: o.showDate,
      sectionId: o.seatSectionId,
      sectionAlias: o.seatSectionAlias,
      priceCategoryId: o.priceCatId,
      priceCategoryAlias: o.priceCatAlias,
      mode: o.mode,
      quantity: o.quantity,
      seats: o.seatList.map((seat) => ({ inventoryId: seat.inventoryId, row: seat.seatRowAlias, seat: seat.seatAlias })),
      lines: o.priceClassList.map((line) => ({
        priceClassCode: line.priceClassCode,
        priceClassAlias: line.priceClassAlias,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        fees: line.feeList,
      })),
      subtotal: o.subtotal,
    }),
  )

const ticket = z
  .object({
    ticketNumber: text,
    // Text only: as a JSON number its 16 digits could already have lost
    // precision, and a printed barcode must be exact.
    barcode: z.string(),
    productId: integer,
    seatSectionAlias: optText,
    seatRowAlias: optText,
    seatAlias: optText,
    inventoryId: optInteger,
    priceClassCode: text,
  })
  .transform(
    (o): Ticket => ({
      ticketNumber: o.ticketNumber,
      barcode: o.barcode,
      productId: o.productId,
      sectionAlias: o.seatSectionAlias,
      row: o.seatRowAlias,
      seat: o.seatAlias,
      inventoryId: o.inventoryId,
      priceClassCode: o.priceClassCode,
    }),
  )

const order = z
  .object({
    orderId: integer,
    transactionReferenceNumber: text,
    // A status Foyer does not know could be a paid order read as unpaid (or the
    // reverse): refused rather than guessed.
    orderStatus: orderStatusSchema,
    patronAccountNo: optInteger,
    amountToBePaid: money,
    reservedTime: optText,
    expirationTime: optText,
    deliveryMethodCode: optText,
    deliveryCharge: money.nullish(),
    paymentMethodCode: optText,
    cartItemList: list(item),
    confirmedTime: optText,
    paymentReference: optText,
    tickets: list(ticket),
  })
  .transform(
    (o): Order => ({
      orderId: o.orderId,
      reference: o.transactionReferenceNumber,
      status: o.orderStatus,
      patronAccountNo: o.patronAccountNo,
      amountToBePaid: o.amountToBePaid,
      reservedTime: o.reservedTime,
      expirationTime: o.expirationTime,
      deliveryMethodCode: o.deliveryMethodCode,
      deliveryCharge: o.deliveryCharge ?? null,
      paymentMethodCode: o.paymentMethodCode,
      items: o.cartItemList,
      confirmedTime: o.confirmedTime,
      paymentReference: o.paymentReference,
      tickets: o.tickets,
    }),
  )

export const readOrder = reader('order', order)
