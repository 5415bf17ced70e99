import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { RecordEnvelope, RefundPayload, SalePayload, ShiftPayload } from '../../hub/protocol'
import { cardPaymentsOf, endOfDayFigures } from '../../hub/server/day/end-of-day-figures'
import { dayWindow, endOfDayAnswer } from '../../hub/server/day/end-of-day-views'
import { windowFigures } from '../../hub/server/day/today-views'
import type { HubDatabase } from '../../hub/storage/database'
import { closeDay } from '../../hub/storage/day-close-table'
import { migrate } from '../../hub/storage/migrate'
import { MIGRATIONS } from '../../hub/storage/migrations'
import { storeRecords } from '../../hub/storage/record-table'
import { HUB_BACKENDS, hubDatabaseForFile, openEmptyDatabase } from '../support/hub-backends'
import { salePayload } from '../support/hub-heartbeats'
import { jsonbDayFigures, jsonbWindowFigures, type JsonbFigures } from '../support/jsonb-day-figures'

/**
 * Sales kept as sales (issue #35): a varied day (every tender and split sales, price classes and an older
 * Foyer's shows without them, refunds of card and cash and of a sale of the day before, training apart,
 * shifts with their drawers counted and one without, a sale uploaded after the close) gives the same
 * figures, to the cent, from the typed tables as the hub made from the payloads: projected by the
 * migration from a hub of the older schema, and projected as each record is stored.
 */
const DATE = '2026-11-26'
const window = dayWindow(DATE)!
const at = (hours: number) => new Date(window.start.getTime() + hours * 3_600_000).toISOString()
const card = (last4: string, psp: string) => ({ seq: 1, tender: 'card' as const, reference: psp, tenderedCents: null, changeCents: null, card: { brand: 'VISA', last4, authCode: `A${last4}`, merchantReference: `FY-${psp}` } })
const sale = (id: string, over: Partial<SalePayload>): SalePayload => ({ ...salePayload(2), saleId: id, bookingReference: `BK-${id}`, ...over })
const refund = (of: SalePayload, over: Partial<RefundPayload>): RefundPayload => ({
  backend: of.backend, training: of.training, saleId: of.saleId, bookingReference: of.bookingReference, seq: 2, refersTo: 1, tender: 'card', amountCents: 1250, askedBy: 'Ali', approvedBy: 'Mei Tan', ...over,
})
const shiftOf = (id: string, over: Partial<ShiftPayload>): ShiftPayload => ({
  backend: 'production/citytheatre', training: false, shiftId: id, openedAt: at(1), closedAt: at(9), floatCents: 10000, countedCents: 12200, openedBy: 'Ali', closedBy: 'Ali', approvedBy: null, ...over,
})

const priced = sale('priced', {
  amountCents: 9750, tickets: 3,
  shows: [
    { productId: 1, event: 'Swan Lake', showsAt: '2026-11-26T20:00:00+08:00', tickets: 2, amountCents: 7500, priceClasses: [{ code: 'A', name: 'Adult', tickets: 1, amountCents: 4500 }, { code: 'S', name: null, tickets: 1, amountCents: 3000 }] },
    { productId: 2, event: 'Nutcracker', showsAt: null, tickets: 1, amountCents: 2250, priceClasses: [] },
  ],
  payments: [{ ...card('4242', 'PSP-P'), amountCents: 9750 }],
})
const split = sale('split', {
  amountCents: 7251, cashier: '陈美玲',
  payments: [
    { seq: 1, tender: 'cash', amountCents: 2251, reference: null, tenderedCents: 5000, changeCents: 2749 },
    { seq: 2, tender: 'standalone', amountCents: 3000, reference: 'SA-1', tenderedCents: null, changeCents: null, approvalCode: '654321' },
    { ...card('1881', 'PSP-S'), seq: 3, amountCents: 2000 },
  ],
})
const kiosk = sale('kiosk', { cashier: null, payments: [{ ...card('5555', 'PSP-K'), amountCents: 2500 }] })
// An older Foyer's card payment: no card details.
const older = sale('older', { payments: [{ seq: 1, tender: 'card', amountCents: 2500, reference: 'PSP-O', tenderedCents: null, changeCents: null }] })
const yesterday = sale('yesterday', { payments: [{ ...card('7777', 'PSP-Y'), amountCents: 2500 }] })
const training = sale('training', { backend: 'training/sandbox', training: false })
const late = sale('late', { amountCents: 1250, tickets: 1, payments: [{ ...card('3333', 'PSP-L'), amountCents: 1250 }] })

const counted: ShiftPayload = {
  ...shiftOf('shift-1', {}), cashSoldCents: 2251, cashRefundedCents: 500, expectedCashCents: 11751, varianceCents: 449, approvedBy: 'Mei Tan',
  count: [{ denominationCents: 5000, quantity: 2 }, { denominationCents: 1000, quantity: 2 }, { denominationCents: 200, quantity: 0 }],
  drawer: { openings: 7, failed: 1, noSales: [{ at: at(3), by: 'Ali', reason: 'change' }, { at: at(4), by: null, reason: 'other' }, { at: at(5), by: 'Ali', reason: 'wrong-change' }] },
}

