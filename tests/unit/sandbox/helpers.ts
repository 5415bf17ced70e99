import { expect } from 'vitest'
import { seedEvents } from '../../../electron/sandbox/seed/events'
import type { ApiLang, SeedEvent, SeedVenue } from '../../../electron/sandbox/seed/types'
import { buildVenues } from '../../../electron/sandbox/seed/venues'
import type { SandboxClient } from '../../support/sandbox-client'
import { decodeHTML } from 'entities'

/**
 * Small shared helpers of the sandbox's API tests: a fixed clock, the seed data
 * the answers are checked against, show finders and the error-body check.
 */

/** 09:00 in Singapore on a Monday: before every show of the anchor day starts. */
export const NOW = Date.parse('2026-03-02T01:00:00Z')
export const DAY_MS = 24 * 3600_000
const SGT_MS = 8 * 3600_000

/** The Singapore date `days` after the anchor day (the SGT date of NOW), as the API's YYYYMMDD. */
export function ymd(days: number): string {
  return new Date(NOW + SGT_MS + days * DAY_MS).toISOString().slice(0, 10).replace(/-/g, '')
}

export const ISO_SGT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/

export const seeds: readonly SeedEvent[] = seedEvents
export const venues: readonly SeedVenue[] = buildVenues()

export function seedEvent(code: string): SeedEvent {
  const found = seeds.find((e) => e.code === code)
  if (!found) throw new Error(`no seed event ${code}`)
  return found
}

export function venueOf(event: SeedEvent): SeedVenue {
  const found = venues.find((v) => v.id === event.venueId)
  if (!found) throw new Error(`no venue ${event.venueId}`)
  return found
}

export const venueByName = (name: string): SeedVenue | undefined => venues.find((v) => v.name === name)

/** The documented numbering: product ids start at 10001 in seed order (events, then their shows). */
export const seedProducts = seeds.flatMap((event) => event.shows.map((show) => ({ event, show })))
export const productIdOf = (predicate: (p: (typeof seedProducts)[number]) => boolean): number => {
  const index = seedProducts.findIndex(predicate)
  if (index < 0) throw new Error('no seed show matches')
  return 10001 + index
}
export const seedProduct = (productId: number) => seedProducts[productId - 10001]

/** The documented numbering of price categories: from 500001, in seed order. */
export function priceCategoryIdOf(code: string, index = 0): number {
  const at = seeds.findIndex((e) => e.code === code)
  if (at < 0) throw new Error(`no seed event ${code}`)
  return 500001 + seeds.slice(0, at).reduce((n, e) => n + e.priceCategories.length, 0) + index
}

/** A section of the event's venue selling its price category `index` (fully configured). */
export function sectionIdOf(code: string, index = 0): number {
  const event = seedEvent(code)
  const tiers = event.priceCategories[index]!.tiers
  const section = venueOf(event).sections.find((s) => tiers.includes(s.tier) && !s.missingCoordinates && !s.missingSeatAngle)
  if (!section) throw new Error(`no section for ${code}`)
  return section.id
}

/** The seed's sold-out and single-seats fixtures. */
export const soldOutId = () => productIdOf((p) => p.show.preSold?.kind === 'sold-out')
export const singleSeatsId = () => productIdOf((p) => p.show.preSold?.kind === 'single-seats')

// ---------------------------------------------------------------- shows through the API

export interface ShowJson {
  productId: number
  showTitle: string
  showDate: string
  availabilityStatus: number
  ticketType: string
  venue: string
  isPromo: boolean
  eventCode: string
}

export interface EventJson {
  internetContentCode: string
  title: string
  venue: string
  genre: string[]
  promoters: string[]
  synopsis: string
  sellabilityStartDate: string
  [field: string]: unknown
}

/** Every listed event, one page of 100. */
export async function listedEvents(client: SandboxClient): Promise<EventJson[]> {
  const answer = await client.get('/icc', { size: 100 })
  expect(answer.status).toBe(200)
  return answer.body.content as EventJson[]
}

/** Every show of every listed event, through the API. */
export async function allShows(client: SandboxClient): Promise<ShowJson[]> {
  const shows: ShowJson[] = []
  for (const event of await listedEvents(client)) {
    const detail = await client.get(`/icc/${event.internetContentCode}`)
    for (const show of detail.body.showTimingList as Omit<ShowJson, 'eventCode'>[]) {
      shows.push({ ...show, eventCode: event.internetContentCode })
    }
  }
  return shows
}

export type VenueKind = SeedVenue['kind']
export const kindOfShow = (show: ShowJson): VenueKind | undefined => venueByName(show.venue)?.kind

