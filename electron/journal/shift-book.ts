import type { Statement } from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { ORDER_VENUES_STEP, venuesFromSteps } from './sale-steps'
import type { LocalDb } from '../database/local-db'
import { countedTotal, type CashCount } from '../contract/cash-count'
import type { SaleRecord, SalesJournal } from './sales-journal'
import { tally, wasSold, type ShiftRefund, type TenderTotals } from './shift-tally'
import { shiftPersonOf, zReportFromKept } from './shift-rows'
import type { StaffMemberView } from '../contract/staff-channels'
import type { SeatKindName } from '../contract/seat-names'
import { seatKindsSold } from './seat-kinds'
import { DrawerBook } from './drawer-book'
import type { ShiftDrawerView } from '../contract/drawer-channels'

/**
 * Counter shifts: staff open one with a cash float, every counter sale is
 * filed under it, and closing it with the cash counted gives the Z report
 * (what was sold, refunded and the net by tender, the cash the drawer should
 * hold, the difference).
 * Cards taken on the standalone terminal are a tender of their own: staff
 * match them against that terminal's batch, not the integrated one's.
 * An X report is the same reading taken mid-shift, changing nothing. One
 * shift is open at a time per backend (a unique index says so).
 */
export interface ShiftReport {
  kind: 'X' | 'Z'
  shiftId: string
  openedAt: string
  closedAt: string | null
  floatCents: number
  /** Tickets sold (including those refunded since), refunded at the counter, and the net. */
  tickets: number
  ticketsRefunded: number
  ticketsNet: number
  /** Of those, the wheelchair spaces, companion and couple seats (absent in reports of older Foyers). */
  seatKinds?: Partial<Record<SeatKindName, number>>
  card: TenderTotals
  cash: TenderTotals
  /** Cards taken on the standalone terminal (approval codes keyed in): never in the drawer. */
  standalone: TenderTotals
  /** Each counter refund on its own line: which sale, how much, who asked and who approved. */
  refundsMade: ShiftRefund[]
  /** The float plus cash sold minus cash refunded: what the drawer should hold. */
  expectedCashCents: number
  countedCents: number | null
  /** The count behind countedCents, note by note. */
  count: CashCount | null
  /** Counted minus expected: negative is cash missing. */
  varianceCents: number | null
  /** Sales still waiting for staff (a payment whose fate is unknown). */
  unresolved: number
  /** This machine, as the printed report names it. */
  terminal: string
  /** The venues of the shows sold in the shift, as the catalogue named them. */
  venues: string[]
  /** Who opened the shift; who reads (X) or closed it (Z); the supervisor who approved a drawer over tolerance. */
  openedBy: ShiftPerson | null
  cashier: ShiftPerson | null
  approvedBy: ShiftPerson | null
  /** The tolerance the close was judged by (Z only). */
  toleranceCents: number | null
  /** The cash drawer's openings, failed pulses and No sales by person (absent: the drawer was never pulsed in the shift). */
  drawer?: ShiftDrawerView
}

/** Who did something to a shift, as kept with it (never a PIN or hash). */
export type ShiftPerson = StaffMemberView

export interface Shift {
  shiftId: string
  openedAt: number
  floatCents: number
  closedAt: number | null
  countedCents: number | null
  openedBy: ShiftPerson | null
}

interface ShiftRow {
  shift_id: string
  opened_at: number
  float_cents: number
  closed_at: number | null
  counted_cents: number | null
  z_report: string | null
  opened_by: string | null
}

const toShift = (row: ShiftRow): Shift => ({
  shiftId: row.shift_id,
  openedAt: row.opened_at,
  floatCents: row.float_cents,
  closedAt: row.closed_at,
  countedCents: row.counted_cents,
  openedBy: shiftPersonOf(row.opened_by),
})

export class ShiftError extends Error {
  constructor(
    readonly code: 'shift.already-open' | 'shift.none-open',
    message: string,
  ) {
    super(message)
  }
}

export class ShiftBook {
  readonly #current: Statement<[string], ShiftRow>
  readonly #open: Statement<[string, string, number, number, string | null]>
  readonly #close: Statement<[number, number, string, string | null, string | null, string]>
  readonly #zReport: Statement<[string], { z_report: string | null }>
  readonly #lastZ: Statement<[string], { shift_id: string }>
  readonly #lastVenues: Statement<[string], { z_report: string | null }>
  readonly #drawer: DrawerBook

  constructor(
    private readonly db: LocalDb,
    private readonly journal: SalesJournal,
    /** Which backend and tenant, e.g. "sandbox/foyer-training" (a training shift's paper says so). */
    readonly backend: string,
    private readonly now: () => number = Date.now,
  ) {
    this.#current = db.prepare('SELECT * FROM shifts WHERE backend = ? AND closed_at IS NULL')
    this.#open = db.prepare('INSERT INTO shifts (shift_id, backend, opened_at, float_cents, opened_by) VALUES (?, ?, ?, ?, ?)')
    this.#close = db.prepare('UPDATE shifts SET closed_at = ?, counted_cents = ?, z_report = ?, closed_by = ?, approved_by = ? WHERE shift_id = ? AND closed_at IS NULL')
    this.#lastZ = db.prepare('SELECT shift_id FROM shifts WHERE backend = ? AND closed_at IS NOT NULL ORDER BY closed_at DESC LIMIT 1')
    this.#zReport = db.prepare('SELECT z_report FROM shifts WHERE shift_id = ?')
    this.#lastVenues = db.prepare('SELECT z_report FROM shifts WHERE backend = ? AND closed_at IS NOT NULL ORDER BY closed_at DESC LIMIT 1')
    this.#drawer = new DrawerBook(db, backend, now)
  }

