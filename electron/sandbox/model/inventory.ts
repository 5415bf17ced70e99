import type { Statement, Transaction } from 'better-sqlite3'
import { isBusy, type SandboxDb } from '../database/database'
import { ApiError } from '../http/api-error'
import { SeatType, type PreSold, type SeedRow, type SeedSeat, type SeedSection } from '../seed/types'
import type { RowRange } from './best-available'
import { mixInts, type Product } from './catalogue'

/**
 * Seat inventory of the shows. Each reserved-seating show's seats live in
 * typed arrays (status and expiry per seat), ordered section by section, row by
 * row, so a section is one contiguous range and a row a sub-range. Every change
 * is written to SQLite in one synchronous transaction and applied to memory only
 * after it commits: a change is all-or-nothing and no two requests can
 * interleave inside one, so no seat is ever held or sold twice.
 */

export const SeatStatus = { Free: 0, Held: 1, Ordered: 2, Sold: 3 } as const
export type SeatStatusCode = (typeof SeatStatus)[keyof typeof SeatStatus]

/** Inventory ids are the show's id and the seat's ordinal: unique, stable across restarts. */
const ID_STRIDE = 100_000

export interface SectionSeats {
  section: SeedSection
  start: number
  end: number
  rows: RowRange[]
}

export interface SeatBatch {
  inventory: ProductInventory
  changes: readonly SeatChange[]
}

export interface SeatChange {
  ordinal: number
  status: SeatStatusCode
  until: number
  orderRef: string | null
  /** The client (token `sub`) a held or ordered seat belongs to; none for free and sold seats. */
  holder?: string | null
}

/**
 * Seats sold together were sold together before the sandbox opened too: the
 * offset (within the row) of the seat whose draw decides this one. A companion
 * seat goes with its wheelchair space; the second half of a couple seat (seats
 * are paired 1–2, 3–4, … as venues.ts makes them) with the first. 0 for others.
 */
function pairedWith(row: SeedRow, seatIndex: number): number {
  const type = row.seats[seatIndex]?.type
  if (type === SeatType.Companion) return [-1, 1].find((d) => row.seats[seatIndex + d]?.type === SeatType.Wheelchair) ?? 0
  if (type === SeatType.Couple && seatIndex % 2 === 1 && row.seats[seatIndex - 1]?.type === SeatType.Couple) return -1
  return 0
}

function isBaselineSold(preSold: PreSold | undefined, productId: number, ordinal: number, seatIndex: number): boolean {
  if (!preSold) return false
  switch (preSold.kind) {
    case 'sold-out':
      return true
    case 'single-seats':
      // Every third seat left free: only isolated single seats remain.
      return seatIndex % 3 !== 1
    case 'fraction':
      return mixInts(productId, ordinal) / 0x1_0000_0000 < preSold.value
  }
}

export class ProductInventory {
  readonly size: number
  readonly status: Uint8Array
  readonly until: Float64Array
  /** seatType per seat, kept flat because offers test it for every candidate seat. */
  readonly seatType: Uint8Array
  readonly orderRef = new Map<number, string>()
  /** Which client holds each held or ordered seat: only that client may release or order it. */
  readonly holder = new Map<number, string>()
  readonly sections = new Map<number, SectionSeats>()
  readonly #sectionOf: Uint16Array
  readonly #rowOf: Uint16Array
  readonly #seatOf: Uint16Array
  readonly #sectionList: SectionSeats[] = []

