import { randomUUID } from 'node:crypto'
import type { HoldStatus } from '../contract/holds'
import type { Clock } from '../api/vendor-clock'
import type { OrderItem, SeatOffer } from '../contract/model'
import type { Logger } from '../ipc-core/logger'
import type { LocalDb } from '../database/local-db'
import { HoldCountdown } from './hold-countdown'
import { HoldExpiry } from './hold-expiry'
import { HoldTable, type HeldSeat, type SeatKey } from './hold-table'

export type { HeldSeat, SeatKey } from './hold-table'

/**
 * Every seat the kiosk holds at the vendor, with its show and expiry. Held
 * seats are written to disk the moment an offer answers, so a crashed run's
 * holds are released when Foyer starts again instead of blocking seats until
 * they lapse. Seats not kept are released at once (the Best Available set the
 * customer did not choose); everything on cancel, idle reset and quit.
 *
 * A seat is known by its show and inventory id together: the vendor's ids are
 * unique only within a show. Expiry is reckoned by the vendor's clock, and by
 * the shortest hold the vendor is known to give (hold-expiry.ts). A hold
 * that has lapsed is never released, only forgotten: the vendor gave the seat
 * back, and it may be another customer's now. A seat is forgotten only when the
 * vendor released it or said it was not ours; one whose release could not be
 * asked (no network) stays recorded, so a later call or the next start tries again.
 */
/** What the holds need of the vendor (SalesApi): releasing seats, and its clock, which holds lapse by. */
export interface SeatReleaser {
  releaseSeats(productId: number, inventoryIds: readonly number[]): Promise<{ ok: boolean }>
  /** Reserves picked seats and releases replaced ones in one all-or-nothing call. */
  exchangeSeats(productId: number, reserve: readonly number[], release: readonly number[]): Promise<{ ok: boolean; reservedTime: string | null }>
  readonly clock: Clock
  /** Makes sure the clock has heard the vendor (leftovers are judged lapsed or not by it). */
  learnClock(): Promise<void>
}

export interface HoldManagerOptions {
  db: LocalDb
  /** Which backend and tenant the holds are at, e.g. "sandbox/foyer-training". */
  backend: string
  api: SeatReleaser
  /** Hold window when an offer gives no expirationTime (vendor notes: a tenant setting); a shorter hold the vendor shows wins. A function: read at each hold. */
  holdWindowMs: number | (() => number)
  /** How many times that window the customer holding seats now gets (audio guidance), within the vendor's hold; 1 when absent. */
  lengthen?: () => number
  onChange?: (status: HoldStatus) => void
  log?: Logger
}

/**
 * A hold that ends this soon is treated as lapsed: the vendor's clock is known
 * to about a second, and a release arriving just after the lapse could free a
 * seat another customer was offered meanwhile. Left alone, it lapses anyway.
 */
export const LAPSE_MARGIN_MS = 2_000

const keyOf = (seat: SeatKey) => `${seat.productId}:${seat.inventoryId}`

export class HoldManager {
  readonly #seats = new Map<string, HeldSeat>()
  readonly #clock: Clock
  readonly #expiry: HoldExpiry
  readonly #table: HoldTable
  readonly #countdown: HoldCountdown
  /** Offers whose set is being kept right now (keepSet). */
  readonly #choosing = new Set<string>()

  constructor(private readonly options: HoldManagerOptions) {
    this.#clock = options.api.clock
    this.#expiry = new HoldExpiry(this.#clock, options.holdWindowMs, options.lengthen)
    this.#table = new HoldTable(options.db, options.backend)
    this.#countdown = new HoldCountdown(() => this.status(), options.onChange)
  }

  /** How long a hold taken now lasts, in ms, when the vendor does not say: for the customer at the screen now. */
  get windowMs(): number {
    return this.#expiry.windowMs
  }

