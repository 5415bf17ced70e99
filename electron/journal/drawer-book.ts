import type { Statement } from 'better-sqlite3'
import { z } from 'zod'
import { drawerPurposeSchema, noSaleReasonSchema, type DrawerPurpose, type NoSaleReason, type ShiftDrawerView } from '../contract/drawer-channels'
import type { StaffMemberView } from '../contract/staff-channels'
import type { LocalDb } from '../database/local-db'
import { shiftPersonOf } from './shift-rows'

/**
 * Every pulse sent to the cash drawer, with what for, who was signed in and
 * whether the printer took it (../database/drawer-migration.ts). Written when
 * the pulse's outcome is known; read back through a schema, a row that does
 * not read counted as an opening of no known kind rather than stopping a report.
 */
export interface DrawerEntry {
  shiftId: string | null
  purpose: DrawerPurpose
  reason: NoSaleReason | null
  saleId: string | null
  by: StaffMemberView | null
  opened: boolean
  problems: readonly string[]
}

export interface NoSaleEntry {
  at: number
  by: string | null
  reason: NoSaleReason
}

const rowSchema = z.object({
  at: z.number().int(),
  purpose: drawerPurposeSchema,
  reason: noSaleReasonSchema.nullable(),
  opened_by: z.string().nullable(),
  opened: z.union([z.literal(0), z.literal(1)]),
  problems: z.string().nullable(),
})
type Row = z.infer<typeof rowSchema>

export class DrawerBook {
  readonly #insert: Statement<[string, string | null, number, string, string | null, string | null, string | null, number, string | null]>
  readonly #ofShift: Statement<[string], unknown>

  constructor(
    db: LocalDb,
    readonly backend: string,
    private readonly now: () => number = Date.now,
  ) {
    this.#insert = db.prepare(
      'INSERT INTO drawer_openings (backend, shift_id, at, purpose, reason, sale_id, opened_by, opened, problems) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    this.#ofShift = db.prepare('SELECT at, purpose, reason, opened_by, opened, problems FROM drawer_openings WHERE shift_id = ? ORDER BY opening_id')
  }

  record(entry: DrawerEntry): number {
    const at = this.now()
    const problems = entry.problems.length > 0 ? JSON.stringify(entry.problems) : null
    this.#insert.run(this.backend, entry.shiftId, at, entry.purpose, entry.reason, entry.saleId, entry.by ? JSON.stringify(entry.by) : null, entry.opened ? 1 : 0, problems)
    return at
  }

  #rows(shiftId: string): Row[] {
    return this.#ofShift.all(shiftId).flatMap((raw) => {
      const row = rowSchema.safeParse(raw)
      return row.success ? [row.data] : []
    })
  }

  /**
   * A shift's drawer from one read of its openings: as its reports say it (pulses the printer took, those it
   * did not, the No sales by person) and each No sale on its own, oldest first, as the hub's upload lists them.
   */
  ofShift(shiftId: string): { figures: ShiftDrawerView; noSales: NoSaleEntry[] } {
    const rows = this.#rows(shiftId)
    const noSales = rows
      .filter((row) => row.purpose === 'no-sale' && row.opened === 1)
      .map((row) => ({ at: row.at, by: shiftPersonOf(row.opened_by)?.name ?? null, reason: row.reason ?? 'other' }))
    const byPerson = new Map<string | null, ShiftDrawerView['noSales'][number]>()
    for (const sale of noSales) {
      const line = byPerson.get(sale.by) ?? { by: sale.by, count: 0, reasons: { change: 0, 'wrong-change': 0, other: 0 } }
      line.count++
      line.reasons[sale.reason]++
      byPerson.set(sale.by, line)
    }
    const opened = rows.filter((row) => row.opened === 1).length
    return { figures: { openings: opened, failed: rows.length - opened, noSales: [...byPerson.values()] }, noSales }
  }
}
