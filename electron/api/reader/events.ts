import type { EventPage, EventShows, EventSummary, Show, ShowAvailability } from '../../contract/model'
import { either, Reading, type JsonObject } from './reading'
import { relativePath, unescapeHtml, unescapeNullable } from './values'

/** Operations 1 and 2: the event list page and an event's shows. */

function readEvent(r: Reading, o: JsonObject): EventSummary {
  return {
    code: r.str(o, 'internetContentCode'),
    // HTML-escaped per the spec: title, promoters, synopsis, priceDescription,
    // duration, admissionRules, salesDateText. No other field is decoded.
    title: unescapeNullable(r.optStr(o, 'title')),
    summaryImagePath: relativePath(r.optStr(o, 'summaryImagePath')),
    genres: r.strings(o, 'genre'),
    promoters: r.strings(o, 'promoters', unescapeHtml),
    startDate: r.optStr(o, 'startDate'),
    endDate: r.optStr(o, 'endDate'),
    sellStart: r.optStr(o, 'sellabilityStartDate'),
    sellEnd: r.optStr(o, 'sellabilityEndDate'),
    venue: r.optStr(o, 'venue'),
    language: r.optStr(o, 'language'),
    synopsis: unescapeNullable(r.optStr(o, 'synopsis')),
    bookingUrl: r.optStr(o, 'bookingUrl'),
    priceDescription: unescapeNullable(r.optStr(o, 'priceDescription')),
    duration: unescapeNullable(r.optStr(o, 'duration')),
    admissionRules: unescapeNullable(r.optStr(o, 'admissionRules')),
    salesDateText: unescapeNullable(r.optStr(o, 'salesDateText')),
    languageTitle: r.optStr(o, 'languageTitle'),
    updateDate: r.optStr(o, 'updateDate'),
    venueDescription: r.optStr(o, 'languageVenue'),
  }
}

/** The relations of the page's links, lower-cased; null when the answer has no links list. */
function linkRels(r: Reading, o: JsonObject): Set<string> | null {
  if (r.rawList(o, 'links') === null) return null
  const rels = new Set<string>()
  for (const rel of r.list(o, 'links', (r, link) => r.optStr(link, 'rel'))) if (rel !== null) rels.add(rel.toLowerCase())
  return rels
}

export function readEventPage(raw: unknown): EventPage {
  const r = new Reading('event page')
  const o = r.object(raw)
  const events = r.list(o, 'content', readEvent)
  const page = r.optInt(o, 'number') ?? 0
  const size = r.optInt(o, 'size') ?? events.length
  const totalElements = r.optInt(o, 'totalElements') ?? page * size + events.length
  const totalPages = r.optInt(o, 'totalPages') ?? (size > 0 ? Math.ceil(totalElements / size) : 0)
  // The links say it when present (next when more records exist, prev when not
  // on the first page); without them, the first/last flags; without those, the counts.
  const rels = linkRels(r, o)
  const last = r.optFlag(o, 'last')
  const first = r.optFlag(o, 'first')
  const hasNext = rels ? rels.has('next') : last !== null ? !last : page < totalPages - 1
  const hasPrevious = rels ? rels.has('prev') || rels.has('previous') : first !== null ? !first : page > 0
  return { events, page, size, totalElements, totalPages, hasNext, hasPrevious }
}

const showAvailability = new Map<number, ShowAvailability>([
  [20, 'coming-soon'],
  [16, 'sold-out'],
  [17, 'single-seats'],
  [18, 'limited'],
  [19, 'available'],
  [-6, 'reconfig'],
  [-7, 'cancelled'],
  [-8, 'postponed'],
])

function readShow(r: Reading, o: JsonObject): Show {
  const availabilityStatus = r.optInt(o, 'availabilityStatus')
  const ticketType = r.optStr(o, 'ticketType')
  return {
    productId: r.int(o, 'productId'),
    title: r.str(o, 'showTitle'),
    date: r.str(o, 'showDate'),
    availabilityStatus,
    availability: (availabilityStatus !== null && showAvailability.get(availabilityStatus)) || 'unknown',
    // GA or RS per the spec; another value is a kind of show Foyer does not know how to sell.
    ticketType: ticketType === 'GA' || ticketType === 'RS' ? ticketType : null,
    venue: r.optStr(o, 'venue'),
    // isPromo (N in the spec) is "not used in this flow", so its absence is not an error;
    // promoStatus / promotionStatus are likewise not read.
  }
}

export function readEventShows(raw: unknown): EventShows {
  const r = new Reading('event shows')
  const o = r.object(raw)
  return {
    summaryImagePath: relativePath(r.optStr(o, 'summaryImagePath')),
    // sponsoredImagePath in responses, sponsoredImage in the field list.
    sponsoredImagePath: relativePath(r.optStr(o, either(o, 'sponsoredImagePath', 'sponsoredImage'))),
    attributes: r.strings(o, 'icAttributesList'),
    advisory: r.optStr(o, 'advisory'),
    shows: r.list(o, 'showTimingList', readShow),
  }
}
