import { z } from 'zod'
import type { HubDatabase, Queryable } from './database'
import { parseRows } from './rows'

/**
 * A hub day's close: its figures kept as they were (day_closes, migration-day-closes.ts). A day is
 * closed once: a second close finds the row there and changes nothing. What the day's figures are
 * made of: ./today-table.ts and ./end-of-day-table.ts.
 */
export const DayCloseRow = z.object({ closed_by: z.string(), closed_at: z.coerce.date(), figures: z.unknown(), last_record_id: z.coerce.bigint() })
export type DayCloseRow = z.infer<typeof DayCloseRow>

/** The day's close, or undefined while it is open. `day`: YYYY-MM-DD. */
export async function dayClose(db: Queryable, day: string): Promise<DayCloseRow | undefined> {
  const { rows } = await db.query('SELECT closed_by, closed_at, figures, last_record_id FROM day_closes WHERE day = $1::date', [day])
  return parseRows(DayCloseRow, rows)[0]
}

/**
 * Closes the day with the figures `count` makes, in one transaction that holds uploads back (SHARE
 * lock: every upload before it has committed, none commits during it), so the figures and the newest
 * record counted agree. False when the day was closed already (kept as it was).
 */
export async function closeDay(db: HubDatabase, day: string, closedBy: string, closedAt: Date, count: (tx: Queryable) => Promise<unknown>): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE device_records IN SHARE MODE')
    if (await dayClose(tx, day)) return false
    const figures = await count(tx)
    // Two closes at once both pass the check above (SHARE does not exclude SHARE): the key keeps the first.
    const { rows } = await tx.query(
      `INSERT INTO day_closes (day, closed_by, closed_at, figures, last_record_id)
       SELECT $1::date, $2, $3, ($4::text)::jsonb, coalesce(max(hub_record_id), 0) FROM device_records
       ON CONFLICT (day) DO NOTHING RETURNING day`,
      [day, closedBy, closedAt, JSON.stringify(figures)],
    )
    return rows.length === 1
  })
}
