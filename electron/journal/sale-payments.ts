import type { Statement } from 'better-sqlite3'
import { z } from 'zod'
import type { LocalDb } from '../database/local-db'
import { PAYMENT_STATES, paymentTransition, SaleTransitionError, type PaymentKind, type PaymentState, type Tender } from './sale-states'

/**
 * A sale's payments and refunds, one record each (the table `sale_payments`):
 * every attempt to take money (a card at the terminal, cash in the drawer, a
 * card on the standalone terminal) and every giving back. The sales journal
 * (./sales-journal.ts) writes them in the same transaction as the step that
 * guards them; this file owns their SQL and reads them back through a schema.
 */
export interface PaymentRecord {
  saleId: string
  /** The payment's number within its sale; a card's idempotency key is the invoice reference and this number. */
  seq: number
  kind: PaymentKind
  tender: Tender
  amountCents: number
  /** The terminal's idempotency key (card payments). */
  attemptKey: string | null
  /** What the payment is known by: the terminal's transaction, the cash or standalone payment reference. */
  reference: string | null
  /** The standalone terminal's approval code, as keyed. */
  approvalCode: string | null
  tenderedCents: number | null
  changeCents: number | null
  state: PaymentState
  /** A refund: the payment it gives back. */
  refersTo: number | null
  /** A counter refund: who asked (the cashier) and who approved (a supervisor). */
  askedBy: string | null
  approvedBy: string | null
  startedAt: number
  updatedAt: number
}

const tenderSchema = z.enum(['card', 'cash', 'standalone'])
const cents = z.number().int()

/** The columns, read under PaymentRecord's names. */
const COLUMNS = `sale_id AS saleId, seq, kind, tender, amount_cents AS amountCents, attempt_key AS attemptKey, reference, approval_code AS approvalCode,
  tendered_cents AS tenderedCents, change_cents AS changeCents, state, refers_to AS refersTo, asked_by AS askedBy, approved_by AS approvedBy,
  started_at AS startedAt, updated_at AS updatedAt`

/** A row as the database holds it: parsed, as an older Foyer or a crash may have left it. */
const paymentRowSchema = z.object({
  saleId: z.string(),
  seq: z.number().int().positive(),
  kind: z.enum(['payment', 'refund']),
  tender: tenderSchema,
  amountCents: cents.nonnegative(),
  attemptKey: z.string().nullable(),
  reference: z.string().nullable(),
  approvalCode: z.string().nullable(),
  tenderedCents: cents.nullable(),
  changeCents: cents.nullable(),
  state: z.enum(PAYMENT_STATES),
  refersTo: z.number().int().nullable(),
  askedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  startedAt: z.number(),
  updatedAt: z.number(),
})

const fromRow = (row: unknown): PaymentRecord => paymentRowSchema.parse(row)

/** The payments a sale took (given back since or not), in the order they were taken. */
export const paymentsTaken = (payments: readonly PaymentRecord[]): PaymentRecord[] =>
  payments.filter((p) => p.kind === 'payment' && (p.state === 'approved' || p.state === 'refunded'))

/** A payment attempt to start. */
export interface NewPayment {
  tender: Tender
  amountCents: number
  attemptKey?: string | null
  approvalCode?: string | null
  tenderedCents?: number | null
}

/** What a payment's settling may add. */
export interface PaymentSettled {
  reference?: string | null
  changeCents?: number | null
}

/** A refund to record, of one payment. */
export interface NewRefund {
  refersTo: number
  /** approved: given back; declined: the terminal would not (staff must). */
  state: 'approved' | 'declined'
  askedBy?: string | null
  approvedBy?: string | null
}

export class SalePayments {
  readonly #ofSale: Statement<[string]>
  readonly #ofShift: Statement<[string]>
  readonly #one: Statement<[string, number, PaymentKind]>
  readonly #nextSeq: Statement<[string], { seq: number }>
  readonly #insert: Statement<unknown[]>
  readonly #settle: Statement<[PaymentState, string | null, number | null, number, string, number]>

