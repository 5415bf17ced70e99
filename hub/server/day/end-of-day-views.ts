import { EndOfDayAnswer, EndOfDayFigures, type LateRecord, type TodayTotals } from '../../protocol'
import type { HubDatabase, Queryable } from '../../storage/database'
import { closeDay, dayClose } from '../../storage/day-close-table'
import { lateRecords, type LateRow } from '../../storage/end-of-day-table'
import { endOfDayFigures, type HubWindow } from './end-of-day-figures'
import { windowFigures } from './today-views'

/** A hub day (YYYY-MM-DD on the hub's own calendar) as a window; undefined for a date no calendar has. */
export function dayWindow(date: string): HubWindow | undefined {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const start = new Date(year, month - 1, day)
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== day) return undefined
  return { start, end: new Date(year, month - 1, day + 1), offsetSeconds: -start.getTimezoneOffset() * 60 }
}

/** From the first of the days to the end of the last, both included. */
export function rangeWindow(from: string, to: string): HubWindow | undefined {
  const first = dayWindow(from)
  const last = dayWindow(to)
  return first && last ? { ...first, end: last.end } : undefined
}

/** The hub's date of a moment (its own calendar). */
export function hubDate(at: number): string {
  const day = new Date(at)
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`
}

function lateRecord(row: LateRow): LateRecord {
  return {
    deviceId: row.device_id,
    deviceName: row.device_name,
    kind: row.kind,
    deviceRecordId: row.device_record_id,
    occurredAt: row.occurred_at.toISOString(),
    receivedAt: row.received_at.toISOString(),
    amountCents: row.amount,
  }
}

const difference = (now: TodayTotals, closed: TodayTotals): TodayTotals => ({
  sales: now.sales - closed.sales,
  tickets: now.tickets - closed.tickets,
  amountCents: now.amountCents - closed.amountCents,
  refunds: now.refunds - closed.refunds,
  refundedCents: now.refundedCents - closed.refundedCents,
  netCents: now.netCents - closed.netCents,
})

/** The day's end of day: its figures as closed (and what came after, apart), or as they stand while open. */
export async function endOfDayAnswer(db: Queryable, date: string, window: HubWindow): Promise<EndOfDayAnswer> {
  const close = await dayClose(db, date)
  const base = { date, window: { start: window.start.toISOString(), end: window.end.toISOString() } }
  if (!close) return EndOfDayAnswer.parse({ ...base, closed: null, figures: await endOfDayFigures(db, window), amendment: null })
  const figures = EndOfDayFigures.parse(close.figures)
  const late = (await lateRecords(db, window, close.last_record_id)).map(lateRecord)
  const closed = { closedBy: close.closed_by, closedAt: close.closed_at.toISOString() }
  if (late.length === 0) return EndOfDayAnswer.parse({ ...base, closed, figures, amendment: null })
  // Only the totals now: not the rest of the figures, which the page shows as closed.
  const totalsNow = (await windowFigures(db, window, window.offsetSeconds)).totals
  return EndOfDayAnswer.parse({ ...base, closed, figures, amendment: { late, totalsNow, change: difference(totalsNow, figures.totals) } })
}

/** Closes the day in the manager's name with its figures as they stand; false when it was closed already. */
export async function closeHubDay(db: HubDatabase, date: string, window: HubWindow, closedBy: string, now: Date): Promise<boolean> {
  return closeDay(db, date, closedBy, now, (tx) => endOfDayFigures(tx, window))
}
