import { EndOfDayFigures, RefundPayload, SalePayload, ShiftPayload, type DayCardPayment } from '../protocol'
import type { Queryable } from '../storage/database'
import { dayRecords, salePayloadOf, type DayRecordRow } from '../storage/day-close-table'
import { shiftDrawerFigures } from './shift-drawer-figures'
import { windowFigures } from './today-views'

/**
 * A window of hub days as end of day shows it: Today's sums (made in the database, training apart),
 * and what needs each record on its own (shows by price class, shifts, card payments for the acquirer's
 * report, standalone-terminal sales), made here from the records' payloads parsed by their schemas.
 */
export interface HubWindow {
  start: Date
  end: Date
  /** The hub's offset from UTC at the window's start, in seconds. */
  offsetSeconds: number
}

/** Training sales (the built-in sandbox) are never counted with real ones: the same rule as today-table.ts. */
export function isTraining(payload: { training: boolean; backend: string }): boolean {
  return payload.training || payload.backend.split('/')[0] === 'training'
}

const iso = (date: Date) => date.toISOString()
const onDevice = (row: DayRecordRow) => ({ deviceId: row.device_id, deviceName: row.device_name })

function byShowAndPriceClass(sales: readonly SalePayload[]): EndOfDayFigures['byShow'] {
  const lines = new Map<string, EndOfDayFigures['byShow'][number]>()
  for (const show of sales.flatMap((s) => s.shows)) {
    const parts = show.priceClasses?.length ? show.priceClasses.map((p) => ({ priceClass: p.name ?? p.code, tickets: p.tickets, amountCents: p.amountCents })) : [{ priceClass: null, tickets: show.tickets, amountCents: show.amountCents }]
    for (const part of parts) {
      const key = JSON.stringify([show.event, show.showsAt, part.priceClass])
      const line = lines.get(key) ?? { event: show.event, showsAt: show.showsAt, priceClass: part.priceClass, tickets: 0, amountCents: 0 }
      line.tickets += part.tickets
      line.amountCents += part.amountCents
      lines.set(key, line)
    }
  }
  const order = (v: string | null) => v ?? '\uffff'
  return [...lines.values()].sort((a, b) => order(a.showsAt).localeCompare(order(b.showsAt)) || order(a.event).localeCompare(order(b.event)) || order(a.priceClass).localeCompare(order(b.priceClass)))
}

function shiftOf(row: DayRecordRow, shift: ShiftPayload): EndOfDayFigures['shifts'][number] {
  return {
    ...onDevice(row),
    shiftId: shift.shiftId,
    openedAt: shift.openedAt,
    closedAt: shift.closedAt,
    floatCents: shift.floatCents,
    cashSoldCents: shift.cashSoldCents ?? null,
    cashRefundedCents: shift.cashRefundedCents ?? null,
    expectedCashCents: shift.expectedCashCents ?? null,
    countedCents: shift.countedCents,
    count: shift.count ?? null,
    varianceCents: shift.varianceCents ?? null,
    openedBy: shift.openedBy,
    closedBy: shift.closedBy,
    approvedBy: shift.approvedBy,
    ...shiftDrawerFigures(shift.drawer),
  }
}

function cardPaymentsOfSale(row: DayRecordRow, sale: SalePayload): DayCardPayment[] {
  return sale.payments
    .filter((p) => p.tender === 'card')
    .map((p) => ({
      ...onDevice(row),
      at: iso(row.occurred_at),
      type: 'sale' as const,
      saleId: sale.saleId,
      bookingReference: sale.bookingReference,
      amountCents: p.amountCents,
      pspReference: p.reference,
      merchantReference: p.card?.merchantReference ?? null,
      brand: p.card?.brand ?? null,
      last4: p.card?.last4 ?? null,
      authCode: p.card?.authCode ?? null,
    }))
}

