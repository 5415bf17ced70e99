import type { Statement } from 'better-sqlite3'
import type { LocalDb } from '../database/local-db'

/** A seat of a show (inventory ids are unique only within a show). */
export interface SeatKey {
  productId: number
  inventoryId: number
}

export interface HeldSeat extends SeatKey {
  offerId: string
  setIndex: number
  expiresAt: number
  /** When the vendor took a hold it gave no expiry for (its expiry is reckoned from it); null or absent: the vendor said. */
  reckonedFrom?: number | null
}

interface HoldRow {
  product_id: number
  inventory_id: number
  offer_id: string
  set_index: number
  expires_at: number
}

/**
 * The held seats on disk, one backend's (a seat is known by its backend,
 * show and inventory id). Written before the memory is, so a crash leaves a
 * record the next start releases (./hold-manager.ts).
 */
export class HoldTable {
  readonly #insert: Statement<[string, number, number, string, number, number, number]>
  readonly #delete: Statement<[string, number, number]>
  readonly #load: Statement<[string], HoldRow>

  constructor(
    private readonly db: LocalDb,
    /** Which backend and tenant the holds are at, e.g. "sandbox/foyer-training". */
    private readonly backend: string,
  ) {
    this.#insert = db.prepare(
      'INSERT OR REPLACE INTO holds (backend, product_id, inventory_id, offer_id, set_index, expires_at, taken_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    this.#delete = db.prepare('DELETE FROM holds WHERE backend = ? AND product_id = ? AND inventory_id = ?')
    this.#load = db.prepare('SELECT product_id, inventory_id, offer_id, set_index, expires_at FROM holds WHERE backend = ?')
  }

  /** Writes seats down in one transaction, taken now. */
  write(seats: readonly HeldSeat[]): void {
    const takenAt = Date.now()
    this.db.transaction(() => {
      for (const s of seats) this.#insert.run(this.backend, s.productId, s.inventoryId, s.offerId, s.setIndex, s.expiresAt, takenAt)
    })()
  }

  /** Strikes seats out in one transaction. */
  delete(seats: readonly SeatKey[]): void {
    this.db.transaction(() => {
      for (const s of seats) this.#delete.run(this.backend, s.productId, s.inventoryId)
    })()
  }

  /** Every seat written down for this backend (a previous run's leftovers, at start). */
  load(): HeldSeat[] {
    return this.#load.all(this.backend).map((r) => ({
      productId: r.product_id,
      inventoryId: r.inventory_id,
      offerId: r.offer_id,
      setIndex: r.set_index,
      expiresAt: r.expires_at,
    }))
  }
}
