import Database from 'better-sqlite3'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../electron/sandbox/server'
import { sandboxWithClient, type SandboxClient } from '../../support/sandbox-client'
import { findShow, isOnSale, sectionsOf } from '../../support/sandbox-fixtures'

let sandbox: Sandbox
let client: SandboxClient
let data: string

beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), 'foyer-busy-'))
  ;({ sandbox, client } = await sandboxWithClient({ dataDir: data }))
})
afterAll(() => sandbox.close())

describe('allocation under contention', () => {
  it('answers system-allocation-busy, rather than waiting, while the database is locked, changes nothing, and recovers', async () => {
    const show = await findShow(client, (s) => s.venue === 'Grand Theatre' && isOnSale(s))
    const section = (await sectionsOf(client, show.productId))[0]!
    const ask = () =>
      client.get(`/products/${show.productId}/seatmap/availability`, {
        priceCatId: section.priceCategoryId, seatSectionId: section.seatSectionId, mode: 'HS', quantity: 2,
      })
    const idsOf = (body: any): number[] => body.setsReservedList[0].setsReserved.map((s: any) => s.inventoryId)
    const release = (ids: number[]) => client.post(`/products/${show.productId}/seats`, { releasedSeatList: ids })
    // The best seats right now, learnt by a probe offer that gives them back.
    const best = idsOf((await ask()).body)
    expect((await release(best)).body.status).toBe(0)

    // Another writer holds the database's write lock (as a second process would).
    const other = new Database(join(data, 'sandbox.db'))
    other.exec('BEGIN IMMEDIATE')
    // It answers (this test's own time limit catches one that hangs) instead of waiting for the lock.
    const busy = await ask()
    expect(busy.status).toBe(400)
    expect(busy.body.errorCode).toBe('error.product.detail-seatmap.system-allocation-busy')
    other.exec('ROLLBACK')
    other.close()

    // The refused offer took nothing, in the database or in memory: the same best seats come next.
    const ok = await ask()
    expect(ok.status).toBe(200)
    expect(idsOf(ok.body)).toEqual(best)
    expect((await release(best)).body.status).toBe(0)
  })
})
