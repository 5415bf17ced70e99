import type { Statement } from 'better-sqlite3'
import type { Order, OrderRequest } from '../contract'
import { centsOf } from '../contract/money'
import type { LocalDb } from '../store/local-db'
import { withSeatKinds, type SeatTypeLookup } from './seat-kinds'

/**
 * The sales journal: where every sale stands, written to the kiosk's own disk
 * (WAL, synchronous=FULL) before and after each call that could take money
 * or seats: the order, the payment, the confirm, the printing. After a crash
 * or a power cut, recovery reads it to finish or undo what was in flight, so
 * no customer pays without tickets or a refund.
 *
 * States, in order: submitting → invoiced → paying → paid → confirmed → printed.
 * On the way: declined (the customer may pay again), cancelled (the order was
 * voided before payment), refunded (paid, then undone), failed (the order was
 * never placed), needs-staff (money state unknown: staff must look).
 */
export type SaleState =
  | 'submitting'
  | 'invoiced'
  | 'paying'
  | 'declined'
  | 'paid'
  | 'confirmed'
  | 'printed'
  | 'cancelled'
  | 'refunded'
  | 'failed'
  | 'needs-staff'

/** States recovery must look at: a call was (or may have been) in flight, or a sale is paid but not finished. */
export const UNFINISHED_STATES: readonly SaleState[] = ['submitting', 'invoiced', 'paying', 'declined', 'paid', 'needs-staff']

/** How the sale is paid (the contract's tenderSchema): the tender column is plain text, so a new one needs no migration. */
export type Tender = 'card' | 'cash' | 'standalone'

export interface SaleRecord {
  saleId: string
  backend: string
  state: SaleState
  tender: Tender
  paymentMethod: string
  amountCents: number
  reference: string | null
  /** When the vendor lets the unpaid order lapse (ms since epoch). */
  expiresAt: number | null
  /** Payment attempts so far; the terminal's idempotency key is the reference and this number. */
  attempt: number
  paymentKey: string | null
  paymentRef: string | null
  tenderedCents: number | null
  changeCents: number | null
  request: OrderRequest
  order: Order | null
  staffNote: string | null
  /** When staff said they had dealt with the note. */
  staffResolvedAt: number | null
  shiftId: string | null
  /** The cashier signed in when it was sold (null: a self-service sale, or one from before staff accounts). */
  soldById: string | null
  soldByName: string | null
  /** The supervisor who approved giving it back at the counter (a sale so refunded had been sold). */
  refundedByName: string | null
  /** Who asked for that refund: the cashier signed in (null: a refund from before it was kept). */
  refundAskedByName: string | null
  createdAt: number
  updatedAt: number
}

export interface SaleStep {
  seq: number
  at: number
  step: string
  detail: unknown
}

interface SaleRow {
  sale_id: string
  backend: string
  state: SaleState
  tender: Tender
  payment_method: string
  amount_cents: number
  reference: string | null
  expires_at: number | null
  attempt: number
  payment_key: string | null
  payment_ref: string | null
  tendered_cents: number | null
  change_cents: number | null
  request_json: string
  order_json: string | null
  staff_note: string | null
  staff_resolved_at: number | null
  shift_id: string | null
  sold_by_id: string | null
  sold_by_name: string | null
  refunded_by_name: string | null
  refund_asked_by_name: string | null
  created_at: number
  updated_at: number
}

/** Columns a step may change, besides the state. */
export interface SaleChanges {
  reference?: string | null
  expiresAt?: number | null
  attempt?: number
  paymentKey?: string | null
  paymentRef?: string | null
  tenderedCents?: number | null
  changeCents?: number | null
  order?: Order | null
  staffNote?: string | null
  amountCents?: number
  /** A counter card sale whose integrated terminal is down is paid on the standalone terminal instead. */
  tender?: Tender
  shiftId?: string | null
  refundedByName?: string | null
  refundAskedByName?: string | null
}