  /**
   * Records every seat of every set of an offer, on disk first. Returns the offer's id and expiry.
   * An offer that shows the vendor's hold shorter than known shortens every reckoned hold too.
   */
  recordOffer(productId: number, offer: SeatOffer): { offerId: string; expiresAt: number } {
    if (this.#expiry.learn(offer)) this.#reckonAgain()
    const expiry = this.#expiry.ofOffer(offer)
    return { offerId: this.#record(productId, offer.sets.map((set) => set.map((seat) => seat.inventoryId)), expiry), expiresAt: expiry.expiresAt }
  }

  /** Held seats whose expiry was reckoned, reckoned again by the shortest hold now known (on disk too). */
  #reckonAgain(): void {
    const changed = [...this.#seats.values()].map((s) => ({ ...s, expiresAt: this.#expiry.again(s) })).filter((s) => s.expiresAt !== this.#seats.get(keyOf(s))!.expiresAt)
    if (changed.length > 0) this.#write(changed)
  }

  /**
   * Seats the vendor holds for this kiosk outside an offer (an unpaid order
   * cancelled into holds, to be placed again): recorded like an offer's one
   * set, for the backend's hold window from now, so a crash before the new
   * order releases them on the next start.
   */
  recordSeats(productId: number, inventoryIds: readonly number[]): void {
    if (inventoryIds.length > 0) this.#record(productId, [[...inventoryIds]], this.#expiry.reckoned())
  }

  #record(productId: number, sets: readonly (readonly number[])[], expiry: { expiresAt: number; reckonedFrom: number | null }): string {
    const offerId = randomUUID()
    this.#write(sets.flatMap((set, setIndex) => set.map((inventoryId) => ({ productId, inventoryId, offerId, setIndex, ...expiry }))))
    return offerId
  }

  /** Writes held seats down, on disk first, then in memory. */
  #write(seats: readonly HeldSeat[]): void {
    this.#table.write(seats)
    for (const s of seats) this.#seats.set(keyOf(s), s)
    this.#countdown.changed()
  }

