import { EndOfDayFigures, type DayCardPayment } from '../../protocol'
import type { Queryable } from '../../storage/database'
import { dayCardPayments, dayTableRows, type CardPaymentRow, type DayTableRows } from '../../storage/end-of-day-table'
import type { CardLine } from './card-csv'
import { shiftDrawerFigures } from './shift-drawer-figures'
import { windowFigures } from './today-views'

/**
 * A window of hub days as end of day shows it: Today's sums and what only end of day shows (shows by
 * price class, shifts, card takings, standalone-terminal sales), each read from the typed tables
 * (../storage/end-of-day-table.ts) and summed there; the card payments themselves are read a page at a
 * time, or all for the card file (`cardPaymentsOf`), never carried in the figures.
 */
export interface HubWindow {
  start: Date
  end: Date
  /** The hub's offset from UTC at the window's start, in seconds. */
  offsetSeconds: number
}

const onDevice = (row: { device_id: string; device_name: string }) => ({ deviceId: row.device_id, deviceName: row.device_name })

// Sorted here, as the page and the files always had them, with the hub's own collation (the database's may differ).
const last = (v: string | null) => v ?? '\uffff'
function byShowAndPriceClass(lines: DayTableRows['lines']): EndOfDayFigures['byShow'] {
  return lines
    .map((l) => ({ event: l.event, showsAt: l.shows_at, priceClass: l.price_class, tickets: l.tickets, amountCents: l.amount }))
    .sort((a, b) => last(a.showsAt).localeCompare(last(b.showsAt)) || last(a.event).localeCompare(last(b.event)) || last(a.priceClass).localeCompare(last(b.priceClass)))
}

function shiftOf(row: DayTableRows['shifts'][number]): EndOfDayFigures['shifts'][number] {
  const drawer = row.drawer_openings === null ? undefined : { openings: row.drawer_openings, failed: row.drawer_failed ?? 0, noSales: row.no_sales }
  return {
    ...onDevice(row),
    shiftId: row.shift_id,
    openedAt: row.opened_at.toISOString(),
    closedAt: row.closed_at.toISOString(),
    floatCents: row.float_cents,
    cashSoldCents: row.cash_sold_cents,
    cashRefundedCents: row.cash_refunded_cents,
    expectedCashCents: row.expected_cash_cents,
    countedCents: row.counted_cents,
    count: row.notes_counted ? row.count : null,
    varianceCents: row.variance_cents,
    openedBy: row.opened_by,
    closedBy: row.closed_by,
    approvedBy: row.approved_by,
    ...shiftDrawerFigures(drawer),
  }
}

export function cardPayment(row: CardPaymentRow): DayCardPayment {
  return {
    ...onDevice(row),
    at: row.occurred_at.toISOString(),
    type: row.type,
    saleId: row.sale_id,
    bookingReference: row.booking_reference,
    amountCents: row.amount,
    pspReference: row.psp_reference,
    merchantReference: row.merchant_reference,
    brand: row.card_brand,
    last4: row.card_last4,
    authCode: row.auth_code,
  }
}

/** Every card payment and refund of the window (`upTo`: those a close counted, up to its newest record; null: all). */
export async function cardPaymentsOf(db: Queryable, window: HubWindow, upTo: bigint | null): Promise<DayCardPayment[]> {
  return (await dayCardPayments(db, window, { upTo, limit: null, offset: 0 })).map(cardPayment)
}

/** Every card payment and refund of the window, each marked amended when stored after `closedUpTo` (a close's newest record). */
export async function cardLinesOf(db: Queryable, window: HubWindow, closedUpTo: bigint | null): Promise<CardLine[]> {
  const rows = await dayCardPayments(db, window, { upTo: null, limit: null, offset: 0 })
  return rows.map((row) => ({ ...cardPayment(row), amended: closedUpTo !== null && BigInt(row.hub_record_id) > closedUpTo }))
}

/** The window's end-of-day figures, as they stand now. */
export async function endOfDayFigures(db: Queryable, window: HubWindow): Promise<EndOfDayFigures> {
  const sums = await windowFigures(db, window, window.offsetSeconds)
  const rows = await dayTableRows(db, window)
  return EndOfDayFigures.parse({
    totals: sums.totals,
    training: sums.training,
    byShow: byShowAndPriceClass(rows.lines),
    byTender: sums.byTender,
    byDevice: sums.byDevice,
    byCashier: sums.byCashier,
    shifts: rows.shifts.map(shiftOf),
    cardByDevice: rows.cardTakings
      .map((d) => ({ ...onDevice(d), payments: d.payments, amountCents: d.amount, refundedCents: d.refunded }))
      .sort((a, b) => a.deviceName.localeCompare(b.deviceName) || a.deviceId.localeCompare(b.deviceId)),
    standalone: rows.standalone.map((s) => ({
      ...onDevice(s), at: s.occurred_at.toISOString(), saleId: s.sale_id, bookingReference: s.booking_reference, amountCents: s.amount, approvalCode: s.approval_code, reference: s.reference,
    })),
  })
}
