import { badRequest } from '../http/api-error'
import { SeatType } from '../seed/types'
import { chooseBestAvailable, type SeatSet } from './best-available'
import type { Catalogue, Product } from './catalogue'
import { SeatStatus, type InventoryBook, type ProductInventory, type SeatChange, type SectionSeats } from './inventory'

/**
 * Seat offers (BA/HS) and the seats endpoint (release, and reserve-by-id for
 * seats the patron picked). An offer reserves what it returns; the reservation
 * lapses after the hold window unless an order takes the seats over.
 */
export interface Offer {
  inventory: ProductInventory
  layout: SectionSeats
  sets: SeatSet[]
  reservedAt: number
  expiresAt: number
}

/** Seat types best-available may hand out; accessible and couple seats are chosen by the patron (SP). */
const offerable = new Set<number>([SeatType.Standard])

export class SeatOffers {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly book: InventoryBook,
    private readonly holdMs: number,
  ) {}

  /** Throws unless the show can be sold now. */
  assertSellable(product: Product, now: number): void {
    const reason = this.catalogue.notSellableReason(product, now)
    if (reason) throw badRequest('error.product.not-on-sale', `Show ${product.id} cannot be sold: ${reason}`)
  }

  /** Reserves the best seats for `holder` (the asking client), or null when there are not enough. */
  offer(product: Product, sectionId: number, mode: 'BA' | 'HS', quantity: number, now: number, holder: string): Offer | null {
    const inventory = this.book.seats(product)
    const layout = inventory.sections.get(sectionId)!
    const available = (o: number) => offerable.has(inventory.seatType[o]!) && inventory.isFree(o, now)
    const sets = chooseBestAvailable(layout.rows, available, quantity, mode === 'BA' ? 2 : 1)
    if (sets.length === 0) return null
    const expiresAt = now + this.holdMs
    const changes: SeatChange[] = sets.flatMap((set) =>
      set.ordinals.map((ordinal) => ({ ordinal, status: SeatStatus.Held, until: expiresAt, orderRef: null, holder })),
    )
    this.book.commit([{ inventory, changes }])
    return { inventory, layout, sets, reservedAt: now, expiresAt }
  }

  /**
   * The seats endpoint: releases seats `client` holds and/or reserves free ones
   * for it by id, all or nothing. Returns null on success, or why nothing was
   * changed. A seat another client holds is refused like any seat not held:
   * one client can never free another's seats.
   */
  changeSeats(product: Product, release: readonly number[], reserve: readonly number[], now: number, client: string): string | null {
    const inventory = this.book.seats(product)
    const changes: SeatChange[] = []
    const seen = new Set<number>()
    for (const id of release) {
      const ordinal = inventory.ordinalOf(id)
      if (ordinal < 0) return `seat ${id} is not a seat of show ${product.id}`
      if (seen.has(ordinal)) return `seat ${id} is listed twice`
      if (!inventory.isHeldBy(ordinal, client, now)) return `seat ${id} is not reserved by this client`
      seen.add(ordinal)
      changes.push({ ordinal, status: SeatStatus.Free, until: 0, orderRef: null })
    }
    const until = now + this.holdMs
    for (const id of reserve) {
      const ordinal = inventory.ordinalOf(id)
      if (ordinal < 0) return `seat ${id} is not a seat of show ${product.id}`
      if (seen.has(ordinal)) return `seat ${id} is listed twice`
      if (!inventory.isFree(ordinal, now)) return `seat ${id} is not available`
      seen.add(ordinal)
      changes.push({ ordinal, status: SeatStatus.Held, until, orderRef: null, holder: client })
    }
    this.book.commit([{ inventory, changes }])
    return null
  }
}

