import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../electron/sandbox/server'
import { sandboxWithClient, type SandboxClient } from '../../support/sandbox-client'
import { findShow, isOnSale, sectionsOf, type SectionFixture, type ShowFixture } from '../../support/sandbox-fixtures'

let sandbox: Sandbox
let client: SandboxClient
let theatre: ShowFixture
let section: SectionFixture

const offer = (query: Record<string, string | number>, productId = theatre.productId) =>
  client.get(`/products/${productId}/seatmap/availability`, query)
const release = (ids: number[], productId = theatre.productId) =>
  client.post(`/products/${productId}/seats`, { releasedSeatList: ids })
const ask = (mode: 'BA' | 'HS', quantity: number, extra: Record<string, string | number> = {}) =>
  offer({ priceCatId: section.priceCategoryId, seatSectionId: section.seatSectionId, mode, quantity, ...extra })
const idsOf = (body: any): number[] => body.setsReservedList.flatMap((s: any) => s.setsReserved.map((seat: any) => seat.inventoryId))

beforeAll(async () => {
  ;({ sandbox, client } = await sandboxWithClient())
  theatre = await findShow(client, (s) => s.venue === 'Grand Theatre' && isOnSale(s))
  section = (await sectionsOf(client, theatre.productId)).find((s) => s.seatSectionAlias === 'Stalls Centre')!
})
afterAll(() => sandbox.close())

describe('seat offers', () => {
  it('Best Available returns two disjoint sets of the quantity; Hot Show one', async () => {
    const ba = await ask('BA', 2)
    expect(ba.status).toBe(200)
    expect(ba.body.setsReservedList).toHaveLength(2)
    for (const set of ba.body.setsReservedList) expect(set.setsReserved).toHaveLength(2)
    expect(new Set(idsOf(ba.body)).size).toBe(4)
    const hs = await ask('HS', 3)
    expect(hs.body.setsReservedList).toHaveLength(1)
    expect(hs.body.setsReservedList[0].setsReserved).toHaveLength(3)
    expect(idsOf(hs.body).some((id) => idsOf(ba.body).includes(id))).toBe(false)
    expect((await release([...idsOf(ba.body), ...idsOf(hs.body)])).body.status).toBe(0)
  })

  it('gives the best seats first: contiguous, in one row, in the front rows', async () => {
    const hs = await ask('HS', 4)
    const seats = hs.body.setsReservedList[0].setsReserved
    expect(new Set(seats.map((s: any) => s.seatRowAlias)).size).toBe(1)
    const numbers = seats.map((s: any) => Number(s.seatAlias)).sort((a: number, b: number) => a - b)
    expect(numbers.at(-1)! - numbers[0]!).toBe(3)
    await release(idsOf(hs.body))
  })

  it('reserves what it offers: offered seats are unavailable to the next offer and listed as such', async () => {
    const first = await ask('HS', 2)
    const second = await ask('HS', 2)
    expect(idsOf(second.body).some((id) => idsOf(first.body).includes(id))).toBe(false)
    const availableIds = second.body.seatsAvailableList.map((s: any) => s.inventoryId)
    for (const id of idsOf(first.body)) expect(availableIds).not.toContain(id)
    const taken = new Set(second.body.seatsUnavailableList.map((s: any) => s.topLeftCoordinates))
    for (const seat of first.body.setsReservedList[0].setsReserved) expect(taken.has(seat.topLeftCoordinates)).toBe(true)
    await release([...idsOf(first.body), ...idsOf(second.body)])
  })

  it('returns times and seat geometry in 3D mode, and numbers-on-image without coordinates in 2D mode', async () => {
    const threeD = await ask('HS', 1)
    expect(threeD.body.reservedTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/)
    const held = Date.parse(threeD.body.expirationTime) - Date.parse(threeD.body.reservedTime)
    expect(held).toBe(15 * 60_000)
    const seat = threeD.body.setsReservedList[0].setsReserved[0]
    expect(seat.topLeftCoordinates).toMatch(/^-?[\d.]+,-?[\d.]+$/)
    expect(typeof seat.seatAngle).toBe('string')
    expect(seat.coordinates.split(',')).toHaveLength(8)
    expect(threeD.body.imageURL).toMatch(/3d\.svg$/)
    expect(threeD.body.seatsAvailableList.length).toBeGreaterThan(0)

    const twoD = await ask('HS', 1, { '2DSeatmap': '1' })
    expect(twoD.body.imageURL).toMatch(/2d\.svg$/)
    expect(twoD.body.expirationTime).toBeUndefined()
    expect(twoD.body.setsReservedList[0].setsReserved[0].topLeftCoordinates).toBeUndefined()
    expect(twoD.body.seatsAvailableList).toEqual([])
    await release([...idsOf(threeD.body), ...idsOf(twoD.body)])
  })

  it('refuses sections without coordinates or angles in 3D mode, and serves them in 2D', async () => {
    const sections = await sectionsOf(client, theatre.productId)
    const boxA = sections.find((s) => s.seatSectionAlias === 'Box A')!
    const boxB = sections.find((s) => s.seatSectionAlias === 'Box B')!
    const query = (s: SectionFixture, extra = {}) => ({ priceCatId: s.priceCategoryId, seatSectionId: s.seatSectionId, mode: 'HS', quantity: 1, ...extra })
    expect((await offer(query(boxA))).body.errorCode).toBe('error.product.detail-seatmap.generation.coordinate.missing')
    expect((await offer(query(boxB))).body.errorCode).toBe('error.product.detail-seatmap.generation.seatangle.missing')
    const twoD = await offer(query(boxA, { '2DSeatmap': '1' }))
    expect(twoD.status).toBe(200)
    await release(idsOf(twoD.body))
  })

  it('answers insufficient seats with the documented error and holds nothing', async () => {
    const boxA = (await sectionsOf(client, theatre.productId)).find((s) => s.seatSectionAlias === 'Box A')!
    const tooMany = await offer({ priceCatId: boxA.priceCategoryId, seatSectionId: boxA.seatSectionId, mode: 'BA', quantity: 20, '2DSeatmap': '1' })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.errorCode).toBe('error.product.detail-seatmap.insufficient-seats')
  })

  it('refuses offers on general admission, on shows not on sale, and on mismatched sections', async () => {
    const ga = await findShow(client, (s) => s.ticketType === 'GA' && isOnSale(s))
    const gaSection = (await sectionsOf(client, ga.productId))[0]!
    const gaOffer = await offer({ priceCatId: gaSection.priceCategoryId, seatSectionId: gaSection.seatSectionId, mode: 'BA', quantity: 1 }, ga.productId)
    expect(gaOffer.body.errorCode).toBe('error.product.detail-seatmap.mode.invalid')
    const cancelled = await findShow(client, (s) => s.availabilityStatus === -7 && s.ticketType === 'RS')
    const cs = (await sectionsOf(client, cancelled.productId))[0]!
    const refused = await offer({ priceCatId: cs.priceCategoryId, seatSectionId: cs.seatSectionId, mode: 'BA', quantity: 1 }, cancelled.productId)
    expect(refused.body.errorCode).toBe('error.product.not-on-sale')
    const mismatch = await ask('BA', 1, { priceCatId: section.priceCategoryId + 1 })
    expect(mismatch.body.errorCode).toBe('error.product.detail-seatmap.section.invalid')
  })
})