  current(): Shift | null {
    const row = this.#current.get(this.backend)
    return row ? toShift(row) : null
  }

  open(floatCents: number, by: ShiftPerson | null = null): Shift {
    if (this.current()) throw new ShiftError('shift.already-open', 'a shift is already open: close it first')
    const shiftId = randomUUID()
    this.#open.run(shiftId, this.backend, this.now(), floatCents, by ? JSON.stringify(by) : null)
    return this.current()!
  }

  /** The reading of the open shift now (X report), as `reader` takes it: nothing changes. */
  xReport(reader: ShiftPerson | null = null): ShiftReport {
    const shift = this.current()
    if (!shift) throw new ShiftError('shift.none-open', 'no shift is open')
    return { ...this.#report('X', shift, null), cashier: reader }
  }

  /** What the drawer counted now would be off by: the close asks a supervisor when it is over the tolerance. */
  varianceOf(count: CashCount): number {
    const shift = this.current()
    if (!shift) throw new ShiftError('shift.none-open', 'no shift is open')
    // The sales tallied only: a report would also read every sale's steps for its venues.
    return countedTotal(count) - expectedCash(shift, tally(this.journal.ofShift(shift.shiftId)).byTender.cash)
  }

  /**
   * Closes the open shift with the drawer counted by denomination; the Z report is kept with it,
   * naming who closed it and, over the tolerance, the supervisor who approved.
   */
  close(count: CashCount, people: { closedBy?: ShiftPerson | null; approvedBy?: ShiftPerson | null; toleranceCents?: number | null } = {}): ShiftReport {
    const shift = this.current()
    if (!shift) throw new ShiftError('shift.none-open', 'no shift is open')
    const closedAt = this.now()
    const countedCents = countedTotal(count)
    const closedBy = people.closedBy ?? null
    const approvedBy = people.approvedBy ?? null
    const report: ShiftReport = { ...this.#report('Z', { ...shift, closedAt }, countedCents), count, cashier: closedBy, approvedBy, toleranceCents: people.toleranceCents ?? null }
    const json = (person: ShiftPerson | null) => (person ? JSON.stringify(person) : null)
    // The closed shift's record for the hub goes in the same transaction as the close (./outbox-records.ts).
    this.db.transaction(() => {
      this.#close.run(closedAt, countedCents, JSON.stringify(report), json(closedBy), json(approvedBy), shift.shiftId)
      this.journal.outbox.ofShift(shift.shiftId)
    })()
    return report
  }

  /** The Z report of the shift closed last, for printing again. */
  lastZReport(): ShiftReport | null {
    const row = this.#lastZ.get(this.backend)
    return row ? this.zReport(row.shift_id) : null
  }

  /** The sales filed under a shift, oldest first. */
  sales(shiftId: string): SaleRecord[] {
    return this.journal.ofShift(shiftId)
  }

  /** A closed shift's Z report, as it was printed. */
  zReport(shiftId: string): ShiftReport | null {
    const row = this.#zReport.get(shiftId)
    return row?.z_report ? zReportFromKept(row.z_report, shiftId) : null
  }

  #report(kind: 'X' | 'Z', shift: Shift, countedCents: number | null): ShiftReport {
    const sales = this.journal.ofShift(shift.shiftId)
    const { byTender, tickets, ticketsRefunded, ticketsNet, refundsMade, unresolved } = tally(sales)
    const { card, cash, standalone } = byTender
    const venues = new Set<string>()
    // Only the steps that name venues, of every sale at once: a sale's other steps say nothing of them.
    const venueSteps = this.journal.stepsOfShift(shift.shiftId, ORDER_VENUES_STEP)
    for (const sale of sales) for (const venue of Object.values(venuesFromSteps(venueSteps.get(sale.saleId) ?? []))) venues.add(venue)
    const expectedCashCents = expectedCash(shift, cash)
    const drawer = this.#drawer.ofShift(shift.shiftId).figures
    return {
      kind,
      shiftId: shift.shiftId,
      openedAt: new Date(shift.openedAt).toISOString(),
      closedAt: shift.closedAt === null ? null : new Date(shift.closedAt).toISOString(),
      floatCents: shift.floatCents,
      tickets,
      ticketsRefunded,
      ticketsNet,
      seatKinds: seatKindsSold(sales.filter(wasSold)),
      card,
      cash,
      standalone,
      refundsMade,
      expectedCashCents,
      countedCents,
      count: null,
      varianceCents: countedCents === null ? null : countedCents - expectedCashCents,
      unresolved,
      terminal: hostname(),
      venues: venues.size > 0 ? [...venues].sort() : this.#counterVenues(),
      openedBy: shift.openedBy,
      cashier: null,
      approvedBy: null,
      toleranceCents: null,
      ...(drawer.openings + drawer.failed > 0 ? { drawer } : {}),
    }
  }

  /**
   * The venue a shift that sold nothing is headed with: the counter's, as its last closed shift named it
   * (which carried it on from the one before). The counter stands in its venue whether or not it sold.
   */
  #counterVenues(): string[] {
    const row = this.#lastVenues.get(this.backend)
    if (!row?.z_report) return []
    try {
      return zReportFromKept(row.z_report, 'the last closed').venues
    } catch {
      // A kept report that does not read names no venue; the new one is still made.
      return []
    }
  }
}

/** What the drawer should hold: the float and the cash taken, less the cash refunded (it went back out of the drawer). */
const expectedCash = (shift: Shift, cash: TenderTotals): number => shift.floatCents + cash.soldCents - cash.refundedCents

export type { ShiftRefund, TenderTotals }
