import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { SalePayload } from '../../hub/protocol'
import type { HubDatabase } from '../../hub/storage/database'
import { migrate } from '../../hub/storage/migrate'
import { MIGRATIONS } from '../../hub/storage/migrations'
import { storeRecords, type IncomingRecord } from '../../hub/storage/record-table'
import { salesByCode, salesByReference } from '../../hub/storage/sale-lookup-table'
import { HUB_BACKENDS, hubDatabaseForFile, openEmptyDatabase } from '../support/hub-backends'
import { salePayload } from '../support/hub-heartbeats'

/**
 * The hub's index of the codes sales are found by (issue #34, #35): a sale uploaded with its tickets'
 * barcodes is found by any of them in any case, an older Foyer's sale without them by its references,
 * the dashboard's lookup by reference as it always was, and the sales stored before the index by its
 * migration; every lookup through the index.
 */
async function newDevice(db: HubDatabase, name = 'Counter A'): Promise<string> {
  const id = randomUUID()
  await db.query('INSERT INTO devices (id, name, token_hash, enrolled_at) VALUES ($1, $2, $3, $4)', [id, name, randomUUID(), new Date()])
  return id
}

const saleRecord = (payload: SalePayload, minute: number): IncomingRecord => ({
  deviceRecordId: `sale:${payload.saleId}`,
  kind: 'sale',
  occurredAt: `2026-11-26T19:${String(minute).padStart(2, '0')}:00.000Z`,
  payload,
})
const withCodes = { ...salePayload(3), saleId: 'with-codes', bookingReference: 'FY20261126000003', ticketCodes: ['4006381333931', 'tk-Alpha-0002', '4006381333948'] }
// As an older Foyer uploaded it: no ticketCodes.
const older = { ...salePayload(1), saleId: 'older', bookingReference: 'FY20261126000001' }
const saleIds = (rows: { payload: unknown }[]) => rows.map((row) => (row.payload as SalePayload).saleId)

describe.each(HUB_BACKENDS)('the index of sales’ codes on %s', (backend) => {
  const database = hubDatabaseForFile(backend)

  it('finds a sale uploaded with its tickets’ codes by any of them, in any case, and by its references', async () => {
    const db = database()
    const device = await newDevice(db)
    expect((await storeRecords(db, device, [saleRecord(withCodes, 1), saleRecord(older, 2)], new Date())).map((o) => o.outcome)).toEqual(['stored', 'stored'])
    for (const code of ['4006381333931', 'TK-ALPHA-0002', 'tk-alpha-0002', '4006381333948', 'FY20261126000003', 'fy20261126000003', 'PSP-3']) {
      expect(saleIds(await salesByCode(db, code)), code).toEqual(['with-codes'])
    }
    expect(await salesByCode(db, '4006381333955')).toEqual([])
    // An older Foyer's sale: its references still find it.
    expect(saleIds(await salesByCode(db, 'FY20261126000001'))).toEqual(['older'])
    expect((await salesByCode(db, 'PSP-1'))[0]).toMatchObject({ device_id: device, device_name: 'Counter A' })
  })

  it('keeps the dashboard’s lookup by reference as it was: references only, in the case typed', async () => {
    const db = database()
    expect(saleIds(await salesByReference(db, 'FY20261126000003'))).toEqual(['with-codes'])
    expect(saleIds(await salesByReference(db, 'PSP-1'))).toEqual(['older'])
    expect(await salesByReference(db, 'fy20261126000003')).toEqual([])
    expect(await salesByReference(db, '4006381333931')).toEqual([])
  })

  it('indexes a record once however often it is uploaded, and a sale only', async () => {
    const db = database()
    const device = await newDevice(db, 'Counter B')
    const again = { ...withCodes, saleId: 'again', bookingReference: 'FY20261126000009', ticketCodes: ['4006381333962'] }
    await storeRecords(db, device, [saleRecord(again, 5), saleRecord(again, 5)], new Date())
    await storeRecords(db, device, [saleRecord(again, 5)], new Date())
    const refund = { deviceRecordId: 'refund:again:2', kind: 'refund', occurredAt: '2026-11-26T19:06:00.000Z', payload: { bookingReference: 'FY-REFUND-ONLY' } }
    await storeRecords(db, device, [refund], new Date())
    const { rows } = await db.query("SELECT kind, code FROM sale_codes WHERE hub_record_id IN (SELECT hub_record_id FROM device_records WHERE device_id = $1) ORDER BY kind, code", [device])
    expect(rows).toEqual([
      { kind: 'payment', code: 'PSP-3' },
      { kind: 'reference', code: 'FY20261126000009' },
      { kind: 'ticket', code: '4006381333962' },
    ])
    expect(await salesByCode(db, 'FY-REFUND-ONLY')).toEqual([])
  })

  it('looks a code up, and the sale found its refunds, through indexes, not through every sale', async () => {
    const db = database()
    // The tables are small here: the planner would read them whole whatever the indexes, unless told not to.
    const planOf = (sql: string, params: unknown[]) =>
      db.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off')
        const { rows } = await tx.query(`EXPLAIN ${sql}`, params)
        return rows.map((row) => Object.values(row as Record<string, string>)[0]).join('\n')
      })
    expect(await planOf('SELECT c.hub_record_id FROM sale_codes c WHERE lower(c.code) = lower($1)', ['4006381333931'])).toContain('sale_codes_by_code')
    const steps = "SELECT hub_record_id FROM device_records WHERE device_id = $1 AND payload->>'saleId' = $2"
    expect(await planOf(steps, [randomUUID(), 'with-codes'])).toContain('device_records_by_sale')
  })
})

describe.each(HUB_BACKENDS)('the index of sales’ codes made for a hub upgraded on %s', (backend) => {
  const database = hubDatabaseForFile(backend, openEmptyDatabase)

  it('indexes the sales stored before it, and reads any payload it was given without failing', async () => {
    const db = database()
    await migrate(db, MIGRATIONS.filter((m) => m.version < 10))
    const device = await newDevice(db)
    const insert = 'INSERT INTO device_records (device_id, device_record_id, kind, occurred_at, payload, received_at) VALUES ($1, $2, $3, $4, $5, $4)'
    const at = new Date('2026-11-26T19:00:00Z')
    await db.query(insert, [device, 'sale:with-codes', 'sale', at, JSON.stringify(withCodes)])
    await db.query(insert, [device, 'sale:older', 'sale', at, JSON.stringify(older)])
    // Nothing a device uploads today looks like these; the migration must step over them all the same.
    await db.query(insert, [device, 'sale:odd', 'sale', at, JSON.stringify({ bookingReference: '', ticketCodes: [7, null, { a: 1 }], payments: 'none' })])
    await db.query(insert, [device, 'sale:odder', 'sale', at, JSON.stringify(['not', 'an', 'object'])])

    expect(await migrate(db)).toEqual(MIGRATIONS.filter((m) => m.version >= 10).map((m) => m.version))
    expect(saleIds(await salesByCode(db, 'Tk-Alpha-0002'))).toEqual(['with-codes'])
    expect(saleIds(await salesByCode(db, '4006381333948'))).toEqual(['with-codes'])
    expect(saleIds(await salesByCode(db, 'FY20261126000001'))).toEqual(['older'])
    expect(saleIds(await salesByReference(db, 'PSP-1'))).toEqual(['older'])
    const { rows } = await db.query('SELECT count(*)::int AS n FROM sale_codes')
    // with-codes: its reference, its payment reference (also its payment's, kept once), three tickets; older: two.
    expect(rows).toEqual([{ n: 7 }])
  })
})
