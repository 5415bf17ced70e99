/**
 * An event put together from its facts (venue, price categories, sale window,
 * shows: events/<group>.ts) and its own words (title, synopsis, a house rule
 * of its own, the advisory: events/<group>-texts.ts), joined by the event's
 * code. The price description, the sale text and the house rules are written
 * from the facts; the event dates span the shows.
 */
import type { LocalizedText, SeedEvent } from '../types'
import { admission, type Admission } from './house-rules'
import { priceText } from './price-words'
import { salesText } from './sale-words'

/** What an event says in words of its own: in the four languages, but the advisory in English, as the vendor sends it. */
export interface EventTexts {
  title: LocalizedText
  synopsis: LocalizedText
  /** A house rule of this event's, after the common ones its admission facts give. */
  houseRule?: LocalizedText
  advisory?: string
}

type FactFields = 'code' | 'genres' | 'promoters' | 'venueId' | 'language' | 'priceCategories' | 'bookingFee' | 'duration' | 'attributes' | 'sellability' | 'shows'

export type EventFacts = Pick<SeedEvent, FactFields> & {
  admission: Omit<Admission, 'extra'>
  /** Further sentences of the price description (concessions, free children …). */
  priceNotes?: LocalizedText[]
  /** Stated in the sale text while the event is on sale. */
  ticketLimit?: number
}

/** One event from its facts and its words. */
function defineEvent(facts: EventFacts, texts: EventTexts): SeedEvent {
  const days = facts.shows.map((s) => s.dayOffset)
  return {
    code: facts.code,
    title: texts.title,
    genres: facts.genres,
    promoters: facts.promoters,
    venueId: facts.venueId,
    language: facts.language,
    synopsis: texts.synopsis,
    priceCategories: facts.priceCategories,
    bookingFee: facts.bookingFee,
    duration: facts.duration,
    admissionRules: admission({ ...facts.admission, extra: texts.houseRule }),
    attributes: facts.attributes,
    sellability: facts.sellability,
    shows: facts.shows,
    advisory: texts.advisory ?? null,
    priceDescription: priceText(facts.priceCategories, facts.bookingFee, facts.priceNotes ?? []),
    salesDateText: salesText(facts.sellability, facts.ticketLimit),
    eventDates: { startOffsetDays: Math.min(...days), endOffsetDays: Math.max(...days) },
  }
}

/**
 * A group's events, each with its words found by code. An event without
 * words, or words for no event, is a slip in the seed and fails at once.
 */
export function eventsWithTexts(texts: Readonly<Record<string, EventTexts>>, facts: readonly EventFacts[]): SeedEvent[] {
  const unused = new Set(Object.keys(texts))
  const events = facts.map((event) => {
    const words = Object.hasOwn(texts, event.code) ? texts[event.code] : undefined
    if (!words) throw new Error(`seed event ${event.code}: no texts`)
    unused.delete(event.code)
    return defineEvent(event, words)
  })
  if (unused.size > 0) throw new Error(`seed texts for no event: ${[...unused].join(', ')}`)
  return events
}
