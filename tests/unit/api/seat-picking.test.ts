import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Seat } from '../../../electron/contract'
import { partnerOf, SeatKind } from '../../../electron/contract/seat-pairs'
import { call } from '../../../electron/ipc-core/dispatcher'
import { startRuntime, type Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { listShows } from '../../support/checkout-fixtures'
import { findShow, isOnSale, sectionsOf } from '../../support/sandbox-fixtures'

/**
 * Issue #15: customers take seats of their own (mode SP) from what an offer
 * shows, wheelchair spaces with their companion seats; main decides what each
 * pick replaces, so no more than the quantity asked for stays held.
 */
let rig: ApiRig
let runtime: Runtime | null = null

const quiet = { warn: () => {}, error: () => {} }

async function start(): Promise<Runtime> {
  const connection = { endpoints: rig.api.endpoints, secret: async () => rig.sandbox.clientSecret, holdWindowMs: 900_000, close: async () => {} }
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-picks-'))
  runtime = await startRuntime({ facts: { appVersion: 't', mode: 'self-service', host: 'browser' }, dataDir, connection, log: quiet })
  return runtime
}

/** Whether the sandbox holds these seats for someone (nobody else can reserve them). */
async function heldAtVendor(productId: number, ids: number[]): Promise<boolean> {
  const attempt = await rig.direct.post(`/products/${productId}/seats`, { reservedSeatList: ids })
  if (attempt.body.status === 0) await rig.direct.post(`/products/${productId}/seats`, { releasedSeatList: ids })
  return attempt.body.status !== 0
}

async function theatre(alias = 'Stalls Centre') {
  const show = await findShow(rig.direct, (s) => s.venue === 'Grand Theatre' && isOnSale(s))
  const sections = await sectionsOf(rig.direct, show.productId)
  await listShows(runtime!.services.dispatcher, show.eventCode)
  const section = sections.find((s) => s.seatSectionAlias === alias)!
  return { productId: show.productId, section, sections }
}

async function ask<T>(channel: string, request: unknown): Promise<T> {
  const reply = await call(runtime!.services.dispatcher, channel as never, request as never)
  if (!reply.ok) throw Object.assign(new Error(reply.error.code), { reply: reply.error })
  return reply.value as T
}

interface Held {
  offerId: string
  expiresAt: string
  picked: boolean
  offer: { sets: Seat[][]; available: Seat[] }
}

const ids = (seats: readonly Seat[]) => seats.map((s) => s.inventoryId)

beforeEach(async () => {
  rig = await apiRig()
  await start()
})
afterEach(async () => {
  await runtime?.close()
  runtime = null
  await rig.close()
})

describe('picking seats of one’s own', () => {
  it('takes two seats the customer picks in place of the offered set, one exchange each, never holding more than two', async () => {
    const { productId, section } = await theatre()
    const offered = await ask<Held>('offers.request', { productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'HS', quantity: 2 })
    const [a, b] = ids(offered.offer.sets[0]!) as [number, number]
    const standard = offered.offer.available.filter((s) => s.seatType === SeatKind.Standard)
    const [x, y] = [standard[10]!, standard[30]!]

    const first = await ask<Held>('offers.pick', { offerId: offered.offerId, inventoryId: x.inventoryId })
    expect(first.picked).toBe(true)
    // The earliest of the customer's seats went back; the pick joined the other.
    expect(ids(first.offer.sets[0]!)).toEqual([b, x.inventoryId])
    expect(ids(first.offer.available)).toContain(a)
    expect(ids(first.offer.available)).not.toContain(x.inventoryId)
    expect(runtime!.holds.status().count).toBe(2)

    const second = await ask<Held>('offers.pick', { offerId: offered.offerId, inventoryId: y.inventoryId })
    expect(ids(second.offer.sets[0]!)).toEqual([x.inventoryId, y.inventoryId])
    expect(runtime!.holds.status().count).toBe(2)
    expect(await heldAtVendor(productId, [a])).toBe(false)
    expect(await heldAtVendor(productId, [b])).toBe(false)
    expect(await heldAtVendor(productId, [x.inventoryId])).toBe(true)
    expect(await heldAtVendor(productId, [y.inventoryId])).toBe(true)
  })

  it('picking before keeping a Best Available set gives back the set not kept', async () => {
    const { productId, section } = await theatre()
    const offered = await ask<Held>('offers.request', { productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'BA', quantity: 2 })
    const [setA, setB] = offered.offer.sets.map(ids) as [number[], number[]]
    const pick = offered.offer.available.find((s) => s.seatType === SeatKind.Standard)!
    const after = await ask<Held>('offers.pick', { offerId: offered.offerId, inventoryId: pick.inventoryId })
    expect(ids(after.offer.sets[0]!)).toEqual([setA[1]!, pick.inventoryId])
    expect(runtime!.holds.status().count).toBe(2)
    expect(await heldAtVendor(productId, setB)).toBe(false)
  })

  it('a wheelchair space comes with its companion seat when two are wanted', async () => {
    const { productId, section } = await theatre()
    const offered = await ask<Held>('offers.request', { productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'HS', quantity: 2 })
    const free = offered.offer.available
    const space = free.find((s) => s.seatType === SeatKind.Wheelchair && partnerOf(s, free))!
    expect(space, 'the seed gives the theatre’s stalls wheelchair spaces with companion seats').toBeDefined()
    const after = await ask<Held>('offers.pick', { offerId: offered.offerId, inventoryId: space.inventoryId })
    const mine = after.offer.sets[0]!
    expect(mine.map((s) => s.seatType).sort()).toEqual([SeatKind.Wheelchair, SeatKind.Companion])
    expect(mine.every((s) => s.row === space.row)).toBe(true)
    expect(Math.abs(Number(mine[0]!.seat) - Number(mine[1]!.seat))).toBe(1)
    expect(await heldAtVendor(productId, ids(offered.offer.sets[0]!))).toBe(false)
  })

  it('refuses a companion seat on its own, a seat the offer did not show, and a seat taken meanwhile — changing nothing', async () => {
    const { productId, section, sections } = await theatre()
    const offered = await ask<Held>('offers.request', { productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'HS', quantity: 1 })
    const mine = ids(offered.offer.sets[0]!)
    const companion = offered.offer.available.find((s) => s.seatType === SeatKind.Companion)!
    await expect(ask('offers.pick', { offerId: offered.offerId, inventoryId: companion.inventoryId })).rejects.toThrow('seats.companion-alone')

    // Another section's seat: this offer never showed it.
    const other = sections.find((s) => s.seatSectionId !== section.seatSectionId)!
    const elsewhere = await rig.direct.get(`/products/${productId}/seatmap/availability?priceCatId=${other.priceCategoryId}&seatSectionId=${other.seatSectionId}&mode=HS&quantity=1`)
    const foreign = (elsewhere.body as { seatsAvailableList: { inventoryId: number }[] }).seatsAvailableList[0]!.inventoryId
    await expect(ask('offers.pick', { offerId: offered.offerId, inventoryId: foreign })).rejects.toThrow('seats.not-pickable')

    // Someone else takes the seat first: the exchange is refused whole.
    const wanted = offered.offer.available.find((s) => s.seatType === SeatKind.Standard)!
    expect((await rig.direct.post(`/products/${productId}/seats`, { reservedSeatList: [wanted.inventoryId] })).body.status).toBe(0)
    await expect(ask('offers.pick', { offerId: offered.offerId, inventoryId: wanted.inventoryId })).rejects.toThrow('seats.taken')
    expect(await heldAtVendor(productId, mine)).toBe(true)
    expect(runtime!.holds.status().count).toBe(1)
  })
})

describe('couple seats', () => {
  it('a couple seat is taken with its other half, for two tickets; never half of one', async () => {
    const { productId, section } = await theatre('Balcony Centre')
    const offered = await ask<Held>('offers.request', { productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'HS', quantity: 2 })
    const free = offered.offer.available
    const couples = free.filter((s) => s.seatType === SeatKind.Couple)
    expect(couples.length, 'the seed makes the balcony’s last row couple seats').toBeGreaterThan(3)
    // The even-numbered half: its pair is the odd seat before it (1–2, 3–4, …).
    const half = couples.find((s) => Number(s.seat) % 2 === 0)!
    const after = await ask<Held>('offers.pick', { offerId: offered.offerId, inventoryId: half.inventoryId })
    const mine = after.offer.sets[0]!
    expect(mine.map((s) => Number(s.seat)).sort((a, b) => a - b)).toEqual([Number(half.seat) - 1, Number(half.seat)])
    expect(mine.every((s) => s.seatType === SeatKind.Couple && s.row === half.row)).toBe(true)
    expect(runtime!.holds.status().count).toBe(2)
    expect(await heldAtVendor(productId, ids(offered.offer.sets[0]!))).toBe(false)

    // Someone else takes the other half of a couple seat meanwhile: the exchange is refused whole, nothing changes.
    const other = couples.find((s) => !ids(mine).includes(s.inventoryId) && Number(s.seat) % 2 === 1)!
    const otherHalf = couples.find((s) => Number(s.seat) === Number(other.seat) + 1)!
    expect((await rig.direct.post(`/products/${productId}/seats`, { reservedSeatList: [otherHalf.inventoryId] })).body.status).toBe(0)
    await expect(ask('offers.pick', { offerId: offered.offerId, inventoryId: other.inventoryId })).rejects.toThrow('seats.taken')
    expect(await heldAtVendor(productId, [other.inventoryId])).toBe(false)
    expect(await heldAtVendor(productId, ids(mine))).toBe(true)
    expect(runtime!.holds.status().count).toBe(2)
  })

  it('the training sandbox sold no half couple seat and no companion seat without its space before it opened', async () => {
    const { productId, sections } = await theatre()
    type Listed = { seatType: number; seatRowAlias: string; seatAlias: string }
    for (const section of sections) {
      const answer = await rig.direct.get(`/products/${productId}/seatmap/availability?priceCatId=${section.priceCategoryId}&seatSectionId=${section.seatSectionId}&mode=HS&quantity=1`)
      const body = answer.body as { seatsAvailableList?: Listed[] }
      const free = (body.seatsAvailableList ?? []).map((s) => ({ inventoryId: 0, row: s.seatRowAlias, seat: s.seatAlias, seatType: s.seatType }) as Seat)
      for (const seat of free) {
        if (seat.seatType === SeatKind.Couple || seat.seatType === SeatKind.Companion) {
          expect(partnerOf(seat, free), `${section.seatSectionAlias} row ${seat.row} seat ${seat.seat}`).not.toBeNull()
        }
      }
    }
  })

  it('a single ticket cannot take a couple seat', async () => {
    const { productId, section } = await theatre('Balcony Centre')
    const offered = await ask<Held>('offers.request', { productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'HS', quantity: 1 })
    const couple = offered.offer.available.find((s) => s.seatType === SeatKind.Couple)!
    await expect(ask('offers.pick', { offerId: offered.offerId, inventoryId: couple.inventoryId })).rejects.toThrow('seats.couple-alone')
    expect(ids((await ask<Held>('offers.pick', { offerId: offered.offerId, inventoryId: offered.offer.sets[0]![0]!.inventoryId })).offer.sets[0]!)).toEqual(ids(offered.offer.sets[0]!))
    expect(runtime!.holds.status().count).toBe(1)
  })
})

describe('accessible seating', () => {
  it('goes straight to a free wheelchair space with its companion seat, looking section by section', async () => {
    const { productId, sections } = await theatre()
    // Sections without wheelchair spaces (the circle, the balcony) first: they are looked in and given back.
    const stalls = (s: (typeof sections)[number]) => s.seatSectionAlias!.startsWith('Stalls')
    const order = [...sections.filter((s) => !stalls(s)), ...sections.filter(stalls)].map((s) => ({ sectionId: s.seatSectionId, priceCategoryId: s.priceCategoryId }))
    const found = await ask<Held & { sectionId: number }>('offers.accessible', { productId, mode: 'BA', quantity: 2, sections: order })
    expect(sections.find((s) => s.seatSectionId === found.sectionId)!.seatSectionAlias).toMatch(/^Stalls/)
    expect(found.offer.sets).toHaveLength(1)
    expect(found.offer.sets[0]!.map((s) => s.seatType).sort()).toEqual([SeatKind.Wheelchair, SeatKind.Companion])
    expect(found.picked).toBe(true)
    // Only the pair is held: every section looked in on the way was given back.
    expect(runtime!.holds.status().count).toBe(2)
  })

  it('says so when no wheelchair space is free in the sections asked', async () => {
    const { productId, sections } = await theatre()
    const none = sections.filter((s) => !s.seatSectionAlias!.startsWith('Stalls')).map((s) => ({ sectionId: s.seatSectionId, priceCategoryId: s.priceCategoryId }))
    await expect(ask('offers.accessible', { productId, mode: 'BA', quantity: 2, sections: none })).rejects.toThrow('seats.no-wheelchair-space')
    expect(runtime!.holds.status().count).toBe(0)
  })
})
