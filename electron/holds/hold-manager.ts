import { randomUUID } from 'node:crypto'
import type { Statement } from 'better-sqlite3'
import type { HoldStatus } from '../contract/holds'
import type { SeatOffer } from '../contract/model'
import type { Logger } from '../ipc-core/dispatcher'
import type { LocalDb } from '../store/local-db'

/**
 * Every seat the kiosk holds at the vendor, with its show and expiry. Held
 * seats are written to disk the moment an offer answers, so a crashed run's
 * holds are released when Foyer starts again instead of blocking seats until
 * they lapse. Seats not kept are released at once (the Best Available set the
 * customer did not choose); everything on cancel, idle reset and quit.
 */
export interface SeatReleaser {
  releaseSeats(productId: number, inventoryIds: readonly number[]): Promise<{ ok: boolean }>
}

export interface HoldManagerOptions {
  db: LocalDb
  /** Which backend and tenant the holds are at, e.g. "sandbox/foyer-training". */
  backend: string
  api: SeatReleaser
  now?: () => number
  /** Hold window when an offer gives no expirationTime (vendor notes: a tenant setting). */
  holdWindowMs: number
  onChange?: (status: HoldStatus) => void
  log?: Logger
}

interface HeldSeat {
  productId: number
  inventoryId: number
  offerId: string
  setIndex: number
  expiresAt: number
}

interface HoldRow {
  product_id: number
  inventory_id: number
  offer_id: string
  set_index: number
  expires_at: number
}

export class HoldManager {
  readonly #seats = new Map<number, HeldSeat>()
  readonly #now: () => number
  readonly #insert: Statement<[string, number, number, string, number, number, number]>
  readonly #delete: Statement<[string, number]>
  readonly #load: Statement<[string], HoldRow>
  #ticker: ReturnType<typeof setInterval> | null = null

  constructor(private readonly options: HoldManagerOptions) {
    this.#now = options.now ?? Date.now
    const { db } = options
    this.#insert = db.prepare(
      'INSERT OR REPLACE INTO holds (backend, product_id, inventory_id, offer_id, set_index, expires_at, taken_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    this.#delete = db.prepare('DELETE FROM holds WHERE backend = ? AND inventory_id = ?')
    this.#load = db.prepare('SELECT product_id, inventory_id, offer_id, set_index, expires_at FROM holds WHERE backend = ?')
  }

  /** When an offer's hold ends: its expirationTime, else reservedTime (or now) plus the hold window. */
  expiryOf(offer: SeatOffer): number {
    const given = offer.expirationTime ? Date.parse(offer.expirationTime) : NaN
    if (Number.isFinite(given)) return given
    const reserved = offer.reservedTime ? Date.parse(offer.reservedTime) : NaN
    return (Number.isFinite(reserved) ? reserved : this.#now()) + this.options.holdWindowMs
  }

  /** Records every seat of every set of an offer, on disk first. Returns the offer's id and expiry. */
  recordOffer(productId: number, offer: SeatOffer): { offerId: string; expiresAt: number } {
    const offerId = randomUUID()
    const expiresAt = this.expiryOf(offer)
    const seats: HeldSeat[] = offer.sets.flatMap((set, setIndex) =>
      set.map((seat) => ({ productId, inventoryId: seat.inventoryId, offerId, setIndex, expiresAt })),
    )
    const takenAt = this.#now()
    this.options.db.transaction(() => {
      for (const s of seats) this.#insert.run(this.options.backend, s.productId, s.inventoryId, offerId, s.setIndex, s.expiresAt, takenAt)
    })()
    for (const s of seats) this.#seats.set(s.inventoryId, s)
    this.#changed()
    return { offerId, expiresAt }
  }

  /** Keeps one set of an offer and releases the others at once. */
  async keepSet(offerId: string, setIndex: number): Promise<{ kept: number[]; released: number }> {
    const ofOffer = [...this.#seats.values()].filter((s) => s.offerId === offerId)
    if (!ofOffer.some((s) => s.setIndex === setIndex)) throw new Error('no such offer or set is held')
    const others = ofOffer.filter((s) => s.setIndex !== setIndex)
    await this.#releaseSeats(others)
    return { kept: ofOffer.filter((s) => s.setIndex === setIndex).map((s) => s.inventoryId), released: others.length }
  }

  /** Releases the given held seats (those not held are ignored). */
  async release(inventoryIds: readonly number[]): Promise<number> {
    const seats = inventoryIds.map((id) => this.#seats.get(id)).filter((s): s is HeldSeat => s !== undefined)
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
    const now = this.#now()
    const rows = this.#load.all(this.options.backend)
    const left: HeldSeat[] = rows.map((r) => ({
      productId: r.product_id,
      inventoryId: r.inventory_id,
      offerId: r.offer_id,
      setIndex: r.set_index,
      expiresAt: r.expires_at,
    }))
    const live = left.filter((s) => s.expiresAt > now)
    this.#forget(left.filter((s) => s.expiresAt <= now))
    await this.#releaseSeats(live)
    return live.length
  }

  /** Seats an order has taken over: no longer holds to release (the order owns them now). */
  handOver(inventoryIds: readonly number[]): void {
    this.#forget(inventoryIds.map((id) => this.#seats.get(id)).filter((s): s is HeldSeat => s !== undefined))
  }

  isHeld(inventoryId: number): boolean {
    const seat = this.#seats.get(inventoryId)
    return seat !== undefined && seat.expiresAt > this.#now()
  }

  status(): HoldStatus {
    const now = this.#now()
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
    if (this.#ticker) clearInterval(this.#ticker)
    this.#ticker = null
  }

  async #releaseSeats(seats: readonly HeldSeat[]): Promise<void> {
    const byShow = new Map<number, number[]>()
    for (const s of seats) {
      const ids = byShow.get(s.productId)
      if (ids) ids.push(s.inventoryId)
      else byShow.set(s.productId, [s.inventoryId])
    }
    const failures: unknown[] = []
    for (const [productId, ids] of byShow) {
      try {
        // A refusal means the seats are no longer held by us (lapsed, or released by a lost
        // earlier answer): either way there is nothing left to hold, so they are forgotten too.
        await this.options.api.releaseSeats(productId, ids)
        this.#forget(seats.filter((s) => s.productId === productId))
      } catch (error) {
        // Unreachable backend: keep them on disk, so the next start (or a later call) releases them.
        failures.push(error)
        this.options.log?.warn('could not release held seats; they stay recorded for a later release', { productId, seats: ids.length })
      }
    }
    if (failures.length > 0) throw failures[0]
  }

  #forget(seats: readonly HeldSeat[]): void {
    if (seats.length === 0) return
    this.options.db.transaction(() => {
      for (const s of seats) this.#delete.run(this.options.backend, s.inventoryId)
    })()
    for (const s of seats) this.#seats.delete(s.inventoryId)
    this.#changed()
  }

  /** Tells the renderer, now and every second while anything is held, how long the hold has left. */
  #changed(): void {
    const status = this.status()
    this.options.onChange?.(status)
    if (status.count > 0 && !this.#ticker && this.options.onChange) {
      this.#ticker = setInterval(() => {
        const now = this.status()
        this.options.onChange?.(now)
        if (now.count === 0) this.stop()
      }, 1000)
      this.#ticker.unref?.()
    } else if (status.count === 0) this.stop()
  }
}