  constructor(readonly product: Product) {
    const reserved = product.sections.filter((s) => s.section.type === 'RS')
    this.size = reserved.reduce((n, s) => n + s.section.rows.reduce((m, r) => m + r.seats.length, 0), 0)
    if (this.size >= ID_STRIDE) throw new Error(`show ${product.id} has too many seats for its id range`)
    this.status = new Uint8Array(this.size)
    this.until = new Float64Array(this.size)
    this.seatType = new Uint8Array(this.size)
    this.#sectionOf = new Uint16Array(this.size)
    this.#rowOf = new Uint16Array(this.size)
    this.#seatOf = new Uint16Array(this.size)
    let ordinal = 0
    // Only a random pre-sale pairs its draws: the single-seats fixture leaves lone seats by design.
    const pairs = product.show.preSold?.kind === 'fraction'
    reserved.forEach(({ section }, sectionIndex) => {
      const layout: SectionSeats = { section, start: ordinal, end: ordinal, rows: [] }
      section.rows.forEach((row, rowIndex) => {
        const start = ordinal
        row.seats.forEach((seat, seatIndex) => {
          this.seatType[ordinal] = seat.type
          this.#sectionOf[ordinal] = sectionIndex
          this.#rowOf[ordinal] = rowIndex
          this.#seatOf[ordinal] = seatIndex
          const d = pairs ? pairedWith(row, seatIndex) : 0
          if (isBaselineSold(product.show.preSold, product.id, ordinal + d, seatIndex + d)) this.status[ordinal] = SeatStatus.Sold
          ordinal++
        })
        layout.rows.push({ start, end: ordinal })
      })
      layout.end = ordinal
      this.#sectionList.push(layout)
      this.sections.set(section.id, layout)
    })
  }

  inventoryId(ordinal: number): number {
    return this.product.id * ID_STRIDE + ordinal
  }

  /** The ordinal of an inventory id of this show, or -1. */
  ordinalOf(inventoryId: number): number {
    const ordinal = inventoryId - this.product.id * ID_STRIDE
    return Number.isInteger(ordinal) && ordinal >= 0 && ordinal < this.size ? ordinal : -1
  }

