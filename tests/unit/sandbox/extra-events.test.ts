import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISTINCT_TITLES, extraEventCode, extraEvents, MAX_EXTRA_EVENTS } from '../../../electron/sandbox/seed/extra/extra-events'
import { apiLangs, genres } from '../../../electron/sandbox/seed/types'
import type { Sandbox } from '../../../electron/sandbox/server'
import { readStartupConfig } from '../../../electron/services/app-config'
import { sandboxWithClient, type SandboxClient } from '../../support/sandbox-client'
import { listedSeeds, NOW, seeds, unescapeHtml, venues, type EventJson } from './helpers'

/**
 * The sandbox's big-catalogue option (docs/sandbox-api.md, "A big catalogue"):
 * generated events after the training catalogue, paged and searched through
 * the real API like any other; the training data unchanged without it.
 */
const EXTRA = 5000
const generated = extraEvents(EXTRA, venues)

let plain: { sandbox: Sandbox; client: SandboxClient }
let big: { sandbox: Sandbox; client: SandboxClient }

beforeAll(async () => {
  const options = { now: () => NOW, tokenTtlSeconds: 365 * 86400 }
  ;[plain, big] = await Promise.all([sandboxWithClient(options), sandboxWithClient({ ...options, extraEvents: EXTRA })])
})
afterAll(async () => {
  await Promise.all([plain.sandbox.close(), big.sandbox.close()])
})

const icc = (client: SandboxClient, query: Record<string, string | number>) => client.get('/icc', query)

describe('generated events', () => {
  it('are the same every time, plain data, with well-formed unique codes FYX00001 …', () => {
    expect(extraEvents(EXTRA, venues)).toStrictEqual(generated)
    expect(JSON.parse(JSON.stringify(generated.slice(0, 50)))).toStrictEqual(generated.slice(0, 50))
    expect(generated[0]!.code).toBe('FYX00001')
    expect(generated.at(-1)!.code).toBe(extraEventCode(EXTRA - 1))
    expect(generated.at(-1)!.code).toBe('FYX05000')
    const codes = new Set([...seeds, ...generated].map((e) => e.code))
    expect(codes.size).toBe(seeds.length + EXTRA)
    for (const e of generated) expect(e.code).toMatch(/^[A-Z0-9]{6,16}$/)
  })

  it('have titles built from parts in the four languages, unique, translated', () => {
    for (const e of generated) {
      for (const lang of apiLangs) {
        expect(e.title[lang], `${e.code} ${lang}`).not.toBe('')
        expect(e.synopsis[lang], `${e.code} ${lang}`).not.toBe('')
      }
      expect(e.title.ZH_CN).toMatch(/[\u4e00-\u9fff]/)
      expect(e.title.ZH_HK).toMatch(/[\u4e00-\u9fff]/)
      expect(e.synopsis.MS_MY).not.toBe(e.synopsis.EN_SG)
    }
    expect(new Set(generated.map((e) => e.title.EN_SG)).size).toBe(EXTRA)
    // Past the distinct combinations a season number keeps titles apart.
    const more = extraEvents(DISTINCT_TITLES + 10, venues)
    expect(new Set(more.map((e) => e.title.EN_SG)).size).toBe(more.length)
    expect(more.at(-1)!.title.EN_SG).toMatch(/\(Season 2\)$/)
  })

  it('cover every genre at suitable seed venues, with price categories for every tier and sensible sale windows', () => {
    expect(new Set(generated.flatMap((e) => e.genres))).toEqual(new Set(genres))
    const venueById = new Map(venues.map((v) => [v.id, v]))
    for (const e of generated) {
      const venue = venueById.get(e.venueId)!
      expect(venue, e.code).toBeDefined()
      const tiers = [...new Set(venue.sections.map((s) => s.tier))].sort()
      expect(e.priceCategories.flatMap((c) => c.tiers).sort(), e.code).toEqual(tiers)
      expect(e.shows.length).toBeGreaterThanOrEqual(1)
      const days = e.shows.map((s) => s.dayOffset)
      expect(new Set(days).size, `${e.code}: one show a day`).toBe(days.length)
      expect(Math.min(...days)).toBeGreaterThan(Math.max(0, e.sellability.startOffsetDays))
      expect(e.sellability.endOffsetDays).toBe(Math.max(...days))
    }
    const future = generated.filter((e) => e.sellability.startOffsetDays > 0).length
    expect(future).toBeGreaterThan(EXTRA / 12)
    expect(future).toBeLessThan(EXTRA / 5)
  })

  it('refuse a count out of range', () => {
    expect(() => extraEvents(-1, venues)).toThrow(/whole number/)
    expect(() => extraEvents(MAX_EXTRA_EVENTS + 1, venues)).toThrow(/whole number/)
    expect(() => extraEvents(1.5, venues)).toThrow(/whole number/)
  })
})

