import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { HubDatabase } from '../../hub/storage/database'
import { recordWrites } from '../../hub/server/devices/record-writes'
import { recordsOfDevice, storeRecords, storeUploads, type IncomingRecord } from '../../hub/storage/record-table'
import { HUB_BACKENDS, hubDatabaseForFile } from '../support/hub-backends'

async function newDevice(db: HubDatabase): Promise<string> {
  const id = randomUUID()
  await db.query('INSERT INTO devices (id, name, token_hash, enrolled_at) VALUES ($1, $2, $3, $4)', [id, 'Counter 1', randomUUID(), new Date()])
  return id
}

type StoreOutcomes = Awaited<ReturnType<typeof storeRecords>>

const sale = (n: number, minute: number): IncomingRecord => ({
  deviceRecordId: `sale-${n}`,
  kind: 'sale',
  occurredAt: `2026-11-26T19:${String(minute).padStart(2, '0')}:00.000Z`,
  payload: { totalCents: 1000 * n, lines: [{ seat: `A${n}` }] },
})

describe.each(HUB_BACKENDS)('device records at the hub on %s', (backend) => {
  const database = hubDatabaseForFile(backend)

  it('stores a record once and answers its repeat with the first answer', async () => {
    const db = database()
    const device = await newDevice(db)
    const [first] = await storeRecords(db, device, [sale(1, 0)], new Date('2026-11-26T19:00:01Z'))
    const [again] = await storeRecords(db, device, [sale(1, 0)], new Date('2026-11-26T19:05:00Z'))
    expect(first).toMatchObject({ outcome: 'stored', receivedAt: new Date('2026-11-26T19:00:01Z') })
    expect(again).toEqual(first)
    expect(await recordsOfDevice(db, device)).toHaveLength(1)
  })

  it('keeps every record of a batch sent out of order, and lists them in the order they happened', async () => {
    const db = database()
    const device = await newDevice(db)
    await storeRecords(db, device, [sale(3, 30), sale(1, 10)], new Date())
    await storeRecords(db, device, [sale(2, 20), sale(1, 10), sale(3, 30)], new Date())
    const stored = await recordsOfDevice(db, device)
    expect(stored.map((r) => r.device_record_id)).toEqual(['sale-1', 'sale-2', 'sale-3'])
    expect(stored[1]!.payload).toEqual(sale(2, 20).payload)
  })

  it('keeps the first of two different records under one id, and says so', async () => {
    const db = database()
    const device = await newDevice(db)
    await storeRecords(db, device, [sale(1, 0)], new Date())
    const [clash] = await storeRecords(db, device, [{ ...sale(1, 0), payload: { totalCents: 1 } }], new Date())
    expect(clash).toEqual({ deviceRecordId: 'sale-1', outcome: 'conflict' })
    expect((await recordsOfDevice(db, device))[0]!.payload).toEqual(sale(1, 0).payload)
  })

  it('stores one record uploaded eight times at once exactly once, every answer the same', async () => {
    const db = database()
    const device = await newDevice(db)
    const answers = await Promise.all(Array.from({ length: 8 }, () => storeRecords(db, device, [sale(7, 7)], new Date())))
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
    expect(answers[0]![0]!.outcome).toBe('stored')
    expect(await recordsOfDevice(db, device)).toHaveLength(1)
  })

  it('keeps the same device record id apart for two devices', async () => {
    const db = database()
    const [a, b] = [await newDevice(db), await newDevice(db)]
    const [fromA] = await storeRecords(db, a, [sale(1, 0)], new Date())
    const [fromB] = await storeRecords(db, b, [sale(1, 0)], new Date())
    expect(fromA).toMatchObject({ outcome: 'stored' })
    expect(fromB).toMatchObject({ outcome: 'stored' })
    expect(fromA).not.toEqual(fromB)
  })
  it('stores a batch in its order, each record as sent (quotes, backslashes, Chinese), and the same record twice in it once', async () => {
    const db = database()
    const device = await newDevice(db)
    const awkward = { ...sale(9, 9), payload: { patron: 'Tan "Ah" Kow \\ 陈', lines: ['{a,b}', 'NULL', ''] } }
    const answers = await storeRecords(db, device, [sale(2, 2), awkward, sale(1, 1), awkward, { ...sale(1, 1), kind: 'refund' }], new Date())
    expect(answers.map((a) => a.outcome)).toEqual(['stored', 'stored', 'stored', 'stored', 'conflict'])
    const ids = answers.flatMap((a) => (a.outcome === 'stored' ? [BigInt(a.hubRecordId)] : []))
    expect(ids[0]! < ids[1]! && ids[1]! < ids[2]!).toBe(true)
    expect(answers[3]).toEqual(answers[1])
    const stored = await recordsOfDevice(db, device)
    expect(stored).toHaveLength(3)
    expect(stored.find((r) => r.device_record_id === 'sale-9')!.payload).toEqual(awkward.payload)
  })

  it('stores several devices’ uploads in one statement, each answered as if alone: its own times, ids apart, repeats and clashes its own', async () => {
    const db = database()
    const [a, b, c] = [await newDevice(db), await newDevice(db), await newDevice(db)]
    const [before] = await storeRecords(db, c, [sale(1, 0)], new Date('2026-11-26T19:00:00Z'))
    const answers = await storeUploads(db, [
      { deviceId: a, records: [sale(1, 0), sale(2, 2), sale(1, 0)], at: new Date('2026-11-26T19:10:00Z') },
      { deviceId: b, records: [sale(1, 0)], at: new Date('2026-11-26T19:11:00Z') },
      { deviceId: c, records: [sale(1, 0), { ...sale(2, 2), payload: { totalCents: 2 } }, { ...sale(1, 0), payload: { totalCents: 1 } }], at: new Date('2026-11-26T19:12:00Z') },
    ])
    expect(answers.map((upload) => upload.map((o) => o.outcome))).toEqual([['stored', 'stored', 'stored'], ['stored'], ['stored', 'stored', 'conflict']])
    const [fromA, fromB, fromC] = answers as [StoreOutcomes, StoreOutcomes, StoreOutcomes]
    expect(fromA[0]).toMatchObject({ receivedAt: new Date('2026-11-26T19:10:00Z') })
    expect(fromA[2]).toEqual(fromA[0])
    expect(fromB[0]).toMatchObject({ receivedAt: new Date('2026-11-26T19:11:00Z') })
    expect(fromC[0]).toEqual(before)
    const idOf = (o: StoreOutcomes[number] | undefined) => (o?.outcome === 'stored' ? o.hubRecordId : '')
    expect(new Set([fromA[0], fromA[1], fromB[0], fromC[0], fromC[1]].map(idOf)).size).toBe(5)
    expect((await recordsOfDevice(db, c)).map((r) => r.payload)).toEqual([sale(1, 0).payload, { totalCents: 2 }])
    expect(await recordsOfDevice(db, b)).toHaveLength(1)
  })

  it('fails only the upload that fails when uploads written together fail: the others are stored, each once', async () => {
    const db = database()
    const [a, b] = [await newDevice(db), await newDevice(db)]
    const writes = recordWrites(db, 1)
    // The first is written at once, alone; the three after it wait and are written together, and one of them names no device.
    const first = writes.submit({ deviceId: a, records: [sale(1, 0)], at: new Date() })
    const together = [b, randomUUID(), a].map((deviceId) => writes.submit({ deviceId, records: [sale(2, 2)], at: new Date() }))
    const [fromA, fromB, stranger, fromAAgain] = await Promise.allSettled([first, ...together])
    expect([fromA, fromB, stranger, fromAAgain].map((r) => r!.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled'])
    expect((await recordsOfDevice(db, a)).map((r) => r.device_record_id)).toEqual(['sale-1', 'sale-2'])
    expect((await recordsOfDevice(db, b)).map((r) => r.device_record_id)).toEqual(['sale-2'])
  })
})
