import type { FastifyInstance } from 'fastify'
import { isoSgt, parseYyyymmdd, sgtMidnight, DAY_MS } from '../format/dates'
import { showStatus } from '../model/availability'
import type { SandboxEvent } from '../model/catalogue'
import type { ApiLang } from '../seed/types'
import { ApiError, badRequest, invalidParameter } from './api-error'
import { authorize, intParam, langParam, param, type Query, type SandboxContext } from './context'
import { wildcardMatcher, type WildcardMatcher } from './wildcard'

/** Operations 1 and 2: the event list (paging, search, sort) and an event's shows. */

const searchAttributes = ['title', 'internetContentCode', 'promoter', 'genre', 'venue', 'synopsis'] as const
type SearchAttribute = (typeof searchAttributes)[number]
const sortProperties = ['title', 'promoter', 'venue', 'synopsis', 'sellabilityStartDate'] as const
type SortProperty = (typeof sortProperties)[number]

const collators: Record<ApiLang, Intl.Collator> = {
  EN_SG: new Intl.Collator('en-SG'),
  ZH_CN: new Intl.Collator('zh-Hans-CN'),
  ZH_HK: new Intl.Collator('zh-Hant-HK'),
  MS_MY: new Intl.Collator('ms-MY'),
}

function attributeTexts(event: SandboxEvent, attribute: SearchAttribute, lang: ApiLang): string[] {
  const seed = event.seed
  switch (attribute) {
    case 'title':
      return [seed.title[lang], seed.title.EN_SG]
    case 'internetContentCode':
      return [seed.code]
    case 'promoter':
      return seed.promoters
    case 'genre':
      return seed.genres
    case 'venue':
      return [event.venue.name]
    case 'synopsis':
      return [seed.synopsis[lang]]
  }
}

function sortKey(event: SandboxEvent, property: SortProperty, lang: ApiLang): string | number {
  switch (property) {
    case 'title':
      return event.seed.title[lang]
    case 'promoter':
      return event.seed.promoters[0] ?? ''
    case 'venue':
      return event.venue.name
    case 'synopsis':
      return event.seed.synopsis[lang]
    case 'sellabilityStartDate':
      return event.sellStart
  }
}

function parseSort(text: string | undefined): { property: SortProperty; descending: boolean } | null {
  if (text === undefined || text === '') return null
  const [property, direction, ...rest] = text.split(',')
  if (!(sortProperties as readonly string[]).includes(property ?? '') || rest.length > 0) {
    throw invalidParameter('sort', `must be one of ${sortProperties.join(', ')}, optionally followed by ,desc`)
  }
  if (direction !== undefined && !/^(asc|desc)$/i.test(direction)) throw invalidParameter('sort', 'direction must be asc or desc')
  return { property: property as SortProperty, descending: direction?.toLowerCase() === 'desc' }
}

export function renderEvent(ctx: SandboxContext, event: SandboxEvent, lang: ApiLang) {
  const { seed, venue } = event
  const s = ctx.shapes
  return {
    internetContentCode: seed.code,
    title: s.escaped(seed.title[lang]),
    summaryImagePath: s.imagePath(`images/events/${seed.code}.svg`),
    genre: [...seed.genres],
    promoters: seed.promoters.map((p) => s.escaped(p)),
    startDate: isoSgt(event.start),
    endDate: isoSgt(event.end),
    sellabilityStartDate: isoSgt(event.sellStart),
    sellabilityEndDate: isoSgt(event.sellEnd),
    venue: venue.name,
    language: seed.language,
    synopsis: s.escaped(seed.synopsis[lang]),
    bookingUrl: `https://booking.sandbox.invalid/${ctx.tenant}/events/${seed.code}`,
    priceDescription: s.escaped(seed.priceDescription[lang]),
    duration: s.escaped(seed.duration[lang]),
    admissionRules: s.escaped(seed.admissionRules[lang]),
    salesDateText: s.escaped(seed.salesDateText[lang]),
    languageTitle: JSON.stringify(seed.title),
    updateDate: isoSgt(event.updated),
    languageVenue: venue.description[lang],
  }
}

export function eventRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/api/v0/:tenant/icc', (request) => {
    authorize(ctx, request, 'product')
    return eventPage(ctx, request.query as Query, request.url)
  })
  app.get('/api/v0/:tenant/icc/:code', (request) => {
    authorize(ctx, request, 'product')
    const { code } = request.params as { code: string }
    return eventShows(ctx, code, request.query as Query)
  })
}

interface Criterion {
  attributes: readonly SearchAttribute[]
  matches: WildcardMatcher
  name: string
  value: string
}
type Sort = NonNullable<ReturnType<typeof parseSort>>

/** The search criteria asked for (q and each attribute), each of at least 3 characters besides wildcards. */
function searchCriteria(query: Query): Criterion[] {
  const criteria: Criterion[] = []
  for (const name of ['q', ...searchAttributes] as const) {
    const value = param(query, name)?.trim()
    if (value === undefined || value === '') continue
    if (value.replace(/[*?]/g, '').length < 3) {
      throw badRequest('error.product.icc.search.criteria.invalid', `Search criterion ${name} must have at least 3 characters`)
    }
    criteria.push({
      attributes: name === 'q' ? (['title', 'promoter', 'genre', 'venue', 'synopsis'] as const) : [name],
      matches: wildcardMatcher(value),
      name,
      value,
    })
  }
  return criteria
}