const columns: Record<keyof SaleChanges, string> = {
  reference: 'reference',
  expiresAt: 'expires_at',
  attempt: 'attempt',
  paymentKey: 'payment_key',
  paymentRef: 'payment_ref',
  tenderedCents: 'tendered_cents',
  changeCents: 'change_cents',
  order: 'order_json',
  staffNote: 'staff_note',
  amountCents: 'amount_cents',
  tender: 'tender',
  shiftId: 'shift_id',
  refundedByName: 'refunded_by_name',
  refundAskedByName: 'refund_asked_by_name',
}

function fromRow(row: SaleRow): SaleRecord {
  return {
    saleId: row.sale_id,
    backend: row.backend,
    state: row.state,
    tender: row.tender,
    paymentMethod: row.payment_method,
    amountCents: row.amount_cents,
    reference: row.reference,
    expiresAt: row.expires_at,
    attempt: row.attempt,
    paymentKey: row.payment_key,
    paymentRef: row.payment_ref,
    tenderedCents: row.tendered_cents,
    changeCents: row.change_cents,
    request: JSON.parse(row.request_json) as OrderRequest,
    order: row.order_json ? (JSON.parse(row.order_json) as Order) : null,
    staffNote: row.staff_note,
    staffResolvedAt: row.staff_resolved_at,
    shiftId: row.shift_id,
    soldById: row.sold_by_id,
    soldByName: row.sold_by_name,
    refundedByName: row.refunded_by_name,
    refundAskedByName: row.refund_asked_by_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

export class SalesJournal {
  readonly #begin: Statement<[string, string, Tender, string, number, string | null, string | null, string | null, string, number, number]>
  readonly #get: Statement<[string], SaleRow>
  readonly #unfinished: Statement<[string], SaleRow>
  readonly #steps: Statement<[string], { seq: number; at: number; step: string; detail: string | null }>
  readonly #appendStep: Statement<[string, string, number, string, string | null]>
  readonly #unprinted: Statement<[string], SaleRow>
  readonly #needingStaff: Statement<[string], SaleRow>
  readonly #resolveNote: Statement<[number, number, string]>
  readonly #ofShift: Statement<[string], SaleRow>

  constructor(
    private readonly db: LocalDb,
    /** Which backend and tenant the sales are at, e.g. "sandbox/foyer-training". */
    private readonly backend: string,
    private readonly now: () => number = Date.now,
    /** The kinds of seats the offers showed: each order kept carries its seats' kinds (./seat-kinds.ts). */
    private readonly offeredSeatTypes: SeatTypeLookup | null = null,
  ) {
    this.#begin = db.prepare(
      `INSERT INTO sales (sale_id, backend, state, tender, payment_method, amount_cents, shift_id, sold_by_id, sold_by_name, request_json, created_at, updated_at)
       VALUES (?, ?, 'submitting', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    this.#get = db.prepare('SELECT * FROM sales WHERE sale_id = ?')
    // A sale staff have dealt with is finished for recovery, whatever state the journal last recorded.
    this.#unfinished = db.prepare(
      `SELECT * FROM sales WHERE backend = ? AND state IN (${UNFINISHED_STATES.map((s) => `'${s}'`).join(', ')})
         AND staff_resolved_at IS NULL ORDER BY created_at`,
    )
    this.#steps = db.prepare('SELECT seq, at, step, detail FROM sale_steps WHERE sale_id = ? ORDER BY seq')
    this.#appendStep = db.prepare(
      'INSERT INTO sale_steps (sale_id, seq, at, step, detail) VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM sale_steps WHERE sale_id = ?), ?, ?, ?)',
    )
    this.#unprinted = db.prepare(
      `SELECT * FROM sales s WHERE backend = ? AND state = 'confirmed'
         AND EXISTS (SELECT 1 FROM sale_steps p WHERE p.sale_id = s.sale_id AND p.step = 'print-started')
       ORDER BY created_at`,
    )
    this.#needingStaff = db.prepare('SELECT * FROM sales WHERE backend = ? AND staff_note IS NOT NULL AND staff_resolved_at IS NULL ORDER BY created_at')
    this.#resolveNote = db.prepare('UPDATE sales SET staff_resolved_at = ?, updated_at = ? WHERE sale_id = ? AND staff_note IS NOT NULL')
    this.#ofShift = db.prepare('SELECT * FROM sales WHERE shift_id = ? ORDER BY created_at')
  }

  /** A new sale, written before its order is sent to the vendor. */
  begin(sale: { saleId: string; tender: Tender; request: OrderRequest; shiftId?: string | null; soldBy?: { staffId: string; name: string } | null }): SaleRecord {
    const at = this.now()
    const amountCents = centsOf(sale.request.totalAmount)
    this.db.transaction(() => {
      const by = sale.soldBy ?? null
      this.#begin.run(sale.saleId, this.backend, sale.tender, sale.request.paymentMethodCode, amountCents, sale.shiftId ?? null, by?.staffId ?? null, by?.name ?? null, JSON.stringify(sale.request), at, at)
      this.#append(sale.saleId, at, 'order-submitting', { items: sale.request.items.length, amountCents })
    })()
    return this.get(sale.saleId)!
  }

  /**
   * Records one step of a sale and where that leaves it, in one transaction:
   * the state and the step are never out of step with each other.
   */
  record(saleId: string, step: string, state: SaleState, changes: SaleChanges = {}, detail?: unknown): SaleRecord {
    const at = this.now()
    const sets = ['state = ?', 'updated_at = ?']
    const values: unknown[] = [state, at]
    // The vendor's order does not say a seat's kind: the one kept before (or the offers) does.
    if (changes.order) changes = { ...changes, order: withSeatKinds(changes.order, this.get(saleId)?.order ?? null, this.offeredSeatTypes) }
    for (const [key, value] of Object.entries(changes) as [keyof SaleChanges, unknown][]) {
      sets.push(`${columns[key]} = ?`)
      values.push(key === 'order' ? (value === null ? null : JSON.stringify(value)) : value)
    }
    this.db.transaction(() => {
      const changed = this.db.prepare(`UPDATE sales SET ${sets.join(', ')} WHERE sale_id = ?`).run(...values, saleId)
      if (changed.changes !== 1) throw new Error(`no sale ${saleId} in the journal`)
      this.#append(saleId, at, step, detail)
    })()
    return this.get(saleId)!
  }

  /** A step that changes nothing but is worth knowing (a retry, a terminal's answer). */
  note(saleId: string, step: string, detail?: unknown): void {
    this.#append(saleId, this.now(), step, detail)
  }

  get(saleId: string): SaleRecord | null {
    const row = this.#get.get(saleId)
    return row ? fromRow(row) : null
  }

  steps(saleId: string): SaleStep[] {
    return this.#steps.all(saleId).map((s) => ({ seq: s.seq, at: s.at, step: s.step, detail: s.detail === null ? null : JSON.parse(s.detail) }))
  }

  /** Sales recovery must look at, oldest first. */
  unfinished(): SaleRecord[] {
    return this.#unfinished.all(this.backend).map(fromRow)
  }

  /** Confirmed sales whose printing started and never finished (a crash while printing), oldest first. */
  unprinted(): SaleRecord[] {
    return this.#unprinted.all(this.backend).map(fromRow)
  }

  /** Sales with a note for staff they have not yet dealt with (the recovery screen), oldest first. */
  needingStaff(): SaleRecord[] {
    return this.#needingStaff.all(this.backend).map(fromRow)
  }

  /** Staff dealt with a sale's note (refund checked, cash handed back, terminal looked at). */
  resolveStaffNote(saleId: string, how: string): SaleRecord {
    const at = this.now()
    this.db.transaction(() => {
      const changed = this.#resolveNote.run(at, at, saleId)
      if (changed.changes !== 1) throw new Error(`sale ${saleId} has no note for staff`)
      this.#append(saleId, at, 'staff-resolved', { how })
    })()
    return this.get(saleId)!
  }

  /** Every sale filed under a counter shift, oldest first. */
  ofShift(shiftId: string): SaleRecord[] {
    return this.#ofShift.all(shiftId).map(fromRow)
  }

  #append(saleId: string, at: number, step: string, detail: unknown): void {
    this.#appendStep.run(saleId, saleId, at, step, detail === undefined ? null : JSON.stringify(detail))
  }
}
