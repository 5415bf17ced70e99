import type { Statement } from 'better-sqlite3'
import { isoSgt } from '../format/dates'
import { centsIfWhole, shownCents } from '../format/money'
import { badRequest } from '../http/api-error'
import { SANDBOX_CLIENT_IDS } from '../http/tokens'
import type { SandboxDb } from '../database/database'
import { chooseBestAvailable } from './best-available'
import type { Catalogue, Product } from './catalogue'
import { InventoryBook, SeatStatus, type ProductInventory, type SeatBatch } from './inventory'
import { CUSTOMER_EMAIL_PATTERN } from '../../contract/delivery'
import { lineCents, type LedgerItem, type LedgerLine, type OrderRecord, type OrderStatus } from './order-record'
import type { ConfirmRequest, OrderRequest } from './order-request'
import { commonOf, deliveryMethodsFor, priceClassesFor, type DeliveryMethod } from './pricing'
import type { SeatOffers } from './seat-offers'

/**
 * Pre-payment orders, their confirmation and their expiry. An order takes over
 * its seats (held → ordered) until it expires; confirm sells them; an order
 * left unconfirmed past its expiry releases them. Every step is one database
 * transaction together with its seat changes.
 */

/** The seats an order takes, per show: what its one transaction changes. */
type SeatBatches = Map<number, { inventory: ProductInventory; ordinals: number[] }>

/** The tenant's maximum number of tickets in one cart (vendor notes). */
export const MAX_TICKETS_PER_CART = 20

interface OrderRow {
  txn_ref: string
  status: OrderStatus
  confirmed_at: number | null
  payment_ref: string | null
  detail: string
}

const PATRON_BASE = 1_000_000
const FIRST_ORDER_ID = 70_000_001

export class OrderBook {
  readonly #findPatron: Statement<[string], { account_no: number }>
  readonly #addPatron: Statement<[string, string, number]>
  readonly #insert: Statement<[string, number, number, string, number, number, number, string]>
  readonly #update: Statement<[string, number | null, string | null, string]>
  readonly #get: Statement<[string], OrderRow>
  readonly #lastOrderId: Statement<[], { id: number | null }>
  readonly #pending: Statement<[], OrderRow>
  readonly #expiredPending: Statement<[number], OrderRow>