/** The listed events every criterion matches, in the order asked for. */
function matchingEvents(ctx: SandboxContext, criteria: readonly Criterion[], sort: Sort | null, lang: ApiLang): SandboxEvent[] {
  const now = ctx.now()
  const events = ctx.catalogue.events.filter(
    (event) =>
      ctx.catalogue.listed(event, now) && criteria.every((c) => c.attributes.some((a) => attributeTexts(event, a, lang).some((t) => c.matches(t)))),
  )
  if (!sort) return events
  const collator = collators[lang]
  return events.sort((a, b) => {
    const [x, y] = [sortKey(a, sort.property, lang), sortKey(b, sort.property, lang)]
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y))
    return sort.descending ? -order : order
  })
}

/** The page's HAL-style links (self, prev, next, last), each repeating the search. */
function pageLinks(ctx: SandboxContext, criteria: readonly Criterion[], sort: Sort | null, lang: ApiLang, page: number, size: number, totalPages: number) {
  const href = (p: number) => {
    const url = new URL(`${ctx.baseUrl()}/icc`)
    for (const c of criteria) url.searchParams.set(c.name, c.value)
    if (sort) url.searchParams.set('sort', `${sort.property}${sort.descending ? ',desc' : ''}`)
    url.searchParams.set('page', String(p))
    url.searchParams.set('size', String(size))
    url.searchParams.set('lang', lang)
    return url.href
  }
  const links = [{ rel: 'self', href: href(page) }]
  if (page > 0) links.push({ rel: 'prev', href: href(Math.min(page - 1, Math.max(totalPages - 1, 0))) })
  if (page < totalPages - 1) links.push({ rel: 'next', href: href(page + 1) })
  if (totalPages > 1) links.push({ rel: 'last', href: href(totalPages - 1) })
  return links
}

/** Operation 1: one page of the event list (paging, search, sort). */
function eventPage(ctx: SandboxContext, query: Query, requestUrl: string) {
  const page = intParam(query, 'page', { min: 0, max: 1_000_000 }, 0)
  const size = intParam(query, 'size', { min: 1, max: 100 }, 20)
  const lang = langParam(query)
  const sort = parseSort(param(query, 'sort'))
  const criteria = searchCriteria(query)
  const events = matchingEvents(ctx, criteria, sort, lang)
  if (ctx.quirks && events.length === 0 && criteria.length > 0) {
    // Vendor notes: the older back end answered an empty search with 400 "No icc found".
    throw new ApiError(400, 'error.product.icc.not-found', 'No icc found')
  }
  const total = events.length
  const totalPages = Math.ceil(total / size)
  const content = events.slice(page * size, page * size + size).map((e) => renderEvent(ctx, e, lang))
  return {
    content,
    links: pageLinks(ctx, criteria, sort, lang, page, size, totalPages),
    last: page >= totalPages - 1,
    first: page === 0,
    totalPages,
    totalElements: total,
    numberOfElements: content.length,
    size,
    number: page,
    ...(sort
      ? {
          sort: [
            {
              direction: sort.descending ? 'DESC' : 'ASC',
              property: sort.property,
              ignoreCase: false,
              nullHandling: 'NATIVE',
              ascending: !sort.descending,
            },
          ],
        }
      : {}),
    url: `${ctx.baseUrl()}${requestUrl.slice(requestUrl.indexOf('/icc'))}`,
  }
}

/** The days asked for: from startDate (today by default) for numOfDays (31 with a startDate), or every show. */
function showWindow(query: Query, now: number): { from: number; until: number } {
  const startText = param(query, 'startDate')
  let from = sgtMidnight(now)
  if (startText !== undefined && startText !== '') {
    const parsed = parseYyyymmdd(startText)
    if (parsed === null) throw invalidParameter('startDate', 'must be a date in the form YYYYMMDD')
    from = parsed
  }
  const days = param(query, 'numOfDays') || startText ? intParam(query, 'numOfDays', { min: 1, max: 366 }, 31) : null
  return { from, until: days === null ? Infinity : from + days * DAY_MS }
}

/** Operation 2: an event's shows in a window of days. */
function eventShows(ctx: SandboxContext, code: string, query: Query) {
  const lang = langParam(query)
  const now = ctx.now()
  const event = ctx.catalogue.event(code)
  if (!event || !ctx.catalogue.listed(event, now)) {
    throw badRequest('error.product.icc.invalid', `The event code ${code.slice(0, 40)} is invalid or expired`)
  }
  const { from, until } = showWindow(query, now)
  const s = ctx.shapes
  return {
    summaryImagePath: s.imagePath(`images/events/${event.seed.code}.svg`),
    [s.sponsoredImageKey]: s.imagePath(`images/events/${event.seed.code}.svg`),
    icAttributesList: [...event.seed.attributes],
    promotionStatus: '0',
    advisory: event.seed.advisory,
    showTimingList: event.products
      .filter((p) => p.showTime >= from && p.showTime < until)
      .map((p) => ({
        productId: p.id,
        showTitle: event.seed.title[lang],
        showDate: isoSgt(p.showTime),
        availabilityStatus: showStatus(ctx.catalogue, ctx.book, p, now),
        ticketType: p.ticketType,
        venue: event.venue.name,
        isPromo: false,
        // Vendor notes: the real show list also carried a promotion status as promoStatus.
        ...(ctx.quirks ? { promoStatus: '0' } : {}),
      })),
  }
}