  constructor(private readonly db: LocalDb) {
    this.#ofSale = db.prepare(`SELECT ${COLUMNS} FROM sale_payments WHERE sale_id = ? ORDER BY seq`)
    // A shift's sales by its index, each sale's payments by their key: one statement for a report, not one per sale.
    this.#ofShift = db.prepare(`SELECT ${COLUMNS} FROM sale_payments WHERE sale_id IN (SELECT sale_id FROM sales WHERE shift_id = ?) ORDER BY sale_id, seq`)
    this.#one = db.prepare(`SELECT ${COLUMNS} FROM sale_payments WHERE sale_id = ? AND seq = ? AND kind = ?`)
    this.#nextSeq = db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM sale_payments WHERE sale_id = ?')
    this.#insert = db.prepare(
      `INSERT INTO sale_payments (sale_id, seq, kind, tender, amount_cents, attempt_key, reference, approval_code, tendered_cents, change_cents, state, refers_to, asked_by, approved_by, started_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    this.#settle = db.prepare(
      'UPDATE sale_payments SET state = ?, reference = COALESCE(?, reference), change_cents = COALESCE(?, change_cents), updated_at = ? WHERE sale_id = ? AND seq = ?',
    )
  }

  ofSale(saleId: string): PaymentRecord[] {
    return this.#ofSale.all(saleId).map(fromRow)
  }

  /** The payments of every sale filed under a shift, by sale, each sale's in order. */
  ofShift(shiftId: string): Map<string, PaymentRecord[]> {
    const bySale = new Map<string, PaymentRecord[]>()
    for (const row of this.#ofShift.all(shiftId)) {
      const payment = fromRow(row)
      const list = bySale.get(payment.saleId)
      if (list) list.push(payment)
      else bySale.set(payment.saleId, [payment])
    }
    return bySale
  }

  /** A payment attempt, started: written before the money is asked for. Answers its number. */
  start(saleId: string, payment: NewPayment, at: number): number {
    const seq = this.#nextSeq.get(saleId)!.seq
    const p = payment
    this.#insert.run(saleId, seq, 'payment', p.tender, p.amountCents, p.attemptKey ?? null, null, p.approvalCode ?? null, p.tenderedCents ?? null, null, 'started', null, null, null, at, at)
    return seq
  }

  /** A payment moves on (approved, declined, unknown); a move that cannot happen is refused. */
  settle(saleId: string, seq: number, to: PaymentState, settled: PaymentSettled, at: number): void {
    const payment = this.#payment(saleId, seq, 'payment')
    paymentTransition(saleId, seq, payment.state, to)
    this.#settle.run(to, settled.reference ?? null, settled.changeCents ?? null, at, saleId, seq)
  }

  /** A refund of one approved payment, as a record of its own; an approved refund marks that payment refunded. */
  refund(saleId: string, refund: NewRefund, at: number): number {
    const payment = this.#payment(saleId, refund.refersTo, 'payment')
    if (refund.state === 'approved') paymentTransition(saleId, payment.seq, payment.state, 'refunded')
    else if (payment.state !== 'approved') throw new SaleTransitionError(`sale ${saleId}: payment ${payment.seq} is ${payment.state}, nothing to refund`)
    const seq = this.#nextSeq.get(saleId)!.seq
    this.#insert.run(saleId, seq, 'refund', payment.tender, payment.amountCents, null, null, null, null, null, refund.state, payment.seq, refund.askedBy ?? null, refund.approvedBy ?? null, at, at)
    if (refund.state === 'approved') this.#settle.run('refunded', null, null, at, saleId, payment.seq)
    return seq
  }

  #payment(saleId: string, seq: number, kind: PaymentKind): PaymentRecord {
    const found = this.#one.get(saleId, seq, kind)
    if (!found) throw new SaleTransitionError(`sale ${saleId} has no ${kind} ${seq}`)
    return fromRow(found)
  }
}
