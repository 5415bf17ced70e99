import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../electron/sandbox/server'
import { sandboxWithClient, type SandboxClient } from '../../support/sandbox-client'
import { allShows, expectErrorBody, firstShow, NOW, singleSeatsId, soldOutId, type ShowJson } from './helpers'

/**
 * Pins operations 3 and 4 (docs/sandbox-api.md, "Operations 3–4") and the
 * images: the overview seat map of each kind of venue, section availability
 * and the generated SVGs.
 */
let sandbox: Sandbox
let client: SandboxClient
let shows: ShowJson[]

beforeAll(async () => {
  ;({ sandbox, client } = await sandboxWithClient({ now: () => NOW }))
  shows = await allShows(client)
})
afterAll(() => sandbox.close())

interface Monetary {
  amount: number
  currency: string
  formatted: string
}
interface SectionJson {
  seatLevelAlias: string
  seatSectionId: number
  seatSectionAlias: string
  seatSectionType: string
  seatEntrance: string
  priceCategoryNum: number
  priceCategoryId: number
  price: Monetary
  redeem: boolean
  coordinatesList: string[]
}
interface CategoryJson {
  priceCatAlias: string
  priceCatAmount: Monetary
  SeatLevel: SectionJson[]
}

const overview = async (productId: number) => {
  const answer = await client.get(`/products/${productId}/seatmap/overview`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body as { mode: string; imageURL: string; seatSectionList: CategoryJson[]; [field: string]: unknown }
}
const sectionsOf = (map: { seatSectionList: CategoryJson[] }) => map.seatSectionList.flatMap((c) => c.SeatLevel)
const availability = async (productId: number) => {
  const answer = await client.get(`/products/${productId}/seatmap/availability`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body as { seatSectionId: number; priceCategoryId: number; seatSectionAvailability: number }[]
}
const expectMonetary = (money: Monetary) => {
  expect(typeof money.amount).toBe('number')
  expect(money.currency).toBe('SGD')
  expect(money.formatted).toBe(`S$${money.amount.toFixed(2)}`)
}

describe('overview seat map', () => {
  it('describes a stadium show: about 100 sections with outlines, price categories 1–20 and SGD prices', async () => {
    const map = await overview(firstShow(shows, 'stadium').productId)
    const sections = sectionsOf(map)
    expect(sections.length).toBeGreaterThanOrEqual(90)
    expect(sections.length).toBeLessThanOrEqual(110)
    expect(new Set(sections.map((s) => s.seatSectionId)).size).toBe(sections.length)
    for (const category of map.seatSectionList) {
      expect(category.priceCatAlias).toBeTypeOf('string')
      expectMonetary(category.priceCatAmount)
      expect(category.SeatLevel.length).toBeGreaterThan(0)
      for (const section of category.SeatLevel) {
        expect(Number.isInteger(section.seatSectionId)).toBe(true)
        expect(section.priceCategoryNum).toBeGreaterThanOrEqual(1)
        expect(section.priceCategoryNum).toBeLessThanOrEqual(20)
        expect(section.priceCategoryId).toBe(category.SeatLevel[0]!.priceCategoryId)
        expectMonetary(section.price)
        expect(section.price).toEqual(category.priceCatAmount)
        expect(section.coordinatesList).toHaveLength(1) // one outline per section
        for (const outline of section.coordinatesList) {
          const numbers = outline.split(',').map(Number)
          expect(numbers.length % 2, outline).toBe(0)
          expect(numbers.length, outline).toBeGreaterThanOrEqual(6)
          for (const n of numbers) expect(Number.isFinite(n), outline).toBe(true)
        }
      }
    }
    const categoryIds = map.seatSectionList.map((c) => c.SeatLevel[0]!.priceCategoryId)
    expect(new Set(categoryIds).size).toBe(categoryIds.length)
  })

  it('names the section list SeatLevel, not seatLevel', async () => {
    const map = await overview(firstShow(shows, 'theatre').productId)
    for (const category of map.seatSectionList) {
      expect(Object.keys(category)).toContain('SeatLevel')
      expect(Object.keys(category)).not.toContain('seatLevel')
    }
  })

  it('gives the sales mode: HS at the stadium, BA at the theatre and recital hall, GA at general-admission venues', async () => {
    expect((await overview(firstShow(shows, 'stadium').productId)).mode).toBe('HS')
    expect((await overview(firstShow(shows, 'theatre').productId)).mode).toBe('BA')
    expect((await overview(firstShow(shows, 'recital').productId)).mode).toBe('BA')
    const ga = await overview(firstShow(shows, 'ga').productId)
    expect(ga.mode).toBe('GA')
    for (const section of sectionsOf(ga)) expect(section.coordinatesList.length).toBeGreaterThan(0)
  })

  it('answers an unknown product with 400 error.product.overview-seatmap.generation.fail', async () => {
    const answer = await client.get('/products/99999/seatmap/overview')
    expectErrorBody(answer.status, answer.body, { status: 400, errorCode: 'error.product.overview-seatmap.generation.fail' })
  })
})

describe('section availability', () => {
  it('is a bare list with one entry per section of the overview, each 0–3', async () => {
    for (const kind of ['stadium', 'theatre', 'recital', 'ga'] as const) {
      const productId = firstShow(shows, kind).productId
      const list = await availability(productId)
      expect(Array.isArray(list)).toBe(true)
      const sections = sectionsOf(await overview(productId))
      expect(list.map((a) => a.seatSectionId).sort()).toEqual(sections.map((s) => s.seatSectionId).sort())
      for (const entry of list) {
        expect([0, 1, 2, 3]).toContain(entry.seatSectionAvailability)
        expect(entry.priceCategoryId).toBe(sections.find((s) => s.seatSectionId === entry.seatSectionId)!.priceCategoryId)
      }
      expect(list.some((a) => a.seatSectionAvailability > 0), kind).toBe(true)
    }
  })

  it('gives 0 everywhere for the sold-out fixture, which is on sale and shows 16', async () => {
    const productId = soldOutId()
    expect(shows.find((s) => s.productId === productId)!.availabilityStatus).toBe(16)
    expect((await availability(productId)).every((a) => a.seatSectionAvailability === 0)).toBe(true)
    // Every on-sale show listed as sold out has no section with seats (a show that has started also shows 16).
    for (const show of shows.filter((s) => s.availabilityStatus === 16 && Date.parse(s.showDate) > Date.now())) {
      expect((await availability(show.productId)).every((a) => a.seatSectionAvailability === 0), `${show.productId}`).toBe(true)
    }
  })

  it('gives 3 everywhere for the single-seats fixture, which shows 17', async () => {
    const productId = singleSeatsId()
    expect(shows.find((s) => s.productId === productId)!.availabilityStatus).toBe(17)
    expect((await availability(productId)).every((a) => a.seatSectionAvailability === 3)).toBe(true)
  })

  it('gives some limited (2) sections for a show with under 10 % left (18)', async () => {
    const limited = shows.find((s) => s.availabilityStatus === 18 && s.ticketType === 'RS')!
    expect((await availability(limited.productId)).some((a) => a.seatSectionAvailability === 2)).toBe(true)
  })
})

describe('images', () => {
  const image = async (path: string) => {
    const response = await fetch(`${sandbox.imageBaseUrl}/${path}`)
    return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() }
  }
  const expectSvg = (answer: Awaited<ReturnType<typeof image>>) => {
    expect(answer.status).toBe(200)
    expect(answer.type).toMatch(/^image\/svg\+xml/)
    expect(answer.text).toMatch(/<svg[\s>]/)
  }

  it('serves the event summary image as SVG, at the documented path', async () => {
    const { body } = await client.get('/icc', { size: 3 })
    for (const event of body.content as { summaryImagePath: string; internetContentCode: string }[]) {
      expect(event.summaryImagePath).toBe(`images/events/${event.internetContentCode}.svg`)
    }
    for (const event of body.content as { summaryImagePath: string }[]) expectSvg(await image(event.summaryImagePath))
    const { body: detail } = await client.get(`/icc/${(body.content as { internetContentCode: string }[])[0]!.internetContentCode}`)
    expectSvg(await image(detail.summaryImagePath))
  })

  it('serves the overview image of every kind of show as SVG, at the documented path', async () => {
    for (const kind of ['stadium', 'theatre', 'recital', 'ga'] as const) {
      const productId = firstShow(shows, kind).productId
      const { imageURL } = await overview(productId)
      expect(imageURL).toBe(`images/seatmaps/${productId}/overview.svg`)
      expectSvg(await image(imageURL))
    }
  })

  it('serves section images in 2D and 3D', async () => {
    const productId = firstShow(shows, 'theatre').productId
    const section = sectionsOf(await overview(productId))[0]!
    expectSvg(await image(`images/seatmaps/${productId}/${section.seatSectionId}/2d.svg`))
    expectSvg(await image(`images/seatmaps/${productId}/${section.seatSectionId}/3d.svg`))
  })

  it.each([
    'images/events/NOSUCHEVENT.svg',
    'images/events/FY26HAMLET.png',
    'images/seatmaps/99999/overview.svg',
    'images/seatmaps/abc/overview.svg',
    'images/seatmaps/10001/999999/2d.svg',
    'images/seatmaps/10001/1001/4d.svg',
    'images/nothing.svg',
  ])('answers an unknown image %s with 404 and the error body', async (path) => {
    const answer = await image(path)
    expectErrorBody(answer.status, JSON.parse(answer.text), { status: 404 }, answer.text)
  })
})
