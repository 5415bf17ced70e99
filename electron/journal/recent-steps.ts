import { z } from 'zod'
import type { LocalDb } from '../database/local-db'

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
  /** As the journal kept them; a value that is not what the column should hold is given as text (see stepRowSchema). */
  seq: number | string
  at: string
  step: string
  state: string
  tender: string
  amountCents: number | string
  reference: string | null
  detail: unknown
}

/**
 * A support file is read to find out what went wrong, so a row that is not
 * what the journal writes is the most telling of all: it is never dropped or
 * made to fail the whole file. Each column is read by its schema, and one
 * that does not read is kept as the text it holds; a detail that is not JSON
 * is kept as its text under `notJson`, not replaced by a placeholder.
 */
const orText = <T extends z.ZodType>(schema: T) => z.union([schema, z.unknown().transform((value) => String(value))])
const timeSchema = z
  .number()
  .int()
  .refine((ms) => Number.isFinite(new Date(ms).getTime()))
  .transform((ms) => new Date(ms).toISOString())
const detailSchema = z
  .string()
  .nullable()
  .transform((text): unknown => {
    if (text === null) return null
    try {
      return JSON.parse(text) as unknown
    } catch {
      return { notJson: text }
    }
  })

const stepRowSchema = z.object({
  saleId: orText(z.string()),
  backend: orText(z.string()),
  seq: orText(z.number().int()),
  at: orText(timeSchema),
  step: orText(z.string()),
  detail: z.union([detailSchema, z.unknown().transform((value) => ({ notJson: String(value) }))]),
  state: orText(z.string()),
  tender: orText(z.string()),
  amountCents: orText(z.number().int()),
  reference: orText(z.string().nullable()),
})

/**
 * The last `limit` steps written, oldest first. Columns are read under RecentStep's names. Steps are only ever
 * appended, so their row numbers are the order they were written in: the last `limit` of them are read by the
 * table's own key (no index by time for every step to write, ../database/journal-writes-migration.ts), and a
 * clock set back on the kiosk does not hide the newest steps behind older ones.
 */
export function recentSteps(db: LocalDb, limit: number): RecentStep[] {
  const rows = db
    .prepare<{ limit: number }, unknown>(
      `SELECT st.sale_id AS saleId, s.backend, st.seq, st.at, st.step, st.detail, s.state, s.tender, s.amount_cents AS amountCents, s.reference
         FROM sale_steps st JOIN sales s ON s.sale_id = st.sale_id
        WHERE st.rowid > (SELECT MAX(rowid) FROM sale_steps) - @limit
        ORDER BY st.rowid DESC LIMIT @limit`,
    )
    .all({ limit })
  return rows.reverse().map((raw): RecentStep => stepRowSchema.parse(raw))
}
