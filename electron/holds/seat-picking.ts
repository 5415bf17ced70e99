import type { OfferRequest } from '../api/sales-api'
import type { Seat, SeatOffer } from '../contract/model'
import { seatKindOf } from '../contract/seat-names'
import { partnerOf, SeatKind, soldAsPair } from '../contract/seat-pairs'
import { FoyerError } from '../ipc-core/foyer-error'
import type { HoldManager } from './hold-manager'

/**
 * Seats the customer picks themselves (mode SP), and accessible seating.
 *
 * An offer (BA/HS) shows the section's free seats as well as the sets it
 * holds. The customer may take any seat the offer showed instead of one of
 * theirs: main decides what each pick replaces (the Best Available set they
 * did not keep, then the earliest of their own seats), so no more than the
 * quantity they asked for stays held beyond the one exchange at the vendor.
 * Only seats the offer showed can be picked: the renderer cannot reach into
 * another section or show.
 */

/** What the vendor side of picking needs: offers (SalesApi). Exchanges go through the holds. */
export interface SeatOfferer {
  offerSeats(request: OfferRequest): Promise<SeatOffer>
}

export interface HeldOffer {
  offerId: string
  expiresAt: string
  offer: SeatOffer
  picked: boolean
}

interface KnownOffer {
  productId: number
  quantity: number
  /** The offer as the vendor gave it. */
  original: SeatOffer
  /** Every seat it showed that can be had, by inventory id: its sets' and the available ones. */
  seats: Map<number, Seat>
  picked: boolean
}

const seatTaken = () =>
  new FoyerError({ code: 'seats.taken', messageKey: 'errors.seats.taken', retryable: false, detail: 'a picked seat was taken meanwhile' })
const notPickable = (detail: string) => new FoyerError({ code: 'seats.not-pickable', messageKey: 'errors.seats.notPickable', retryable: false, detail })
const lapsed = () => new FoyerError({ code: 'holds.unknown-offer', messageKey: 'errors.holds.lapsed', retryable: false, detail: 'that offer is no longer held' })

/** Why a section cannot be looked in for a wheelchair space; the search moves on to the next. */
const SKIPPED_SECTION = new Set(['errors.api.notEnoughSeats', 'errors.api.seatMapUnavailable'])

/** Offers remembered for picking; older ones are forgotten (they were given back long since). */
const REMEMBERED_OFFERS = 20
/** Seats of a kind (wheelchair, companion, couple) remembered for naming them on paper; the oldest are forgotten first. */
const REMEMBERED_KINDS = 10_000

export class SeatPicker {
  readonly #offers = new Map<string, KnownOffer>()
  /** The seat type of every seat of a kind the offers showed, by show and inventory id (plain seats are not kept). */
  readonly #kinds = new Map<string, number>()

  constructor(
    private readonly api: SeatOfferer,
    private readonly holds: HoldManager,
  ) {}

