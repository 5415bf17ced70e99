import { createHash } from 'node:crypto'
import { isoSgt } from '../format/dates'
import { monetary, type Cents } from '../format/money'
import type { Catalogue } from './catalogue'
import type { InventoryBook } from './inventory'
import { lineCents, type LedgerItem, type OrderRecord } from './order-record'

/**
 * An order said as the API says it: its amounts, items and seats, and once
 * confirmed its tickets. Apart from the order book, which decides what an
 * order holds; this only reads it.
 */

/** The order as the API shows it. */
export function orderAnswer(order: OrderRecord, quirks: boolean, catalogue: Catalogue, book: InventoryBook) {
  const money = (cents: Cents) => monetary(cents, quirks)
  return {
    orderId: order.orderId,
    transactionReferenceNumber: order.txnRef,
    orderStatus: order.status,
    patronAccountNo: order.patronNo,
    amountToBePaid: money(order.amountCents),
    reservedTime: isoSgt(order.createdAt),
    expirationTime: isoSgt(order.expiresAt),
    deliveryMethodCode: order.deliveryMethodCode,
    deliveryCharge: money(order.deliveryCents),
    paymentMethodCode: order.paymentMethodCode,
    cartItemList: order.items.map((item) => itemAnswer(item, money, catalogue, book)),
    ...(order.status === 'CONFIRMED'
      ? {
          confirmedTime: isoSgt(order.confirmedAt!),
          paymentReference: order.paymentRef,
          amountPaid: money(order.amountCents),
          tickets: ticketsOf(order, catalogue, book),
        }
      : {}),
  }
}

function itemAnswer(item: LedgerItem, money: (c: Cents) => ReturnType<typeof monetary>, catalogue: Catalogue, book: InventoryBook) {
  const product = catalogue.product(item.productId)!
  const section = product.sectionById.get(item.sectionId)!
  const inventory = product.ticketType === 'RS' ? book.seats(product) : null
  const subtotal = item.lines.reduce((n, l) => n + lineCents(l), 0)
  return {
    productId: product.id,
    showTitle: product.event.seed.title.EN_SG,
    showDate: isoSgt(product.showTime),
    seatSectionId: item.sectionId,
    seatSectionAlias: section.section.alias,
    priceCatId: item.priceCatId,
    priceCatAlias: section.category.alias,
    mode: item.mode,
    quantity: item.quantity,
    seatList: item.ordinals.map((ordinal) => {
      const { row, seat } = inventory!.seat(ordinal)
      return { inventoryId: inventory!.inventoryId(ordinal), seatRowAlias: row.alias, seatAlias: seat.alias }
    }),
    priceClassList: item.lines.map((l) => ({
      priceClassCode: l.code,
      priceClassAlias: l.alias,
      quantity: l.quantity,
      unitPrice: money(l.unitCents),
      feeList: l.fees.map((f) => ({ code: f.code, charge: money(f.cents) })),
    })),
    subtotal: money(subtotal),
  }
}

/** A ticket's barcode: 16 digits derived from its number (the order's reference and place), so a reprint's match the first print's. */
export function ticketBarcode(ticketNumber: string): string {
  const digest = createHash('sha256').update(ticketNumber).digest()
  return String(digest.readBigUInt64BE() % 10n ** 16n).padStart(16, '0')
}

/** One ticket per place, in price-class order; barcodes derive from the order so reprints match. */
function ticketsOf(order: OrderRecord, catalogue: Catalogue, book: InventoryBook) {
  let n = 0
  return order.items.flatMap((item) => {
    const product = catalogue.product(item.productId)!
    const inventory = product.ticketType === 'RS' ? book.seats(product) : null
    const classes = item.lines.flatMap((l) => Array.from({ length: l.quantity }, () => l.code))
    return classes.map((priceClassCode, i) => {
      n++
      const ordinal = item.ordinals[i]
      const place = ordinal === undefined || !inventory ? null : inventory.seat(ordinal)
      const ticketNumber = `${order.txnRef}-${String(n).padStart(2, '0')}`
      return {
        ticketNumber,
        barcode: ticketBarcode(ticketNumber),
        productId: product.id,
        seatSectionAlias: product.sectionById.get(item.sectionId)!.section.alias,
        seatRowAlias: place?.row.alias ?? null,
        seatAlias: place?.seat.alias ?? null,
        inventoryId: ordinal === undefined || !inventory ? null : inventory.inventoryId(ordinal),
        priceClassCode,
      }
    })
  })
}
