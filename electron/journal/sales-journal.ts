import type { Statement } from 'better-sqlite3'
import type { OrderRequest } from '../contract'
import { centsOf } from '../contract/money'
import { inTransaction, type InTransaction } from '../database/in-transaction'
import type { LocalDb } from '../database/local-db'
import { unwaited } from '../database/unwaited'
import { OutboxRecords, PRINTED_STEP, SOLD_ORDER_STATES, type RecordPayloads } from './outbox-records'
import { SaleCodes, type SaleCodeKind } from './sale-codes'
import { saleUpdate, type SaleChanges } from './sale-changes'
import { keptOrderFromRow, SALE_FACTS_COLUMNS, saleFactsFromRow, saleFromRow, type SaleFacts, type SaleRecord } from './sale-rows'
import { SalePayments, type NewPayment, type NewRefund, type PaymentSettled } from './sale-payments'
import { orderTransition, type OrderState, type PaymentState, type Tender } from './sale-states'
import { withSeatKinds, type SeatTypeLookup } from './seat-kinds'

export type { SaleRecord } from './sale-rows'
export type { SaleChanges } from './sale-changes'
export type { PaymentRecord } from './sale-payments'
export { UNFINISHED_STATES, type OrderState, type PaymentState, type SaleState, type Tender } from './sale-states'

/**
 * The sales journal: where every sale stands, written to the kiosk's own disk
 * (WAL, synchronous=FULL) before and after each call that could take money
 * or seats: the order, each payment, the confirm, the printing. After a crash
 * or a power cut, recovery reads it to finish or undo what was in flight, so
 * no customer pays without tickets or a refund.
 *
 * A sale is an order and its payments (./sale-states.ts): the order's state
 * and each payment's are written by their own transition, in one transaction
 * with the step that says why, and where the sale stands is derived from both.
 */
export interface SaleStep {
  seq: number
  at: number
  step: string
  detail: unknown
}

/** A step as its row holds it, its detail read back from JSON: one reading for a sale's steps and a shift's. */
const saleStepOf = (row: { seq: number; at: number; step: string; detail: string | null }): SaleStep => ({
  seq: row.seq,
  at: row.at,
  step: row.step,
  detail: row.detail === null ? null : JSON.parse(row.detail),
})

export class SalesJournal {
  readonly #payments: SalePayments
  readonly #codes: SaleCodes
  /** The hub's outbox, written in each step's transaction (./outbox-records.ts); ShiftBook writes a closed shift's through it. */
  readonly outbox: OutboxRecords
  readonly #begin: Statement<[string, string, Tender, string, number, string | null, string | null, string | null, string, number, number]>
  readonly #get: Statement<[string]>
  readonly #facts: Statement<[string]>
  readonly #keptOrder: Statement<[string]>
  readonly #unfinished: Statement<[string]>
  readonly #steps: Statement<[string], { seq: number; at: number; step: string; detail: string | null }>
  readonly #appendStep: Statement<[string, string, number, string, string | null]>
  readonly #unprinted: Statement<[string]>
  readonly #needingStaff: Statement<[string]>
  readonly #resolveNote: Statement<[number, number, string]>
  readonly #ofShift: Statement<[string]>
  readonly #stepsOfShift: Statement<[string, string], { sale_id: string; seq: number; at: number; step: string; detail: string | null }>
  readonly #updates = new Map<string, Statement>()
  /** Each step's one transaction, its function made once (../database/in-transaction.ts). */
  readonly #inTransaction: InTransaction

