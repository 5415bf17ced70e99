import { z } from 'zod'
import type { EventPage, EventShows, EventSummary, Show, ShowAvailability } from '../../contract/model'
import { reader } from './reading'
import { either, integer, list, optFlag, optInteger, optText, text } from './scalars'
import { escapedText, imagePath, unescapeHtml } from './values'

/** Operations 1 and 2: the event list page and an event's shows. */

// HTML-escaped per the spec: title, promoters, synopsis, priceDescription,
// duration, admissionRules, salesDateText. No other field is decoded.
const event = z
  .object({
    internetContentCode: text,
    title: escapedText,
    summaryImagePath: imagePath,
    genre: list(text),
    promoters: list(text.transform(unescapeHtml)),
    startDate: optText,
    endDate: optText,
    sellabilityStartDate: optText,
    sellabilityEndDate: optText,
    venue: optText,
    language: optText,
    synopsis: escapedText,
    bookingUrl: optText,
    priceDescription: escapedText,
    duration: escapedText,
    admissionRules: escapedText,
    salesDateText: escapedText,
    languageTitle: optText,
    updateDate: optText,
    languageVenue: optText,
  })
  .transform(
    (o): EventSummary => ({
      code: o.internetContentCode,
      title: o.title,
      summaryImagePath: o.summaryImagePath,
      genres: o.genre,
      promoters: o.promoters,
      startDate: o.startDate,
      endDate: o.endDate,
      sellStart: o.sellabilityStartDate,
      sellEnd: o.sellabilityEndDate,
      venue: o.venue,
      language: o.language,
      synopsis: o.synopsis,
      bookingUrl: o.bookingUrl,
      priceDescription: o.priceDescription,
      duration: o.duration,
      admissionRules: o.admissionRules,
      salesDateText: o.salesDateText,
      languageTitle: o.languageTitle,
      updateDate: o.updateDate,
      venueDescription: o.languageVenue,
    }),
  )

/** The page's links, as their lower-cased relations; absent when the answer has no links list. */
const links = z
  .array(z.object({ rel: optText }))
  .nullish()
  .transform((items) => (items ? new Set(items.flatMap(({ rel }) => (rel === null ? [] : [rel.toLowerCase()]))) : null))

const eventPage = z
  .object({
    content: list(event),
    number: optInteger,
    size: optInteger,
    totalElements: optInteger,
    totalPages: optInteger,
    links,
    first: optFlag,
    last: optFlag,
  })
  .transform((o): EventPage => {
    const events = o.content
    const page = o.number ?? 0
    const size = o.size ?? events.length
    const totalElements = o.totalElements ?? page * size + events.length
    const totalPages = o.totalPages ?? (size > 0 ? Math.ceil(totalElements / size) : 0)
    // The links say it when present (next when more records exist, prev when not
    // on the first page); without them, the first/last flags; without those, the counts.
    const rels = o.links
    const hasNext = rels ? rels.has('next') : o.last !== null ? !o.last : page < totalPages - 1
    const hasPrevious = rels ? rels.has('prev') || rels.has('previous') : o.first !== null ? !o.first : page > 0
    return { events, page, size, totalElements, totalPages, hasNext, hasPrevious }
  })

export const readEventPage = reader('event page', eventPage)

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

// isPromo (N in the spec) is "not used in this flow", so its absence is not an
// error; promoStatus / promotionStatus are likewise not read.
const show = z
  .object({ productId: integer, showTitle: text, showDate: text, availabilityStatus: optInteger, ticketType: optText, venue: optText })
  .transform(
    (o): Show => ({
      productId: o.productId,
      title: o.showTitle,
      date: o.showDate,
      availabilityStatus: o.availabilityStatus,
      availability: (o.availabilityStatus !== null && showAvailability.get(o.availabilityStatus)) || 'unknown',
      // GA or RS per the spec; another value is a kind of show Foyer does not know how to sell.
      ticketType: o.ticketType === 'GA' || o.ticketType === 'RS' ? o.ticketType : null,
      venue: o.venue,
    }),
  )

const eventShows = z
  .object({
    summaryImagePath: imagePath,
    // sponsoredImagePath in responses, sponsoredImage in the field list.
    sponsoredImagePath: imagePath,
    sponsoredImage: imagePath,
    icAttributesList: list(text),
    advisory: optText,
    showTimingList: list(show),
  })
  .transform(
    (o): EventShows => ({
      summaryImagePath: o.summaryImagePath,
      sponsoredImagePath: either(o.sponsoredImagePath, o.sponsoredImage),
      attributes: o.icAttributesList,
      advisory: o.advisory,
      shows: o.showTimingList,
    }),
  )

export const readEventShows = reader('event shows', eventShows)
