import type { LocalDb } from '../store/local-db'

/**
 * The journal's latest steps across every sale and backend, for a support
 * file: what each sale went through, with its state, tender and amount now.
 * It reads only columns that name no patron (never the order request or the
 * vendor's order, where the e-mail, names, phone and address live:
 * patron-retention.ts); a step's detail still goes through redaction before
 * it leaves (support-bundle.ts), since a terminal's answer may carry card digits.
 */
export interface RecentStep {
  saleId: string
  backend: string
  seq: number
  at: string
  step: string
  state: string
  tender: string
  amountCents: number
  reference: string | null
  detail: unknown
}

interface Row {
  sale_id: string
  backend: string
  seq: number
  at: number
  step: string
  detail: string | null
  state: string
  tender: string
  amount_cents: number
  reference: string | null
}

function parsed(detail: string | null): unknown {
  if (detail === null) return null
  try {
    return JSON.parse(detail) as unknown
  } catch {
    return '(unreadable)'
  }
}

/** The last `limit` steps, oldest first. */
export function recentSteps(db: LocalDb, limit: number): RecentStep[] {
  const rows = db
    .prepare<[number], Row>(
      `SELECT st.sale_id, s.backend, st.seq, st.at, st.step, st.detail, s.state, s.tender, s.amount_cents, s.reference
         FROM sale_steps st JOIN sales s ON s.sale_id = st.sale_id
        ORDER BY st.at DESC, st.seq DESC LIMIT ?`,
    )
    .all(limit)
  return rows.reverse().map((row) => ({
    saleId: row.sale_id,
    backend: row.backend,
    seq: row.seq,
    at: new Date(row.at).toISOString(),
    step: row.step,
    state: row.state,
    tender: row.tender,
    amountCents: row.amount_cents,
    reference: row.reference,
    detail: parsed(row.detail),
  }))
}