  constructor(
    private readonly db: LocalDb,
    /** Which backend and tenant the sales are at, e.g. "sandbox/foyer-training". */
    readonly backend: string,
    private readonly now: () => number = Date.now,
    /** The kinds of seats the offers showed: each order kept carries its seats' kinds (./seat-kinds.ts). */
    private readonly offeredSeatTypes: SeatTypeLookup | null = null,
    /** What each record says to the hub, frozen as the step writes it; null: made when the outbox first sends it. */
    payloads: RecordPayloads | null = null,
  ) {
    this.#inTransaction = inTransaction(db)
    this.#payments = new SalePayments(db)
    this.#codes = new SaleCodes(db)
    this.outbox = new OutboxRecords(db, payloads, now)
    this.#begin = db.prepare(
      `INSERT INTO sales (sale_id, backend, state, tender, payment_method, amount_cents, shift_id, sold_by_id, sold_by_name, request_json, created_at, updated_at)
       VALUES (?, ?, 'submitting', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    this.#get = db.prepare('SELECT * FROM sales WHERE sale_id = ?')
    this.#facts = db.prepare(`SELECT ${SALE_FACTS_COLUMNS} FROM sales WHERE sale_id = ?`)
    this.#keptOrder = db.prepare('SELECT order_json FROM sales WHERE sale_id = ?')
    // An order still open, or a sale held for staff: a sale staff have dealt with is finished for recovery.
    this.#unfinished = db.prepare(
      `SELECT * FROM sales WHERE backend = ? AND (state IN ('submitting', 'submitted') OR held_for_staff = 1)
         AND staff_resolved_at IS NULL ORDER BY created_at`,
    )
    this.#steps = db.prepare('SELECT seq, at, step, detail FROM sale_steps WHERE sale_id = ? ORDER BY seq')
    this.#appendStep = db.prepare(
      'INSERT INTO sale_steps (sale_id, seq, at, step, detail) VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM sale_steps WHERE sale_id = ?), ?, ?, ?)',
    )
    this.#unprinted = db.prepare(
      `SELECT * FROM sales s WHERE backend = ? AND state = 'confirmed' AND printed = 0 AND held_for_staff = 0 AND staff_resolved_at IS NULL
         AND EXISTS (SELECT 1 FROM sale_steps p WHERE p.sale_id = s.sale_id AND p.step = 'print-started')
       ORDER BY created_at`,
    )
    this.#needingStaff = db.prepare('SELECT * FROM sales WHERE backend = ? AND staff_note IS NOT NULL AND staff_resolved_at IS NULL ORDER BY created_at')
    this.#resolveNote = db.prepare('UPDATE sales SET staff_resolved_at = ?, updated_at = ? WHERE sale_id = ? AND staff_note IS NOT NULL')
    this.#ofShift = db.prepare('SELECT * FROM sales WHERE shift_id = ? ORDER BY created_at')
    this.#stepsOfShift = db.prepare(
      'SELECT sale_id, seq, at, step, detail FROM sale_steps WHERE sale_id IN (SELECT sale_id FROM sales WHERE shift_id = ?) AND step = ? ORDER BY sale_id, seq',
    )
  }

  /**
   * Writes steps whose commits do not wait for the disk (synchronous=NORMAL instead of FULL): each survives Foyer
   * crashing at once, and a power cut from the next step that waits on, since the journal's log reaches the disk in
   * order and that step's fsync carries every step before it. Only for a step whose loss in a power cut before then
   * reads as the cut coming a moment earlier, which recovery settles already, and after which nothing takes money or
   * hands the customer anything before a step that waits. Each caller says why its step is such a step.
   */
  unwaited<T>(write: () => T): T {
    return unwaited(this.db, write)
  }

  /** A new sale, written before its order is sent to the vendor. */
  begin(sale: { saleId: string; tender: Tender; request: OrderRequest; shiftId?: string | null; soldBy?: { staffId: string; name: string } | null }): SaleRecord {
    const at = this.now()
    const amountCents = centsOf(sale.request.totalAmount)
    // Read back in the same transaction: one set of the database's locks for the step, not a second for the reading.
    // (Not by RETURNING, as the steps after it are: an INSERT that returns its row has SQLite plan a scan of the
    // tables that refer to the sales, for foreign keys it never finds broken.)
    return this.#inTransaction(() => {
      const by = sale.soldBy ?? null
      this.#begin.run(sale.saleId, this.backend, sale.tender, sale.request.paymentMethodCode, amountCents, sale.shiftId ?? null, by?.staffId ?? null, by?.name ?? null, JSON.stringify(sale.request), at, at)
      this.#append(sale.saleId, at, 'order-submitting', { items: sale.request.items.length, amountCents })
      return this.get(sale.saleId)!
    })
  }

  /**
   * Records one step of a sale and the order's state it leaves, in one
   * transaction: the state and the step are never out of step with each other.
   * A move the order cannot make is refused (./sale-states.ts).
   */
  record(saleId: string, step: string, to: OrderState, changes: SaleChanges = {}, detail?: unknown): SaleRecord {
    return this.#write(saleId, step, to, changes, detail, () => {})
  }

  /** A payment attempt starts (before the terminal or the drawer is asked): answers the sale and the payment's number. */
  startPayment(saleId: string, step: string, payment: NewPayment, changes: SaleChanges = {}, detail?: unknown): { sale: SaleRecord; seq: number } {
    let seq = 0
    const sale = this.#write(saleId, step, 'submitted', changes, detail, (at) => {
      seq = this.#payments.start(saleId, payment, at)
    })
    return { sale, seq }
  }

  /** A payment's answer (approved, declined, unknown), with the order's state it leaves. */
  settlePayment(saleId: string, step: string, seq: number, to: PaymentState, settled: PaymentSettled, order: { to?: OrderState; changes?: SaleChanges } = {}, detail?: unknown): SaleRecord {
    return this.#write(saleId, step, order.to ?? null, order.changes ?? {}, detail, (at) => this.#payments.settle(saleId, seq, to, settled, at))
  }

  /** Payments given back (or not), each as a refund record of its own, with the order's state they leave. */
  refundPayment(saleId: string, step: string, refunds: NewRefund | readonly NewRefund[], to: OrderState, changes: SaleChanges = {}, detail?: unknown): SaleRecord {
    return this.#write(saleId, step, to, changes, detail, (at) => {
      for (const refund of Array.isArray(refunds) ? refunds : [refunds]) this.#payments.refund(saleId, refund as NewRefund, at)
    })
  }

  /** A step that changes nothing but is worth knowing (a retry, a terminal's answer). */
  note(saleId: string, step: string, detail?: unknown): void {
    this.#inTransaction(() => {
      this.#append(saleId, this.now(), step, detail)
      // A reprint is such a step: its record goes with it. No other note makes one (a note changes no state nor payment).
      if (step === PRINTED_STEP) this.outbox.ofSale(saleId)
    })
  }

  get(saleId: string): SaleRecord | null {
    const row = this.#get.get(saleId)
    return row ? this.#read(row) : null
  }

  steps(saleId: string): SaleStep[] {
    return this.#steps.all(saleId).map(saleStepOf)
  }

  /** Sales recovery must look at, oldest first. */
  unfinished(): SaleRecord[] {
    return this.#unfinished.all(this.backend).map((row) => this.#read(row))
  }

  /**
   * Confirmed sales whose printing started and never finished (a crash while printing, paper out mid-sale), oldest
   * first; not one staff dealt with (they handed the tickets over another way, and a kiosk must not print them again).
   */
  unprinted(): SaleRecord[] {
    return this.#unprinted.all(this.backend).map((row) => this.#read(row))
  }

  /** Sales with a note for staff they have not yet dealt with (the recovery screen), oldest first. */
  needingStaff(): SaleRecord[] {
    return this.#needingStaff.all(this.backend).map((row) => this.#read(row))
  }

  /** Staff dealt with a sale's note (refund checked, cash handed back, terminal looked at). */
  resolveStaffNote(saleId: string, how: string): SaleRecord {
    const at = this.now()
    return this.#inTransaction(() => {
      const changed = this.#resolveNote.run(at, at, saleId)
      if (changed.changes !== 1) throw new Error(`sale ${saleId} has no note for staff`)
      this.#append(saleId, at, 'staff-resolved', { how })
      return this.get(saleId)!
    })
  }

  /** The sales of this backend a scanned code names (booking reference or ticket barcode), newest first (./sale-codes.ts). */
  byCode(code: string): { sale: SaleRecord; kind: SaleCodeKind }[] {
    return this.#codes.find(code, this.backend).flatMap(({ saleId, kind }) => {
      try {
        const sale = this.get(saleId)
        return sale ? [{ sale, kind }] : []
      } catch {
        // A row that cannot be read (./sale-rows.ts refuses it) is no sale to show: the scan says "not found" rather than fail.
        return []
      }
    })
  }

  /** Every sale filed under a counter shift, oldest first: its payments read in one statement for them all. */
  ofShift(shiftId: string): SaleRecord[] {
    const payments = this.#payments.ofShift(shiftId)
    return this.#ofShift.all(shiftId).map((row) => saleFromRow(row, payments.get((row as { sale_id: string }).sale_id) ?? []))
  }

  /** The steps named `step` of every sale filed under a shift, by sale, each sale's in order (a report's venues). */
  stepsOfShift(shiftId: string, step: string): Map<string, SaleStep[]> {
    const bySale = new Map<string, SaleStep[]>()
    for (const s of this.#stepsOfShift.all(shiftId, step)) {
      const list = bySale.get(s.sale_id) ?? []
      list.push(saleStepOf(s))
      bySale.set(s.sale_id, list)
    }
    return bySale
  }

  #read(row: unknown): SaleRecord {
    return saleFromRow(row, this.#payments.ofSale((row as { sale_id: string }).sale_id))
  }

  /** `to` null: the order stays as it stands (a payment's answer that does not move it). */
  #write(saleId: string, step: string, toOrNull: OrderState | null, changes: SaleChanges, detail: unknown, payments: (at: number) => void): SaleRecord {
    const at = this.now()
    // What the step decides by is read in its own transaction: one transaction (one set of the database's locks) for the
    // step, and what it read is what it writes over.
    return this.#inTransaction(() => {
      // The sale's columns, not its request and order: a step needs those only to keep a seat's kind.
      const before = this.#factsOf(saleId)
      const to = toOrNull ?? before.orderState
      orderTransition(saleId, before.orderState, to)
      // The vendor's order does not say a seat's kind: the one kept before (or the offers) does.
      // (The order alone is read for it: the whole sale, its request and payments, would be read for nothing.)
      let written = changes.order ? { ...changes, order: withSeatKinds(changes.order, keptOrderFromRow(this.#keptOrder.get(saleId)), this.offeredSeatTypes) } : changes
      // Held for staff only by a step that says so: any other step is the sale going on (settled by recovery, paid again).
      written = { heldForStaff: false, ...written }
      const { sets, values } = saleUpdate(before, to, written, at)
      payments(at)
      // The row as the step leaves it, read back by the UPDATE itself (RETURNING), and its payments as the step left them.
      const after = this.#read(this.#update(sets).get(...values, saleId))
      // The codes the scanner finds the sale by, in the same transaction as the step that learnt them.
      this.#codes.index(saleId, written)
      this.#append(saleId, at, step, detail)
      // So are the hub's records the step made (a confirm, a refund, a first print), made from the sale as just read: ./outbox-records.ts.
      // Only a sale sold (or sold and given back) or a print has any; the others' steps are spared looking.
      if (step === PRINTED_STEP || SOLD_ORDER_STATES.includes(after.orderState)) this.outbox.ofSale(saleId, after)
      return after
    })
  }

  #factsOf(saleId: string): SaleFacts {
    const row = this.#facts.get(saleId)
    if (!row) throw new Error(`no sale ${saleId} in the journal`)
    return saleFactsFromRow(row)
  }

  /** The UPDATE for a set of columns, answering the row it leaves, prepared once: a sale's steps change the same few sets again and again. */
  #update(sets: readonly string[]): Statement {
    const sql = `UPDATE sales SET ${sets.join(', ')} WHERE sale_id = ? RETURNING *`
    let statement = this.#updates.get(sql)
    if (!statement) this.#updates.set(sql, (statement = this.db.prepare(sql)))
    return statement
  }

  #append(saleId: string, at: number, step: string, detail: unknown): void {
    this.#appendStep.run(saleId, saleId, at, step, detail === undefined ? null : JSON.stringify(detail))
  }
}