/** A card given back: the acquirer lists it under the payment's PSP reference, found from its sale (of any day). */
async function cardRefund(db: Queryable, row: DayRecordRow, refund: RefundPayload): Promise<DayCardPayment> {
  const sale = SalePayload.safeParse(await salePayloadOf(db, row.device_id, refund.saleId))
  const paid = sale.success ? sale.data.payments.find((p) => p.seq === refund.refersTo) : undefined
  return {
    ...onDevice(row),
    at: iso(row.occurred_at),
    type: 'refund',
    saleId: refund.saleId,
    bookingReference: refund.bookingReference,
    amountCents: refund.amountCents,
    pspReference: paid?.reference ?? null,
    merchantReference: paid?.card?.merchantReference ?? null,
    brand: paid?.card?.brand ?? null,
    last4: paid?.card?.last4 ?? null,
    authCode: paid?.card?.authCode ?? null,
  }
}

function cardByDevice(payments: readonly DayCardPayment[]): EndOfDayFigures['cardByDevice'] {
  const devices = new Map<string, EndOfDayFigures['cardByDevice'][number]>()
  for (const p of payments) {
    const line = devices.get(p.deviceId) ?? { deviceId: p.deviceId, deviceName: p.deviceName, payments: 0, amountCents: 0, refundedCents: 0 }
    if (p.type === 'sale') {
      line.payments++
      line.amountCents += p.amountCents
    } else line.refundedCents += p.amountCents
    devices.set(p.deviceId, line)
  }
  return [...devices.values()].sort((a, b) => a.deviceName.localeCompare(b.deviceName) || a.deviceId.localeCompare(b.deviceId))
}

export type RealRecord = { kind: 'sale'; sale: SalePayload } | { kind: 'refund'; refund: RefundPayload } | { kind: 'shift'; shift: ShiftPayload }

/** A record's payload, parsed by its kind's schema; training records are left out (null). */
export function realPayload(row: DayRecordRow): RealRecord | null {
  if (row.kind === 'sale') {
    const sale = SalePayload.parse(row.payload)
    return isTraining(sale) ? null : { kind: 'sale', sale }
  }
  if (row.kind === 'refund') {
    const refund = RefundPayload.parse(row.payload)
    return isTraining(refund) ? null : { kind: 'refund', refund }
  }
  const shift = ShiftPayload.parse(row.payload)
  return isTraining(shift) ? null : { kind: 'shift', shift }
}

/** The window's end-of-day figures, as they stand now. */
export async function endOfDayFigures(db: Queryable, window: HubWindow): Promise<EndOfDayFigures> {
  const sums = await windowFigures(db, window, window.offsetSeconds)
  const sales: SalePayload[] = []
  const shifts: EndOfDayFigures['shifts'] = []
  const cards: DayCardPayment[] = []
  const standalone: EndOfDayFigures['standalone'] = []
  for (const row of await dayRecords(db, window)) {
    const record = realPayload(row)
    if (record?.kind === 'shift') shifts.push(shiftOf(row, record.shift))
    if (record?.kind === 'refund' && record.refund.tender === 'card') cards.push(await cardRefund(db, row, record.refund))
    if (record?.kind !== 'sale') continue
    sales.push(record.sale)
    cards.push(...cardPaymentsOfSale(row, record.sale))
    for (const p of record.sale.payments.filter((p) => p.tender === 'standalone')) {
      const { saleId, bookingReference } = record.sale
      standalone.push({ ...onDevice(row), at: iso(row.occurred_at), saleId, bookingReference, amountCents: p.amountCents, approvalCode: p.approvalCode ?? null, reference: p.reference })
    }
  }
  return EndOfDayFigures.parse({
    totals: sums.totals,
    training: sums.training,
    byShow: byShowAndPriceClass(sales),
    byTender: sums.byTender,
    byDevice: sums.byDevice,
    byCashier: sums.byCashier,
    shifts,
    cardByDevice: cardByDevice(cards),
    cardPayments: cards,
    standalone,
  })
}
