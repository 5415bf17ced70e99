import type { Statement } from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import type { SandboxDb } from '../store/database'
import { TEST_CARDS, type TestCard } from './test-cards'

/**
 * The sandbox payment terminal's ledger: every payment it took, by the
 * client's idempotency key, kept in the sandbox's database so that a Foyer
 * that crashed mid-payment can ask afterwards what became of it. Asking to
 * pay again with a key already used answers the first result: never a second
 * charge.
 */
export type TerminalState = 'approved' | 'declined' | 'cancelled' | 'refunded'

export interface TerminalPayment {
  key: string
  amountCents: number
  currency: string
  state: TerminalState
  transactionId: string
  brand: string
  last4: string
  createdAt: number
  refundedAt: number | null
}

interface Row {
  key: string
  amount_cents: number
  currency: string
  state: TerminalState
  transaction_id: string
  brand: string
  last4: string
  created_at: number
  refunded_at: number | null
}

const schema = `CREATE TABLE IF NOT EXISTS terminal_payments (
  key TEXT PRIMARY KEY,
  amount_cents INTEGER NOT NULL,
  currency TEXT NOT NULL,
  state TEXT NOT NULL,
  transaction_id TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  refunded_at INTEGER
)`

const toPayment = (row: Row): TerminalPayment => ({
  key: row.key,
  amountCents: row.amount_cents,
  currency: row.currency,
  state: row.state,
  transactionId: row.transaction_id,
  brand: row.brand,
  last4: row.last4,
  createdAt: row.created_at,
  refundedAt: row.refunded_at,
})

export class TerminalConflict extends Error {}

export class TerminalLedger {
  readonly #get: Statement<[string], Row>
  readonly #insert: Statement<[string, number, string, string, string, string, string, number]>
  readonly #refund: Statement<[number, string]>
  readonly #all: Statement<[], Row>

  constructor(db: SandboxDb) {
    db.exec(schema)
    this.#get = db.prepare('SELECT * FROM terminal_payments WHERE key = ?')
    this.#insert = db.prepare(
      'INSERT INTO terminal_payments (key, amount_cents, currency, state, transaction_id, brand, last4, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    this.#refund = db.prepare("UPDATE terminal_payments SET state = 'refunded', refunded_at = ? WHERE key = ? AND state = 'approved'")
    this.#all = db.prepare('SELECT * FROM terminal_payments ORDER BY created_at')
  }

  get(key: string): TerminalPayment | null {
    const row = this.#get.get(key)
    return row ? toPayment(row) : null
  }

  /** Takes a payment with a test card (not for `unreachable`, which never reaches the ledger). */
  pay(key: string, amountCents: number, currency: string, card: Exclude<TestCard, 'unreachable'>, at: number): TerminalPayment {
    const existing = this.get(key)
    if (existing) {
      if (existing.amountCents !== amountCents) throw new TerminalConflict(`key ${key} was used for another amount`)
      return existing
    }
    const state: TerminalState = card === 'decline' ? 'declined' : card === 'cancel' ? 'cancelled' : 'approved'
    const { pan, brand } = TEST_CARDS[card]
    this.#insert.run(key, amountCents, currency, state, randomUUID(), brand, pan.replaceAll(' ', '').slice(-4), at)
    return this.get(key)!
  }

  /** Gives an approved payment back; refunding a refunded one answers it as it is. */
  refund(key: string, at: number): TerminalPayment {
    const existing = this.get(key)
    if (!existing) throw new TerminalConflict(`no payment ${key}`)
    if (existing.state === 'refunded') return existing
    if (existing.state !== 'approved') throw new TerminalConflict(`payment ${key} was ${existing.state}: nothing to refund`)
    this.#refund.run(at, key)
    return this.get(key)!
  }

  all(): TerminalPayment[] {
    return this.#all.all().map(toPayment)
  }
}
