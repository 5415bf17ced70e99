import type { Statement } from 'better-sqlite3'
import type { SandboxDb } from '../database/database'

/**
 * The simulated terminal's journal: every payment it finished, with the very
 * answer it gave, kept in the sandbox's database. A Foyer that lost an answer
 * (or crashed waiting for it) asks for the transaction's status afterwards and
 * gets that answer again, as a real terminal repeats it; a reversal marks the
 * payment reversed. Payments still waiting for the customer live in the
 * simulator's memory only: a terminal that restarts mid-payment took nothing.
 */
export type TransactionState = 'approved' | 'declined' | 'cancelled' | 'aborted' | 'reversed'

export interface TerminalTransaction {
  /** The POS that asked (MessageHeader.SaleID) and its request's ServiceID: how a status request names it. */
  saleId: string
  serviceId: string
  /** The POS's own reference (SaleTransactionID.TransactionID): Foyer's invoice and attempt. */
  transactionId: string
  /** The terminal's reference (POITransactionID.TransactionID): what a reversal names. */
  poiTransactionId: string
  amountCents: number
  state: TransactionState
  /** The PaymentResponse body as it was answered (repeated by a status request). */
  response: unknown
  createdAt: number
  reversedAt: number | null
}

interface Row {
  sale_id: string
  service_id: string
  transaction_id: string
  poi_transaction_id: string
  amount_cents: number
  state: TransactionState
  response_json: string
  created_at: number
  reversed_at: number | null
}

const schema = `CREATE TABLE IF NOT EXISTS terminal_transactions (
  sale_id TEXT NOT NULL,
  service_id TEXT NOT NULL,
  transaction_id TEXT NOT NULL,
  poi_transaction_id TEXT NOT NULL UNIQUE,
  amount_cents INTEGER NOT NULL,
  state TEXT NOT NULL,
  response_json TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  reversed_at INTEGER,
  PRIMARY KEY (sale_id, service_id)
)`

const toTransaction = (row: Row): TerminalTransaction => ({
  saleId: row.sale_id,
  serviceId: row.service_id,
  transactionId: row.transaction_id,
  poiTransactionId: row.poi_transaction_id,
  amountCents: row.amount_cents,
  state: row.state,
  response: JSON.parse(row.response_json) as unknown,
  createdAt: row.created_at,
  reversedAt: row.reversed_at,
})

export class TerminalLedger {
  readonly #byService: Statement<[string, string], Row>
  readonly #byPoi: Statement<[string], Row>
  readonly #insert: Statement<[string, string, string, string, number, string, string, number]>
  readonly #reverse: Statement<[number, string]>
  readonly #all: Statement<[], Row>

  constructor(db: SandboxDb) {
    db.exec(schema)
    this.#byService = db.prepare('SELECT * FROM terminal_transactions WHERE sale_id = ? AND service_id = ?')
    this.#byPoi = db.prepare('SELECT * FROM terminal_transactions WHERE poi_transaction_id = ?')
    this.#insert = db.prepare(
      `INSERT INTO terminal_transactions (sale_id, service_id, transaction_id, poi_transaction_id, amount_cents, state, response_json, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    this.#reverse = db.prepare("UPDATE terminal_transactions SET state = 'reversed', reversed_at = ? WHERE poi_transaction_id = ? AND state = 'approved'")
    this.#all = db.prepare('SELECT * FROM terminal_transactions ORDER BY created_at, rowid')
  }

  find(saleId: string, serviceId: string): TerminalTransaction | null {
    const row = this.#byService.get(saleId, serviceId)
    return row ? toTransaction(row) : null
  }

  byPoiTransaction(poiTransactionId: string): TerminalTransaction | null {
    const row = this.#byPoi.get(poiTransactionId)
    return row ? toTransaction(row) : null
  }

  record(transaction: Omit<TerminalTransaction, 'reversedAt'>): void {
    const t = transaction
    this.#insert.run(t.saleId, t.serviceId, t.transactionId, t.poiTransactionId, t.amountCents, t.state, JSON.stringify(t.response), t.createdAt)
  }

  /** Marks an approved payment reversed; false when it is not approved (declined, or reversed already). */
  reverse(poiTransactionId: string, at: number): boolean {
    return this.#reverse.run(at, poiTransactionId).changes === 1
  }

  all(): TerminalTransaction[] {
    return this.#all.all().map(toTransaction)
  }
}