/** The first show (in catalogue order) at a venue of that kind, on sale (status 18 or 19) unless told otherwise. */
export function firstShow(shows: readonly ShowJson[], kind: VenueKind, test: (s: ShowJson) => boolean = isOnSale): ShowJson {
  const found = shows.find((s) => kindOfShow(s) === kind && test(s))
  if (!found) throw new Error(`no ${kind} show matches`)
  return found
}

export const isOnSale = (show: ShowJson) => show.availabilityStatus === 19 || show.availabilityStatus === 18

// ---------------------------------------------------------------- HTTP and error bodies

export interface RawAnswer {
  status: number
  headers: Headers
  text: string
  /** The parsed body, or undefined when the text is not JSON. */
  json: unknown
}

/** A request to an absolute address, with the client's bearer token unless headers say otherwise. */
export async function rawRequest(client: SandboxClient, url: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<RawAnswer> {
  const headers = { authorization: `Bearer ${await client.token()}`, ...init.headers }
  const response = await fetch(url, { ...init, headers })
  const text = await response.text()
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

/** The spec's error body: httpStatus the status as a string, errorTime ISO with +08:00, a statusMessage; never a stack. */
export function expectErrorBody(status: number, body: unknown, expected: { status: number; errorCode?: string }, text = JSON.stringify(body)): void {
  expect(status, text).toBe(expected.status)
  expect(body, text).toBeTypeOf('object')
  const error = body as Record<string, unknown>
  expect(error.httpStatus).toBe(String(expected.status))
  expect(error.errorTime).toMatch(ISO_SGT)
  expect(error.statusMessage).toBeTypeOf('string')
  expect(error.exceptionName).toBeTypeOf('string')
  expect(error.exceptionCode).toBeTypeOf('string')
  if (expected.errorCode !== undefined) expect(error.errorCode, text).toBe(expected.errorCode)
  expect(text).not.toContain('    at ')
}

/** Reverses HTML escaping (any named or numeric entity), by the library the client's reader also uses. */
export const unescapeHtml = (text: string): string => decodeHTML(text)

/** Whether text is HTML-escaped: no raw < > " ' and every & starts an entity. */
export const isEscaped = (text: string) => !/[<>"']/.test(text) && !/&(?!(amp|lt|gt|quot|apos|#39|#x27);)/.test(text)

// ---------------------------------------------------------------- the documented search and sort rules, for reference

/** Listed events: sale not ended (the seed's one ended event closed the day before the anchor day). */
export const listedSeeds = seeds.filter((e) => e.sellability.endOffsetDays >= 0)

const wildcard = (criterion: string) =>
  new RegExp(criterion.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.'), 'i')

function searchTexts(e: SeedEvent, attribute: string, lang: ApiLang): string[] {
  switch (attribute) {
    case 'title':
      return [e.title[lang], e.title.EN_SG]
    case 'internetContentCode':
      return [e.code]
    case 'promoter':
      return e.promoters
    case 'genre':
      return e.genres
    case 'venue':
      return [venueOf(e).name]
    case 'synopsis':
      return [e.synopsis[lang]]
    default:
      return ['title', 'promoter', 'genre', 'venue', 'synopsis'].flatMap((a) => searchTexts(e, a, lang))
  }
}

/** The codes the docs' search rule selects: case-insensitive, anywhere, * and ? wildcards, criteria ANDed. */
export function expectedCodes(criteria: Record<string, string>, lang: ApiLang = 'EN_SG'): string[] {
  return listedSeeds
    .filter((e) => Object.entries(criteria).every(([name, value]) => searchTexts(e, name, lang).some((t) => wildcard(value).test(t))))
    .map((e) => e.code)
}

export const collators: Record<ApiLang, Intl.Collator> = {
  EN_SG: new Intl.Collator('en-SG'),
  ZH_CN: new Intl.Collator('zh-Hans-CN'),
  ZH_HK: new Intl.Collator('zh-Hant-HK'),
  MS_MY: new Intl.Collator('ms-MY'),
}

/** The sort key of the docs: title and synopsis in lang, the first promoter, the venue, the sale start. */
export function sortKey(e: EventJson, property: string, lang: ApiLang): string {
  const seed = seedEvent(e.internetContentCode)
  if (property === 'title') return seed.title[lang]
  if (property === 'promoter') return seed.promoters[0]!
  if (property === 'venue') return venueOf(seed).name
  if (property === 'synopsis') return seed.synopsis[lang]
  return e.sellabilityStartDate
}