describe('the seats endpoint', () => {
  it('releases held seats, all or nothing', async () => {
    const hs = await ask('HS', 2)
    const [a, b] = idsOf(hs.body) as [number, number]
    const mixed = await release([a, 999])
    expect(mixed.status).toBe(200)
    expect(mixed.body.status).toBe('1')
    expect(mixed.body.statusMessage).toMatch(/^Error releasing seats/)
    // Nothing changed: both seats are still held and release together.
    const ok = await release([a, b])
    expect(ok.body).toMatchObject({ status: 0, statusMessage: expect.any(String), reservedTime: expect.any(String) })
    // Released seats are not held any more: releasing them again fails.
    expect((await release([a])).body.status).toBe('1')
  })

  it('reserves picked seats (wheelchair spaces included), all or nothing', async () => {
    const hs = await ask('HS', 1)
    const free = hs.body.seatsAvailableList as { inventoryId: number; seatType: number }[]
    const wheelchair = free.find((s) => s.seatType === 2)
    expect(wheelchair, 'the stalls have wheelchair spaces').toBeDefined()
    const held = idsOf(hs.body)[0]!
    const refused = await client.post(`/products/${theatre.productId}/seats`, { reservedSeatList: [wheelchair!.inventoryId, held] })
    expect(refused.body.status).toBe('1')
    const picked = await client.post(`/products/${theatre.productId}/seats`, { reservedSeatList: [wheelchair!.inventoryId] })
    expect(picked.body.status).toBe(0)
    expect((await release([wheelchair!.inventoryId, held])).body.status).toBe(0)
  })
})