  /** An offer was made and recorded: its seats may be picked from now on. */
  remember(offerId: string, productId: number, quantity: number, offer: SeatOffer): void {
    const seats = new Map<number, Seat>()
    for (const seat of [...offer.sets.flat(), ...offer.available]) if (!seats.has(seat.inventoryId)) seats.set(seat.inventoryId, seat)
    this.#offers.set(offerId, { productId, quantity, original: offer, seats, picked: false })
    while (this.#offers.size > REMEMBERED_OFFERS) this.#offers.delete(this.#offers.keys().next().value!)
    for (const seat of seats.values()) {
      if (seatKindOf(seat.seatType)) this.#kinds.set(`${productId}:${seat.inventoryId}`, seat.seatType!)
    }
    while (this.#kinds.size > REMEMBERED_KINDS) this.#kinds.delete(this.#kinds.keys().next().value!)
  }

  /**
   * The vendor seat type of a seat an offer showed, where it is of a kind
   * (a wheelchair space, a companion or couple seat); null for a plain seat or
   * one not seen. The journal keeps it with the order (the vendor's order does
   * not say it), so the tickets and receipt name the seat's kind.
   */
  seatTypeOf(productId: number, inventoryId: number): number | null {
    return this.#kinds.get(`${productId}:${inventoryId}`) ?? null
  }

  /**
   * A seat of a show as the offers made here showed it, and the offer it was in (newest first): the
   * customer display names the seats held and draws them on the section, from main's own record.
   */
  seatShown(productId: number, inventoryId: number): { seat: Seat; offer: SeatOffer } | null {
    for (const known of [...this.#offers.values()].reverse()) {
      const seat = known.productId === productId ? known.seats.get(inventoryId) : undefined
      if (seat) return { seat, offer: known.original }
    }
    return null
  }

  /** Takes a seat of an offer for the customer (with its wheelchair or companion partner, or its couple seat's other half), replacing what it must. */
  async pick(offerId: string, inventoryId: number): Promise<HeldOffer> {
    const known = this.#offers.get(offerId)
    const held = this.holds.heldFor(offerId)
    if (!known || held.length === 0) throw lapsed()
    const seat = known.seats.get(inventoryId)
    if (!seat) throw notPickable(`seat ${inventoryId} was not shown by this offer`)
    const keptSet = held.some((s) => s.setIndex === 0) ? 0 : held[0]!.setIndex
    const yours = held.filter((s) => s.setIndex === keptSet).map((s) => s.inventoryId)
    const others = held.filter((s) => s.setIndex !== keptSet).map((s) => s.inventoryId)
    if (yours.includes(inventoryId)) return this.#view(offerId, known)
    const free = this.#free(known, held.map((s) => s.inventoryId))
    const partner = known.quantity >= 2 ? partnerOf(seat, free) : null
    if (seat.seatType === SeatKind.Companion && !partner) {
      throw new FoyerError({
        code: 'seats.companion-alone',
        messageKey: 'errors.seats.companionAlone',
        retryable: false,
        detail: 'a companion seat is sold with the wheelchair space beside it',
      })
    }
    // Half a double seat would leave its other half unsellable to anyone else.
    if (soldAsPair(seat) && !partner) {
      throw new FoyerError({
        code: 'seats.couple-alone',
        messageKey: 'errors.seats.coupleAlone',
        retryable: false,
        detail: known.quantity < 2 ? 'a couple seat is sold as a pair, for two tickets or more' : 'the other half of that couple seat is taken',
      })
    }
    const pick = partner ? [seat.inventoryId, partner.inventoryId] : [seat.inventoryId]
    // The unkept set goes back, then the earliest of the customer's own seats, down to the quantity.
    const overflow = Math.max(0, yours.length + pick.length - known.quantity)
    const toRelease = [...others, ...yours.slice(0, overflow)]
    let done: boolean
    try {
      done = await this.holds.exchange(offerId, keptSet, pick, toRelease)
    } catch (error) {
      if (error instanceof FoyerError) throw error
      throw lapsed()
    }
    if (!done) throw seatTaken()
    known.picked = true
    return this.#view(offerId, known)
  }

  /**
   * Accessible seating: the first of `sections` (in order) with a free
   * wheelchair space, offered and then picked, so the customer holds the space
   * (and its companion seat, when they want two or more) with the rest of
   * their quantity from the offer. Sections without one are given back at once.
   */
  async findWheelchairSpace(request: {
    productId: number
    mode: 'BA' | 'HS'
    quantity: number
    sections: readonly { sectionId: number; priceCategoryId: number }[]
  }): Promise<HeldOffer & { sectionId: number }> {
    const { productId, mode, quantity } = request
    for (const { sectionId, priceCategoryId } of request.sections) {
      let offer: SeatOffer
      try {
        offer = await this.api.offerSeats({ productId, priceCategoryId, sectionId, mode, quantity })
      } catch (error) {
        // Not enough seats together there, or no seat positions to show: the next section may do.
        if (error instanceof FoyerError && SKIPPED_SECTION.has(error.messageKey)) continue
        throw error
      }
      if (offer.sets.length === 0) continue
      const { offerId } = this.holds.recordOffer(productId, offer)
      this.remember(offerId, productId, quantity, offer)
      const space = offer.available.find((seat) => seat.seatType === SeatKind.Wheelchair && (quantity < 2 || partnerOf(seat, offer.available)))
      if (!space) {
        await this.holds.release(productId, offer.sets.flat().map((s) => s.inventoryId))
        this.#offers.delete(offerId)
        continue
      }
      try {
        return { ...(await this.pick(offerId, space.inventoryId)), sectionId }
      } catch (error) {
        // Taken meanwhile: give this section's seats back and look on.
        if (!(error instanceof FoyerError) || error.code !== 'seats.taken') throw error
        await this.holds.release(productId, this.holds.heldFor(offerId).map((s) => s.inventoryId))
        this.#offers.delete(offerId)
      }
    }
    throw new FoyerError({
      code: 'seats.no-wheelchair-space',
      messageKey: 'errors.seats.noWheelchairSpace',
      retryable: true,
      detail: 'no free wheelchair space in the sections asked',
    })
  }

  /** The seats the offer showed that nobody (not this customer either) holds now, as far as Foyer knows. */
  #free(known: KnownOffer, held: readonly number[]): Seat[] {
    const mine = new Set(held)
    return [...known.seats.values()].filter((s) => !mine.has(s.inventoryId))
  }

  /** The section as it now stands for the customer: their seats as the one set, every other seat shown as available. */
  #view(offerId: string, known: KnownOffer): HeldOffer {
    const held = this.holds.heldFor(offerId)
    const seats = held.map((s) => known.seats.get(s.inventoryId)).filter((s): s is Seat => s !== undefined)
    return {
      offerId,
      // When the first of them lapses.
      expiresAt: new Date(Math.min(...held.map((s) => s.expiresAt))).toISOString(),
      offer: { ...known.original, sets: [seats], available: this.#free(known, held.map((s) => s.inventoryId)) },
      picked: known.picked,
    }
  }
}