interface Device { id: string; records: RecordEnvelope[] }
const record = (kind: 'sale' | 'refund' | 'shift', id: string, hours: number, payload: unknown) => ({ deviceRecordId: `${kind}:${id}`, kind, occurredAt: at(hours), payload }) as RecordEnvelope
function theDay(): Device[] {
  return [
    { id: randomUUID(), records: [record('sale', 'yesterday', -2, yesterday), record('sale', 'priced', 1, priced), record('sale', 'split', 2, split), record('refund', 'split:4', 2.5, refund(split, { seq: 4, refersTo: 1, tender: 'cash', amountCents: 500 })), record('shift', 'shift-1', 9, counted), record('shift', 'shift-old', 9.5, shiftOf('shift-old', { countedCents: null }))] },
    { id: randomUUID(), records: [record('sale', 'kiosk', 3, kiosk), record('refund', 'kiosk:2', 4, refund(kiosk, {})), record('refund', 'yesterday:2', 4.5, refund(yesterday, { amountCents: 2500 })), record('sale', 'older', 5, older), record('refund', 'older:2', 5.5, refund(older, { amountCents: 2500 }))] },
    { id: randomUUID(), records: [record('sale', 'training', 2, training), record('refund', 'training:2', 3, refund(training, { training: true }))] },
  ]
}
const lateRecord = record('sale', 'late', 6, late)

async function addDevices(db: HubDatabase, devices: readonly Device[]): Promise<void> {
  for (const [i, d] of devices.entries()) {
    await db.query('INSERT INTO devices (id, name, token_hash, enrolled_at) VALUES ($1, $2, $3, $4)', [d.id, ['Counter A', 'Kiosk B', 'Training C'][i], randomUUID(), new Date()])
  }
}

// As a hub before the typed tables stored a record: the payload, nothing beside it.
const OLDER_INSERT = 'INSERT INTO device_records (device_id, device_record_id, kind, occurred_at, payload, received_at) VALUES ($1, $2, $3, $4, $5, $6)'
const withoutCards = ({ cardPayments: _cards, ...figures }: JsonbFigures) => figures

describe.each(HUB_BACKENDS)('sales kept as sales on %s', (backend) => {
  const older = hubDatabaseForFile(backend, openEmptyDatabase)
  const current = hubDatabaseForFile(backend)

  it('gives the figures the payloads gave, to the cent, after projecting a hub of the older schema, its close and a late sale kept as they were', async () => {
    const db = older()
    await migrate(db, MIGRATIONS.filter((m) => m.version < 11))
    const devices = theDay()
    await addDevices(db, devices)
    for (const d of devices) for (const r of d.records) await db.query(OLDER_INSERT, [d.id, r.deviceRecordId, r.kind, r.occurredAt, JSON.stringify(r.payload), new Date()])
    const asClosed = await jsonbDayFigures(db, window)
    expect(await closeDay(db, DATE, 'Mei Tan', new Date(), async () => asClosed)).toBe(true)
    await db.query(OLDER_INSERT, [devices[0]!.id, lateRecord.deviceRecordId, 'sale', lateRecord.occurredAt, JSON.stringify(lateRecord.payload), new Date()])
    const now = await jsonbDayFigures(db, window)
    const todayBefore = await jsonbWindowFigures(db, window)
    // The oracle has what the day is made of: every tender, training apart, the late sale.
    expect(now.totals).toEqual({ sales: 5, tickets: 10, amountCents: 9750 + 7251 + 2500 + 2500 + 1250, refunds: 4, refundedCents: 500 + 1250 + 2500 + 2500, netCents: 23251 - 6750 })
    expect(now.byTender.map((t) => t.tender)).toEqual(['card', 'cash', 'standalone'])

    expect(await migrate(db)).toEqual(MIGRATIONS.filter((m) => m.version >= 11).map((m) => m.version))

    expect(await windowFigures(db, window, window.offsetSeconds)).toEqual(todayBefore)
    expect(await endOfDayFigures(db, window)).toEqual(withoutCards(now))
    expect(await cardPaymentsOf(db, window, null)).toEqual(now.cardPayments)
    const answer = await endOfDayAnswer(db, DATE, window)
    expect(answer.figures).toEqual(withoutCards(asClosed))
    expect(answer.amendment?.late.map((r) => [r.deviceRecordId, r.amountCents])).toEqual([['sale:late', 1250]])
    expect(answer.amendment?.totalsNow).toEqual(now.totals)
  })

  it('gives the same figures when each record is projected as it is stored, and a repeat or a conflict projects nothing more', async () => {
    const db = current()
    const devices = theDay()
    await addDevices(db, devices)
    for (const d of devices) {
      expect((await storeRecords(db, d.id, [...d.records, d.records[0]!], new Date())).map((o) => o.outcome)).toEqual([...d.records.map(() => 'stored'), 'stored'])
      expect((await storeRecords(db, d.id, [{ ...d.records[0]!, payload: { ...(d.records[0]!.payload as object), amountCents: 1 } }], new Date()))[0]!.outcome).toBe('conflict')
    }
    await storeRecords(db, devices[0]!.id, [lateRecord], new Date())
    const oracle = await jsonbDayFigures(db, window)
    expect(await windowFigures(db, window, window.offsetSeconds)).toEqual(await jsonbWindowFigures(db, window))
    expect(await endOfDayFigures(db, window)).toEqual(withoutCards(oracle))
    expect(await cardPaymentsOf(db, window, null)).toEqual(oracle.cardPayments)
  })

  it('reads the day through the typed tables’ indexes, not through every record', async () => {
    const db = current()
    const planOf = (sql: string) =>
      db.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off')
        const { rows } = await tx.query(`EXPLAIN ${sql}`, [window.start, window.end])
        return rows.map((row) => Object.values(row as Record<string, string>)[0]).join('\n')
      })
    expect(await planOf('SELECT sum(amount_cents) FROM sales WHERE occurred_at >= $1 AND occurred_at < $2')).toContain('sales_by_day')
    expect(await planOf('SELECT sum(amount_cents) FROM refunds WHERE occurred_at >= $1 AND occurred_at < $2')).toContain('refunds_by_day')
    expect(await planOf('SELECT count(*) FROM shifts WHERE occurred_at >= $1 AND occurred_at < $2')).toContain('shifts_by_day')
  })
})
