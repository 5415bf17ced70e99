import type { Statement } from 'better-sqlite3'
import { z } from 'zod'
import type { Order } from '../contract'
import type { LocalDb } from '../database/local-db'

/**
 * The codes a sale is scanned by (table `sale_codes`, ../database/sale-codes-migration.ts): its
 * booking reference and each ticket's barcode, written in the same transaction as the journal step
 * that learnt them, so the index never knows a code the journal does not. A counter's scanner asks
 * it for the sale a code names: one indexed lookup, however many sales the journal holds.
 */
export type SaleCodeKind = 'reference' | 'ticket'

/** At most this many sales answer one code (a reference or barcode is meant to name one sale). */
const MOST_SALES = 10

/** A row as the database holds it, parsed (an older Foyer, or a hand, may have written it). */
const codeRowSchema = z.object({ sale_id: z.string(), kind: z.enum(['reference', 'ticket']) })

export interface SaleCodeMatch {
  saleId: string
  kind: SaleCodeKind
}

export class SaleCodes {
  readonly #add: Statement<[string, string, SaleCodeKind]>
  readonly #find: Statement<[string, string]>

  constructor(db: LocalDb) {
    this.#add = db.prepare('INSERT OR IGNORE INTO sale_codes (code, sale_id, kind) VALUES (?, ?, ?)')
    // Newest sale first: a reference reused by a vendor after years names today's sale before an old one.
    this.#find = db.prepare(
      `SELECT c.sale_id, c.kind FROM sale_codes c JOIN sales s ON s.sale_id = c.sale_id
        WHERE c.code = ? AND s.backend = ? ORDER BY s.created_at DESC LIMIT ${MOST_SALES}`,
    )
  }

  /** Files the codes a step learnt (call inside the step's transaction): the reference, the order's reference and tickets. */
  index(saleId: string, learnt: { reference?: string | null; order?: Order | null }): void {
    if (learnt.reference) this.#add.run(learnt.reference, saleId, 'reference')
    if (!learnt.order) return
    this.#add.run(learnt.order.reference, saleId, 'reference')
    for (const ticket of learnt.order.tickets) if (ticket.barcode) this.#add.run(ticket.barcode, saleId, 'ticket')
  }

  /** The sales of `backend` a scanned code names, newest first. */
  find(code: string, backend: string): SaleCodeMatch[] {
    return this.#find.all(code, backend).map((row) => {
      const parsed = codeRowSchema.parse(row)
      return { saleId: parsed.sale_id, kind: parsed.kind }
    })
  }
}