describe('through the API', () => {
  it('leaves the training catalogue as it is without the option', async () => {
    const { body } = await icc(plain.client, { size: 100 })
    expect(body.totalElements).toBe(listedSeeds.length)
    expect((body.content as EventJson[]).some((e) => e.internetContentCode.startsWith('FYX'))).toBe(false)
  })

  it('lists the training events first, with their own product ids, then the generated ones', async () => {
    const [a, b] = await Promise.all([icc(plain.client, { size: 100 }), icc(big.client, { size: 100 })])
    const codes = (answer: typeof a) => (answer.body.content as EventJson[]).map((e) => e.internetContentCode)
    expect(codes(b).slice(0, listedSeeds.length)).toEqual(codes(a))
    expect(codes(b)[listedSeeds.length]).toBe('FYX00001')
    const shows = async (client: SandboxClient, code: string) => (await client.get(`/icc/${code}`)).body.showTimingList.map((s: { productId: number }) => s.productId)
    const last = listedSeeds.at(-1)!.code
    expect(await shows(big.client, last)).toEqual(await shows(plain.client, last))
    expect(await shows(big.client, 'FY26NOVA9')).toEqual(await shows(plain.client, 'FY26NOVA9'))
  })

  it('pages through every generated event exactly once', async () => {
    const size = 100
    const first = await icc(big.client, { size, page: 0 })
    expect(first.body.totalElements).toBe(listedSeeds.length + EXTRA)
    const pages = first.body.totalPages as number
    expect(pages).toBe(Math.ceil((listedSeeds.length + EXTRA) / size))
    const answers = await Promise.all(Array.from({ length: pages }, (_, page) => icc(big.client, { size, page })))
    const codes = answers.flatMap((a) => (a.body.content as EventJson[]).map((e) => e.internetContentCode))
    expect(codes).toHaveLength(listedSeeds.length + EXTRA)
    expect(new Set(codes).size).toBe(codes.length)
    expect(codes.filter((c) => c.startsWith('FYX'))).toEqual(generated.map((e) => e.code))
    expect(answers.at(-1)!.body.last).toBe(true)
  })

  it('finds a generated event by its title, in English and in Chinese, and its shows sell like any other', async () => {
    const target = generated[4321]!
    const english = await icc(big.client, { q: target.title.EN_SG, size: 100 })
    expect(english.status).toBe(200)
    expect((english.body.content as EventJson[]).map((e) => e.internetContentCode)).toEqual([target.code])
    const chinese = await icc(big.client, { q: target.title.ZH_CN, lang: 'ZH_CN', size: 100 })
    expect((chinese.body.content as EventJson[]).map((e) => e.internetContentCode)).toEqual([target.code])
    expect(unescapeHtml((chinese.body.content as EventJson[])[0]!.title)).toBe(target.title.ZH_CN)

    const detail = await big.client.get(`/icc/${target.code}`)
    expect(detail.status).toBe(200)
    expect(detail.body.showTimingList).toHaveLength(target.shows.length)
  })

  it('searches a theme across all of them: every event with it, and no other', async () => {
    const theme = 'Durian Days'
    const answer = await icc(big.client, { q: theme, size: 100, page: 0 })
    const expected = generated.filter((e) => e.title.EN_SG.includes(theme)).map((e) => e.code)
    expect(expected.length).toBeGreaterThan(100)
    expect(answer.body.totalElements).toBe(expected.length)
  })

  it('sorts the big catalogue by title', async () => {
    const answer = await icc(big.client, { sort: 'title', size: 50 })
    const titles = (answer.body.content as EventJson[]).map((e) => unescapeHtml(e.title))
    const collator = new Intl.Collator('en-SG')
    for (let i = 1; i < titles.length; i++) expect(collator.compare(titles[i - 1]!, titles[i]!)).toBeLessThanOrEqual(0)
  })
})

describe('how it is asked for', () => {
  it('FOYER_SANDBOX_EXTRA_EVENTS is read as a whole number, and refused otherwise', () => {
    expect(readStartupConfig({ FOYER_SANDBOX_EXTRA_EVENTS: '5000' })).toEqual({ sandboxExtraEvents: 5000 })
    expect(readStartupConfig({ FOYER_SANDBOX_EXTRA_EVENTS: '' })).toEqual({})
    expect(() => readStartupConfig({ FOYER_SANDBOX_EXTRA_EVENTS: 'lots' })).toThrow(/FOYER_SANDBOX_EXTRA_EVENTS/)
    expect(() => readStartupConfig({ FOYER_SANDBOX_EXTRA_EVENTS: '-3' })).toThrow(/FOYER_SANDBOX_EXTRA_EVENTS/)
  })
  // The command line's --extra-events is refused out of range in cli.test.ts, with the other arguments.
})