  seat(ordinal: number): { section: SeedSection; row: SeedRow; seat: SeedSeat } {
    const section = this.#sectionList[this.#sectionOf[ordinal]!]!.section
    const row = section.rows[this.#rowOf[ordinal]!]!
    return { section, row, seat: row.seats[this.#seatOf[ordinal]!]! }
  }

  /** Free now: never taken, or held/ordered with the hold or order expired. */
  isFree(ordinal: number, now: number): boolean {
    const s = this.status[ordinal]
    return s === SeatStatus.Free || ((s === SeatStatus.Held || s === SeatStatus.Ordered) && this.until[ordinal]! <= now)
  }

  isHeld(ordinal: number, now: number): boolean {
    return this.status[ordinal] === SeatStatus.Held && this.until[ordinal]! > now
  }

  /** Held now, by this client: a seat another client holds is not this client's to release or order. */
  isHeldBy(ordinal: number, client: string, now: number): boolean {
    return this.isHeld(ordinal, now) && this.holder.get(ordinal) === client
  }

  /** The order this client placed that took the seat and has not lapsed, or null: the seat is reserved for that order. */
  orderedBy(ordinal: number, client: string, now: number): string | null {
    if (this.status[ordinal] !== SeatStatus.Ordered || this.until[ordinal]! <= now || this.holder.get(ordinal) !== client) return null
    return this.orderRef.get(ordinal) ?? null
  }

  apply(change: SeatChange): void {
    this.status[change.ordinal] = change.status
    this.until[change.ordinal] = change.until
    if (change.orderRef) this.orderRef.set(change.ordinal, change.orderRef)
    else this.orderRef.delete(change.ordinal)
    if (change.holder) this.holder.set(change.ordinal, change.holder)
    else this.holder.delete(change.ordinal)
  }

  /** Free and adjacent-free-pair counts of a section, for availability codes. */
  sectionCounts(section: SectionSeats, now: number): { total: number; free: number; pairs: number } {
    let free = 0
    let pairs = 0
    for (const row of section.rows) {
      let previousFree = false
      for (let o = row.start; o < row.end; o++) {
        const isFree = this.isFree(o, now)
        if (isFree) free++
        if (isFree && previousFree) pairs++
        previousFree = isFree
      }
    }
    return { total: section.end - section.start, free, pairs }
  }
}

/** General-admission stock of one show: capacity less baseline sales, API sales and pending orders. */
export interface GaSection {
  capacity: number
  baselineSold: number
  sold: number
  pending: number
}

export class InventoryBook {
  readonly #seats = new Map<number, ProductInventory>()
  readonly #ga = new Map<number, Map<number, GaSection>>()
  readonly #load: Statement<[number, number], { inventory_id: number; status: number; until: number; order_ref: string | null; holder: string | null }>
  readonly #upsert: Statement<[number, number, number, number, string | null, string | null]>
  readonly #delete: Statement<[number]>
  readonly #loadGa: Statement<[number], { section_id: number; sold: number }>
  readonly #upsertGa: Statement<[number, number, number]>
  /** One transaction function, made once: better-sqlite3 builds a wrapper per db.transaction() call. */
  readonly #write: Transaction<(batches: readonly SeatBatch[], alsoInTransaction?: () => void) => void>

  constructor(readonly db: SandboxDb) {
    this.#load = db.prepare('SELECT inventory_id, status, until, order_ref, holder FROM seat_state WHERE inventory_id >= ? AND inventory_id < ?')
    this.#upsert = db.prepare(
      `INSERT INTO seat_state (inventory_id, product_id, status, until, order_ref, holder) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (inventory_id) DO UPDATE SET status = excluded.status, until = excluded.until, order_ref = excluded.order_ref, holder = excluded.holder`,
    )
    this.#delete = db.prepare('DELETE FROM seat_state WHERE inventory_id = ?')
    this.#loadGa = db.prepare('SELECT section_id, sold FROM ga_sold WHERE product_id = ?')
    this.#upsertGa = db.prepare(
      `INSERT INTO ga_sold (product_id, section_id, sold) VALUES (?, ?, ?)
       ON CONFLICT (product_id, section_id) DO UPDATE SET sold = excluded.sold`,
    )
    this.#write = db.transaction((batches: readonly SeatBatch[], alsoInTransaction?: () => void) => {
      for (const { inventory, changes } of batches) {
        for (const c of changes) {
          const id = inventory.inventoryId(c.ordinal)
          if (c.status === SeatStatus.Free) this.#delete.run(id)
          else this.#upsert.run(id, inventory.product.id, c.status, c.until, c.orderRef, c.holder ?? null)
        }
      }
      alsoInTransaction?.()
    })
  }

  /** The show's seats, built on first use and overlaid with what the database says changed. */
  seats(product: Product): ProductInventory {
    let inventory = this.#seats.get(product.id)
    if (!inventory) {
      inventory = new ProductInventory(product)
      for (const row of this.#load.all(product.id * ID_STRIDE, (product.id + 1) * ID_STRIDE)) {
        const ordinal = inventory.ordinalOf(row.inventory_id)
        if (ordinal >= 0) {
          inventory.apply({ ordinal, status: row.status as SeatStatusCode, until: row.until, orderRef: row.order_ref, holder: row.holder })
        }
      }
      this.#seats.set(product.id, inventory)
    }
    return inventory
  }

  loadedSeats(): IterableIterator<ProductInventory> {
    return this.#seats.values()
  }

  /**
   * Writes seat changes (of one or several shows) and whatever else the caller
   * adds in one immediate transaction, then applies them in memory. A database
   * locked by another connection is answered as the API's allocation-busy
   * error, with nothing changed.
   */
  commit(batches: readonly SeatBatch[], alsoInTransaction?: () => void): void {
    try {
      this.#write.immediate(batches, alsoInTransaction)
    } catch (error) {
      if (isBusy(error)) {
        throw new ApiError(400, 'error.product.detail-seatmap.system-allocation-busy', 'Seat allocation timed out, please retry')
      }
      throw error
    }
    for (const { inventory, changes } of batches) for (const c of changes) inventory.apply(c)
  }

  ga(product: Product): Map<number, GaSection> {
    let stock = this.#ga.get(product.id)
    if (!stock) {
      stock = new Map()
      const persisted = new Map(this.#loadGa.all(product.id).map((r) => [r.section_id, r.sold]))
      const preSold = product.show.preSold
      for (const { section } of product.sections) {
        if (section.type !== 'GA') continue
        const capacity = section.capacity ?? 0
        const baselineSold =
          preSold?.kind === 'sold-out'
            ? capacity
            : preSold?.kind === 'fraction'
              ? Math.floor(capacity * preSold.value)
              : 0
        stock.set(section.id, { capacity, baselineSold, sold: persisted.get(section.id) ?? 0, pending: 0 })
      }
      this.#ga.set(product.id, stock)
    }
    return stock
  }

  /** Statement writing a GA section's API sales; run inside a transaction by the caller. */
  writeGaSold(productId: number, sectionId: number, sold: number): void {
    this.#upsertGa.run(productId, sectionId, sold)
  }

  static gaRemaining(s: GaSection): number {
    return Math.max(0, s.capacity - s.baselineSold - s.sold - s.pending)
  }
}
