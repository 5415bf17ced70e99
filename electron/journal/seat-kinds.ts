import type { Order } from '../contract/model'
import { seatKindOf, type SeatKindName } from '../contract/seat-names'

/**
 * A seat's vendor seat type where Foyer saw it offered as a seat of a kind (a
 * wheelchair space, a companion or couple seat), by show and inventory id;
 * null for a plain seat or one it did not see (../holds/seat-picking.ts).
 */
export type SeatTypeLookup = (productId: number, inventoryId: number) => number | null

const keyOf = (productId: number, inventoryId: number) => `${productId}:${inventoryId}`

/** The seat types an order already carries, by show and inventory id. */
function typesIn(order: Order | null): Map<string, number> {
  const types = new Map<string, number>()
  for (const item of order?.items ?? []) {
    for (const seat of item.seats) if (typeof seat.seatType === 'number') types.set(keyOf(item.productId, seat.inventoryId), seat.seatType)
  }
  for (const ticket of order?.tickets ?? []) {
    if (ticket.inventoryId !== null && typeof ticket.seatType === 'number') types.set(keyOf(ticket.productId, ticket.inventoryId), ticket.seatType)
  }
  return types
}

/**
 * The order with each seat's kind, as the journal keeps it. The vendor's order
 * answers (submit, confirm, a look-up in recovery) never say which seat is a
 * wheelchair space; the tickets, the receipt and a reprint must. So the kind
 * is taken from the order the journal kept before (it survives a crash with
 * the sale), else from the offers this run of Foyer saw. A seat whose kind is
 * known nowhere stays without one and is named as a plain seat.
 */
export function withSeatKinds(order: Order, kept: Order | null, offered: SeatTypeLookup | null): Order {
  const known = typesIn(kept)
  const typeOf = (productId: number, inventoryId: number): number | null => known.get(keyOf(productId, inventoryId)) ?? offered?.(productId, inventoryId) ?? null
  return {
    ...order,
    items: order.items.map((item) => ({
      ...item,
      seats: item.seats.map((seat) => {
        const seatType = seat.seatType ?? typeOf(item.productId, seat.inventoryId)
        return seatType === null ? seat : { ...seat, seatType }
      }),
    })),
    tickets: order.tickets.map((ticket) => {
      const seatType = ticket.seatType ?? (ticket.inventoryId === null ? null : typeOf(ticket.productId, ticket.inventoryId))
      return seatType === null ? ticket : { ...ticket, seatType }
    }),
  }
}

/** How many tickets of each kind of seat the sales sold (a shift report's lines); plain seats are not counted here. */
export function seatKindsSold(sales: readonly { order: Order | null }[]): Partial<Record<SeatKindName, number>> {
  const counts: Partial<Record<SeatKindName, number>> = {}
  for (const sale of sales) {
    for (const ticket of sale.order?.tickets ?? []) {
      const kind = seatKindOf(ticket.seatType)
      if (kind) counts[kind] = (counts[kind] ?? 0) + 1
    }
  }
  return counts
}
