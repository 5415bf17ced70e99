import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../electron/sandbox/server'
import { sandboxWithClient, type SandboxClient } from '../../support/sandbox-client'
import { findShow, isOnSale, sectionsOf, type SectionFixture, type ShowFixture } from '../../support/sandbox-fixtures'

let sandbox: Sandbox
let client: SandboxClient
let stadium: ShowFixture
let section: SectionFixture

/** Free seats of the section right now: a 1-seat offer's available list plus that seat. */
async function freeSeats(): Promise<number> {
  const probe = await client.get(`/products/${stadium.productId}/seatmap/availability`, {
    priceCatId: section.priceCategoryId, seatSectionId: section.seatSectionId, mode: 'HS', quantity: 1,
  })
  const id = probe.body.setsReservedList[0].setsReserved[0].inventoryId
  await client.post(`/products/${stadium.productId}/seats`, { releasedSeatList: [id] })
  return probe.body.seatsAvailableList.length + 1
}

beforeAll(async () => {
  ;({ sandbox, client } = await sandboxWithClient())
  stadium = await findShow(client, (s) => s.venue === 'Harbour Stadium' && isOnSale(s))
  section = (await sectionsOf(client, stadium.productId))[0]!
})
afterAll(() => sandbox.close())

describe('a storm of parallel offers on one section', () => {
  it('never holds an inventory id twice, runs out cleanly, and releases back to where it started', async () => {
    const before = await freeSeats()
    const storm = Array.from({ length: 400 }, (_, i) =>
      client.get(`/products/${stadium.productId}/seatmap/availability`, {
        priceCatId: section.priceCategoryId,
        seatSectionId: section.seatSectionId,
        mode: i % 2 === 0 ? 'BA' : 'HS',
        quantity: 1 + (i % 4),
        '2DSeatmap': '1',
      }),
    )
    const answers = await Promise.all(storm)
    const held: number[] = []
    for (const answer of answers) {
      if (answer.status === 200) {
        for (const set of answer.body.setsReservedList) for (const seat of set.setsReserved) held.push(seat.inventoryId)
      } else {
        // Once the section is exhausted: the documented refusal, never a 500 or a hang.
        expect(answer.status).toBe(400)
        expect(['error.product.detail-seatmap.insufficient-seats', 'error.product.detail-seatmap.system-allocation-busy']).toContain(answer.body.errorCode)
      }
    }
    expect(new Set(held).size).toBe(held.length)
    expect(held.length).toBeLessThanOrEqual(before)
    expect(answers.some((a) => a.status === 400), 'the storm asks for more seats than the section has').toBe(true)

    // Release everything in parallel batches, as 400 kiosks cancelling would.
    const batches = answers.filter((a) => a.status === 200).map((a) =>
      client.post(`/products/${stadium.productId}/seats`, {
        releasedSeatList: a.body.setsReservedList.flatMap((s: any) => s.setsReserved.map((x: any) => x.inventoryId)),
      }),
    )
    const released = await Promise.all(batches)
    expect(released.every((r) => r.body.status === 0)).toBe(true)
    expect(await freeSeats()).toBe(before)
  })
})