  /**
   * Keeps one set of an offer and releases the others at once. The choice is made once: the offer is
   * claimed before the release is awaited, so keeping two sets at once cannot release each other's and
   * leave the customer holding neither; the second is refused as an offer no longer to choose from.
   */
  async keepSet(offerId: string, setIndex: number): Promise<{ kept: number[]; released: number }> {
    const ofOffer = this.#ofOffer(offerId)
    if (this.#choosing.has(offerId) || !ofOffer.some((s) => s.setIndex === setIndex)) throw new Error('no such offer or set is held')
    this.#choosing.add(offerId)
    try {
      const others = ofOffer.filter((s) => s.setIndex !== setIndex)
      await this.#releaseSeats(others)
      return { kept: ofOffer.filter((s) => s.setIndex === setIndex).map((s) => s.inventoryId), released: others.length }
    } finally {
      this.#choosing.delete(offerId)
    }
  }

  /**
   * The seats held for an offer, set by set, each set in the order its seats
   * were taken (an offer's seats, then picks in the order they were made).
   */
  heldFor(offerId: string): Readonly<HeldSeat>[] {
    return this.#ofOffer(offerId).filter((s) => this.#live(s))
  }

  /** Every seat recorded for an offer, lapsed or not. */
  #ofOffer(offerId: string): HeldSeat[] {
    return [...this.#seats.values()].filter((s) => s.offerId === offerId)
  }

  /**
   * Takes picked seats for an offer's kept set in place of seats it holds, at
   * the vendor in one all-or-nothing call. The picks are written down first,
   * so a crash mid-exchange gives them back on the next start. Refused (a pick
   * was taken meanwhile): nothing changed, and false. An answer lost on the
   * way leaves it unknown which seats are ours: the picks are given back
   * (refused, they are forgotten), and the replaced seats stay recorded until
   * released, so nothing is left held unknown to Foyer.
   */
  async exchange(offerId: string, setIndex: number, pick: readonly number[], toRelease: readonly number[]): Promise<boolean> {
    const first = this.#ofOffer(offerId)[0]
    if (!first) throw new Error('no such offer is held')
    const productId = first.productId
    const replaced = this.#held(toRelease.map((inventoryId) => ({ productId, inventoryId }))).filter((s) => s.offerId === offerId)
    if (replaced.length !== toRelease.length) throw new Error('a seat to release is not held for this offer')
    const picks: HeldSeat[] = pick.map((inventoryId) => ({ productId, inventoryId, offerId, setIndex, ...this.#expiry.reckoned() }))
    this.#write(picks)
    let answer: { ok: boolean; reservedTime: string | null }
    try {
      answer = await this.options.api.exchangeSeats(productId, pick, toRelease)
    } catch (error) {
      await this.#releaseSeats(picks).catch(() => undefined)
      throw error
    }
    if (!answer.ok) {
      // All or nothing: the picks were not reserved (releasing them is refused, and forgets them).
      await this.#releaseSeats(picks).catch(() => undefined)
      return false
    }
    this.#forget(replaced)
    const reserved = answer.reservedTime ? Date.parse(answer.reservedTime) : NaN
    if (Number.isFinite(reserved)) this.#write(picks.map((p) => ({ ...p, ...this.#expiry.reckoned(reserved) })))
    return true
  }

  /** Releases the given seats of a show that this kiosk holds (others are ignored). Answers how many it held. */
  async release(productId: number, inventoryIds: readonly number[]): Promise<number> {
    const seats = this.#held(inventoryIds.map((inventoryId) => ({ productId, inventoryId })))
    await this.#releaseSeats(seats)
    return seats.length
  }

  /** Cancel, idle reset, quit: every hold goes back. */
  async releaseAll(): Promise<number> {
    const seats = [...this.#seats.values()]
    await this.#releaseSeats(seats)
    return seats.length
  }

  /**
   * At start: what a previous run left held is released (if it has not lapsed
   * already), so a crash does not keep seats from other customers.
   */
  async releaseLeftovers(): Promise<number> {
    const left = this.#table.load()
    if (left.length === 0) return 0
    // Judged by the vendor's clock, which a fresh start has not heard yet.
    await this.options.api.learnClock()
    const live = left.filter((s) => this.#live(s))
    this.#forget(left.filter((s) => !this.#live(s)))
    await this.#releaseSeats(live)
    return live.length
  }

  /** Seats an order has taken over: no longer holds to release (the order owns them now). */
  handOverOrder(order: { items: readonly Pick<OrderItem, 'productId' | 'seats'>[] }): void {
    this.#forget(this.#held(order.items.flatMap((item) => item.seats.map((s) => ({ productId: item.productId, inventoryId: s.inventoryId })))))
  }

  /** Whether every one of these seats is held here and not lapsed (a customer at this terminal holds them). */
  holdsAll(seats: readonly SeatKey[]): boolean {
    return seats.length > 0 && this.#held(seats).filter((s) => this.#live(s)).length === seats.length
  }

  status(): HoldStatus {
    const now = this.#clock.now()
    const live = [...this.#seats.values()].filter((s) => s.expiresAt > now)
    if (live.length === 0) return { count: 0, expiresAt: null, secondsLeft: null, productIds: [] }
    const soonest = Math.min(...live.map((s) => s.expiresAt))
    return {
      count: live.length,
      expiresAt: new Date(soonest).toISOString(),
      secondsLeft: Math.max(0, Math.ceil((soonest - now) / 1000)),
      productIds: [...new Set(live.map((s) => s.productId))].sort((a, b) => a - b),
    }
  }

  /** Stops the countdown pushes (on quit, after releaseAll). */
  stop(): void {
    this.#countdown.stop()
  }

  #held(keys: readonly SeatKey[]): HeldSeat[] {
    return keys.map((k) => this.#seats.get(keyOf(k))).filter((s): s is HeldSeat => s !== undefined)
  }

  /** Still ours to release: the hold ends later than the margin from now, by the vendor's clock. */
  #live(seat: HeldSeat): boolean {
    return seat.expiresAt - LAPSE_MARGIN_MS > this.#clock.now()
  }

  /**
   * Releases held seats show by show. Lapsed holds are forgotten unasked. The
   * vendor's release is all or nothing: when it refuses (one seat no longer
   * ours refuses the lot), the seats are asked for one by one, and each is
   * forgotten once released or refused. Seats whose release could not be asked
   * stay recorded; the first such failure is thrown after the rest were tried.
   */
  async #releaseSeats(seats: readonly HeldSeat[]): Promise<void> {
    this.#forget(seats.filter((s) => !this.#live(s)))
    const byShow = new Map<number, HeldSeat[]>()
    for (const s of seats.filter((s) => this.#live(s))) {
      const ofShow = byShow.get(s.productId)
      if (ofShow) ofShow.push(s)
      else byShow.set(s.productId, [s])
    }
    const failures: unknown[] = []
    for (const [productId, ofShow] of byShow) {
      let result: { ok: boolean }
      try {
        result = await this.options.api.releaseSeats(productId, ofShow.map((s) => s.inventoryId))
      } catch (error) {
        failures.push(error)
        this.options.log?.warn('could not release held seats; they stay recorded for a later release', { productId, seats: ofShow.length })
        continue
      }
      if (result.ok || ofShow.length === 1) {
        // Released, or (one seat) refused: either way the vendor no longer holds it for us.
        this.#forget(ofShow)
        continue
      }
      for (const seat of ofShow) {
        if (!this.#live(seat)) {
          this.#forget([seat])
          continue
        }
        try {
          await this.options.api.releaseSeats(productId, [seat.inventoryId])
          this.#forget([seat])
        } catch (error) {
          failures.push(error)
          this.options.log?.warn('could not release a held seat; it stays recorded for a later release', { productId })
        }
      }
    }
    if (failures.length > 0) throw failures[0]
  }

  #forget(seats: readonly HeldSeat[]): void {
    if (seats.length === 0) return
    this.#table.delete(seats)
    for (const s of seats) this.#seats.delete(keyOf(s))
    this.#countdown.changed()
  }
}