  constructor(
    private readonly db: SandboxDb,
    private readonly catalogue: Catalogue,
    private readonly book: InventoryBook,
    private readonly offers: SeatOffers,
    private readonly holdMs: number,
  ) {
    this.#findPatron = db.prepare('SELECT account_no FROM patrons WHERE email = ?')
    this.#addPatron = db.prepare('INSERT INTO patrons (email, patron_type, created_at) VALUES (?, ?, ?)')
    this.#insert = db.prepare(
      `INSERT INTO orders (txn_ref, order_id, patron_no, status, amount_cents, created_at, expires_at, detail)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    this.#update = db.prepare('UPDATE orders SET status = ?, confirmed_at = ?, payment_ref = ? WHERE txn_ref = ?')
    this.#get = db.prepare('SELECT txn_ref, status, confirmed_at, payment_ref, detail FROM orders WHERE txn_ref = ?')
    this.#lastOrderId = db.prepare('SELECT MAX(order_id) AS id FROM orders')
    this.#pending = db.prepare(
      "SELECT txn_ref, status, confirmed_at, payment_ref, detail FROM orders WHERE status = 'PENDING_PAYMENT'",
    )
    this.#expiredPending = db.prepare(
      `SELECT txn_ref, status, confirmed_at, payment_ref, detail FROM orders
       WHERE status = 'PENDING_PAYMENT' AND expires_at <= ?`,
    )
    // General-admission places of unpaid orders are counted in memory; rebuild them.
    for (const row of this.#pending.all()) {
      for (const item of this.#record(row).items) this.#gaPending(item, item.quantity)
    }
  }

  #record(row: OrderRow): OrderRecord {
    const record = JSON.parse(row.detail) as OrderRecord
    return { ...record, status: row.status, confirmedAt: row.confirmed_at, paymentRef: row.payment_ref }
  }

  #gaPending(item: LedgerItem, delta: number): void {
    const product = this.catalogue.product(item.productId)
    if (product?.ticketType !== 'GA') return
    const stock = this.book.ga(product).get(item.sectionId)
    if (stock) stock.pending += delta
  }

  #patron(email: string, type: string, now: number): number {
    const found = this.#findPatron.get(email)
    if (found) return found.account_no
    return Number(this.#addPatron.run(email, type, now).lastInsertRowid)
  }

  create(request: OrderRequest, now: number, client: string): OrderRecord {
    if (!CUSTOMER_EMAIL_PATTERN.test(request.patronInfo.email)) {
      throw badRequest('error.order.patron.email.invalid', 'patronInfo.email is not an e-mail address')
    }
    const products: Product[] = []
    const items: LedgerItem[] = []
    const batches: SeatBatches = new Map()
    const gaTaken = new Map<string, number>()
    let tickets = 0
    let amount = 0

    request.cartItemList.forEach((item, index) => {
      const where = `cartItemList[${index}]`
      const { product, section, lines } = this.#priced(item, where, now)
      const quantity = lines.reduce((n, l) => n + l.quantity, 0)
      tickets += quantity
      if (tickets > MAX_TICKETS_PER_CART) {
        throw badRequest('error.order.max-tickets.exceeded', `A cart holds at most ${MAX_TICKETS_PER_CART} tickets`)
      }
      const ordinals = this.#seatsFor(product, item, quantity, batches, gaTaken, now, where, client)
      for (const line of lines) amount += lineCents(line)
      products.push(product)
      items.push({ productId: product.id, sectionId: section.section.id, priceCatId: section.category.id, mode: item.mode, ordinals, quantity, lines })
    })

    const delivery = this.#deliveryFor(request, products, now)
    amount += delivery.cents
    if (centsIfWhole(request.totalAmount) !== amount) {
      throw badRequest('error.order.amount.mismatch', `totalAmount does not match the cart: expected ${shownCents(amount)}`)
    }
    return this.#place(request, { amount, delivery, items, batches }, now, client)
  }

  /** An item's show (on sale), section and price classes, each class sold in a quantity the show allows. */
  #priced(item: OrderRequest['cartItemList'][number], where: string, now: number) {
    const product = this.catalogue.product(item.productId)
    if (!product) throw badRequest('error.order.product.invalid', `${where}: no show ${item.productId}`)
    this.offers.assertSellable(product, now)
    const section = product.sectionById.get(item.seatSectionId)
    if (!section || section.category.id !== item.priceCatId) {
      throw badRequest('error.order.section.invalid', `${where}: section and price category do not match show ${product.id}`)
    }
    const classes = priceClassesFor(product, section.category)
    const lines: LedgerLine[] = item.priceClassList.map((wanted) => {
      const priceClass = classes.find((c) => c.code === wanted.priceClassCode)
      if (!priceClass) {
        throw badRequest('error.order.price-class.invalid', `${where}: no price class ${wanted.priceClassCode}`)
      }
      if (!priceClass.availableQty.includes(wanted.quantity)) {
        throw badRequest(
          'error.order.price-class.quantity.invalid',
          `${where}: ${wanted.priceClassCode} is sold in quantities ${priceClass.availableQty.join(',')}`,
        )
      }
      return { code: priceClass.code, alias: priceClass.alias, quantity: wanted.quantity, unitCents: priceClass.cents, fees: priceClass.fees }
    })
    return { product, section, lines }
  }

  /** The delivery method asked for, if every show of the cart offers it (with its address), and the payment method likewise. */
  #deliveryFor(request: OrderRequest, products: readonly Product[], now: number) {
    const delivery = commonOf(products.map((p) => deliveryMethodsFor(p, now)), (m) => m.code).find(
      (m) => m.code === request.deliveryMethodCode,
    )
    if (!delivery) throw badRequest('error.order.delivery-method.invalid', `delivery method ${request.deliveryMethodCode} is not available for this cart`)
    if (delivery.addressRequired && !request.deliveryAddress) {
      throw badRequest('error.order.delivery-address.required', `${delivery.code} needs deliveryAddress`)
    }
    const payments = commonOf(products.map((p) => [...p.event.paymentMethods]), (m) => m)
    if (!payments.includes(request.paymentMethodCode)) {
      throw badRequest('error.order.payment-method.invalid', `payment method ${request.paymentMethodCode} is not available for this cart`)
    }
    return delivery
  }

  /** Records the order, its seats ordered and its patron, in one transaction. */
  #place(
    request: OrderRequest,
    cart: {
      amount: number
      delivery: DeliveryMethod
      items: LedgerItem[]
      batches: SeatBatches
    },
    now: number,
    client: string,
  ): OrderRecord {
    const { amount, delivery, items, batches } = cart
    // Requests are handled one at a time (all of this is synchronous), so the next id is ours.
    const orderId = (this.#lastOrderId.get()?.id ?? FIRST_ORDER_ID - 1) + 1
    const record: OrderRecord = {
      txnRef: `FY${isoSgt(now).slice(0, 10).replaceAll('-', '')}${String(orderId).slice(-6)}`,
      orderId,
      patronNo: 0,
      status: 'PENDING_PAYMENT',
      amountCents: amount,
      createdAt: now,
      expiresAt: now + this.holdMs,
      confirmedAt: null,
      paymentRef: null,
      deliveryMethodCode: delivery.code,
      deliveryCents: delivery.cents,
      paymentMethodCode: request.paymentMethodCode,
      items,
      clientId: client,
    }
    const seatBatches: SeatBatch[] = [...batches.values()].map(({ inventory, ordinals }) => ({
      inventory,
      changes: ordinals.map((ordinal) => ({ ordinal, status: SeatStatus.Ordered, until: record.expiresAt, orderRef: record.txnRef, holder: client })),
    }))
    this.book.commit(seatBatches, () => {
      record.patronNo = PATRON_BASE + this.#patron(request.patronInfo.email, request.patronInfo.patronType, now)
      this.#insert.run(record.txnRef, orderId, record.patronNo, record.status, amount, now, record.expiresAt, JSON.stringify(record))
    })
    for (const item of items) this.#gaPending(item, item.quantity)
    return record
  }

  /** The seats an item takes: the held ids it names, picked ids, or seats the sandbox allocates. */
  #seatsFor(
    product: Product,
    item: OrderRequest['cartItemList'][number],
    quantity: number,
    batches: SeatBatches,
    gaTaken: Map<string, number>,
    now: number,
    where: string,
    client: string,
  ): number[] {
    if (product.ticketType === 'GA') {
      if (item.mode !== '') throw badRequest('error.order.mode.invalid', `${where}: a general-admission show takes mode ""`)
      if (item.quantity !== undefined && item.quantity !== quantity) {
        throw badRequest('error.order.quantity.mismatch', `${where}: quantity ${item.quantity} but ${quantity} tickets priced`)
      }
      const stock = this.book.ga(product).get(item.seatSectionId)!
      const key = `${product.id}:${item.seatSectionId}`
      const taken = (gaTaken.get(key) ?? 0) + quantity
      if (InventoryBook.gaRemaining(stock) < taken) {
        throw badRequest('error.order.seats.unavailable', `${where}: not enough places left`)
      }
      gaTaken.set(key, taken)
      return []
    }
    const inventory = this.book.seats(product)
    const batch = batches.get(product.id) ?? { inventory, ordinals: [] }
    batches.set(product.id, batch)
    const layout = inventory.sections.get(item.seatSectionId)!
    const inBatch = new Set(batch.ordinals)
    let ordinals: number[]
    if (item.mode === '') {
      const sets = chooseBestAvailable(layout.rows, (o) => !inBatch.has(o) && inventory.isFree(o, now), quantity, 1)
      if (sets.length === 0) throw badRequest('error.order.seats.unavailable', `${where}: not enough seats left`)
      ordinals = sets[0]!.ordinals
    } else {
      const ids = item.inventoryIdList ?? []
      if (ids.length !== quantity) {
        throw badRequest('error.order.quantity.mismatch', `${where}: ${ids.length} seats for ${quantity} tickets`)
      }
      ordinals = ids.map((id) => {
        const ordinal = inventory.ordinalOf(id)
        const inSection = ordinal >= layout.start && ordinal < layout.end
        const usable =
          inSection && !inBatch.has(ordinal) && (inventory.isHeldBy(ordinal, client, now) || (item.mode === 'SP' && inventory.isFree(ordinal, now)))
        if (!usable) throw badRequest('error.order.inventory.invalid', `${where}: seat ${id} is not reserved for this order`)
        inBatch.add(ordinal)
        return ordinal
      })
    }
    batch.ordinals.push(...ordinals)
    return ordinals
  }

  /** The order, as `client` may see it: another client's order is answered as no order at all. */
  get(txnRef: string, now: number, client: string): OrderRecord {
    this.expire(now)
    const row = this.#get.get(txnRef)
    const order = row ? this.#record(row) : null
    if (!order || (order.clientId ?? SANDBOX_CLIENT_IDS[0]) !== client) throw badRequest('error.order.not-found', `No order ${txnRef}`)
    return order
  }

  confirm(txnRef: string, request: ConfirmRequest, now: number, client: string): OrderRecord {
    const order = this.get(txnRef, now, client)
    if (order.status === 'CONFIRMED') {
      if (order.paymentRef === request.paymentReference) return order
      throw badRequest('error.order.already-confirmed', `Order ${txnRef} was confirmed with another payment reference`)
    }
    if (order.status === 'CANCELLED') throw badRequest('error.order.cancelled', `Order ${txnRef} was cancelled`)
    if (order.status === 'EXPIRED') throw badRequest('error.order.expired', `Order ${txnRef} expired before it was confirmed`)
    if (centsIfWhole(request.amountPaid) !== order.amountCents) {
      throw badRequest('error.order.amount.mismatch', `amountPaid does not match the order: expected ${shownCents(order.amountCents)}`)
    }
    this.#settle(order, 'CONFIRMED', now, request.paymentReference)
    return { ...order, status: 'CONFIRMED', confirmedAt: now, paymentRef: request.paymentReference }
  }

  /**
   * Voids an unpaid order. With `keepSeatsHeld` its seats go back to the client
   * as holds for a fresh hold window instead of on sale, so an order about to
   * lapse can be placed again (mode SP) without another buyer taking the seats
   * in between (general-admission places are counted again when re-ordered).
   */
  cancel(txnRef: string, now: number, client: string, keepSeatsHeld = false): OrderRecord {
    const order = this.get(txnRef, now, client)
    if (order.status === 'CONFIRMED') throw badRequest('error.order.already-confirmed', `Order ${txnRef} is confirmed`)
    if (order.status !== 'PENDING_PAYMENT') return order
    this.#settle(order, 'CANCELLED', now, null, keepSeatsHeld ? { holder: client, until: now + this.holdMs } : null)
    return { ...order, status: 'CANCELLED' }
  }

  /** Expires unpaid orders whose time is up, releasing their seats and places. */
  expire(now: number): number {
    const rows = this.#expiredPending.all(now)
    for (const row of rows) this.#settle(this.#record(row), 'EXPIRED', now, null)
    return rows.length
  }

  #settle(
    order: OrderRecord,
    status: Exclude<OrderStatus, 'PENDING_PAYMENT'>,
    now: number,
    paymentRef: string | null,
    /** Seats of a cancelled order held for its client instead of freed. */
    holdFor: { holder: string; until: number } | null = null,
  ): void {
    const sold = status === 'CONFIRMED'
    const batches: SeatBatch[] = []
    const gaSold: { product: Product; sectionId: number; sold: number }[] = []
    for (const item of order.items) {
      const product = this.catalogue.product(item.productId)!
      if (product.ticketType === 'GA') {
        const stock = this.book.ga(product).get(item.sectionId)!
        if (sold) gaSold.push({ product, sectionId: item.sectionId, sold: stock.sold + item.quantity })
        continue
      }
      const inventory = this.book.seats(product)
      batches.push({
        inventory,
        changes: item.ordinals.map((ordinal) =>
          sold
            ? { ordinal, status: SeatStatus.Sold, until: 0, orderRef: order.txnRef }
            : holdFor
              ? { ordinal, status: SeatStatus.Held, until: holdFor.until, orderRef: null, holder: holdFor.holder }
              : { ordinal, status: SeatStatus.Free, until: 0, orderRef: null },
        ),
      })
    }
    this.book.commit(batches, () => {
      for (const g of gaSold) this.book.writeGaSold(g.product.id, g.sectionId, g.sold)
      this.#update.run(status, sold ? now : null, paymentRef, order.txnRef)
    })
    for (const item of order.items) {
      this.#gaPending(item, -item.quantity)
      const product = this.catalogue.product(item.productId)!
      if (sold && product.ticketType === 'GA') this.book.ga(product).get(item.sectionId)!.sold += item.quantity
    }
  }
}
