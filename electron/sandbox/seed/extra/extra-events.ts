/**
 * Generated events for tests and benchmarks that need a big catalogue (5,000
 * events and more), added after the training catalogue only when asked
 * (`--extra-events`, FOYER_SANDBOX_EXTRA_EVENTS). The training data itself is
 * never changed: its events, product and price-category ids come first and
 * stay what they are.
 *
 * Event n (0-based) is a pure function of n and the venues: a title built from
 * a place, a genre's format and a theme ("Katong Comedy Night: Durian Days"),
 * in the four API languages; a venue that suits the genre; one to four shows.
 * Titles are unique for the first places × themes × genres events, after which
 * a season number keeps them apart. Texts that do not depend on n (running
 * time, house rules, prices) are shared objects, so 5,000 events cost little to build.
 */
import { mixInts } from '../../model/catalogue'
import { priceText } from '../events/price-words'
import { salesText } from '../events/sale-words'
import { show, soldOut } from '../events/shows-and-prices'
import { t } from '../events/text'
import type { LocalizedText, SeedEvent, SeedPriceCategory, SeedShow, SeedVenue } from '../types'
import { genreProfiles, places, promoters, themes, type GenreProfile } from './parts'

/** More than any test or benchmark needs; keeps ids and inventory ids in range. */
export const MAX_EXTRA_EVENTS = 50_000

/** Distinct titles before season numbers are needed. */
export const DISTINCT_TITLES = places.length * themes.length * genreProfiles.length
// A step coprime with DISTINCT_TITLES walks every combination once, in an order
// that mixes places and themes (neighbouring events do not share a theme).
const STEP = 4999

/** FYX00001, FYX00002 …: the generated events' codes, in order. */
export function extraEventCode(n: number): string {
  return `FYX${String(n + 1).padStart(5, '0')}`
}

function titleOf(place: LocalizedText, format: LocalizedText, theme: LocalizedText, season: number): LocalizedText {
  const title = t(
    `${place.EN_SG} ${format.EN_SG}: ${theme.EN_SG}`,
    `${place.ZH_CN}${format.ZH_CN}：${theme.ZH_CN}`,
    `${place.ZH_HK}${format.ZH_HK}：${theme.ZH_HK}`,
    `${format.MS_MY} ${place.MS_MY}: ${theme.MS_MY}`,
  )
  if (season < 2) return title
  return t(
    `${title.EN_SG} (Season ${season})`,
    `${title.ZH_CN}（第${season}季）`,
    `${title.ZH_HK}（第${season}季）`,
    `${title.MS_MY} (Musim ${season})`,
  )
}

function synopsisOf(place: LocalizedText, theme: LocalizedText, about: LocalizedText): LocalizedText {
  return t(
    `${theme.EN_SG} comes to ${place.EN_SG}. ${about.EN_SG}`,
    `《${theme.ZH_CN}》登陆${place.ZH_CN}。${about.ZH_CN}`,
    `《${theme.ZH_HK}》登陸${place.ZH_HK}。${about.ZH_HK}`,
    `${theme.MS_MY} tiba di ${place.MS_MY}. ${about.MS_MY}`,
  )
}

/**
 * Price categories for a venue: seated venues one per tier, best first, each
 * about a quarter cheaper than the one before; standing venues one category
 * over every tier.
 */
function categoriesFor(venue: SeedVenue, price: number): SeedPriceCategory[] {
  const tiers = [...new Set(venue.sections.map((s) => s.tier))].sort((a, b) => a - b)
  if (venue.kind === 'ga') return [{ num: 1, alias: 'General Admission', amount: price, tiers }]
  return tiers.map((tier, i) => ({ num: i + 1, alias: `CAT ${i + 1}`, amount: Math.max(5, Math.round(price * 0.75 ** i)), tiers: [tier] }))
}

/** The price categories and the texts written from them and the sale window, for one genre, venue and sale state. */
type Derived = Pick<SeedEvent, 'priceCategories' | 'priceDescription' | 'salesDateText'>

/**
 * The generator for one set of venues. What depends only on the genre, the
 * venue and whether the sale has started is derived once and shared.
 */
export function extraEventMaker(venues: readonly SeedVenue[]): (n: number) => SeedEvent {
  const venueById = new Map(venues.map((v) => [v.id, v]))
  const derived = new Map<string, Derived>()

  function derive(profile: GenreProfile, venue: SeedVenue, future: boolean): Derived {
    const key = `${profile.genre}|${venue.id}|${future}`
    let found = derived.get(key)
    if (!found) {
      const priceCategories = categoriesFor(venue, profile.price)
      found = {
        priceCategories,
        priceDescription: priceText(priceCategories, profile.bookingFee, []),
        salesDateText: salesText({ startOffsetDays: future ? 1 : 0, endOffsetDays: 1 }),
      }
      derived.set(key, found)
    }
    return found
  }

  return (n: number): SeedEvent => {
    const combination = (n * STEP) % DISTINCT_TITLES
    const profile = genreProfiles[combination % genreProfiles.length]!
    const place = places[Math.floor(combination / genreProfiles.length) % places.length]!
    const theme = themes[Math.floor(combination / (genreProfiles.length * places.length))]!
    const season = Math.floor(n / DISTINCT_TITLES) + 1
    // Independent, repeatable "dice" for this event.
    const roll = (salt: number, sides: number) => mixInts(n + 1, salt) % sides

    const venueId = profile.venues[roll(1, profile.venues.length)]!
    const venue = venueById.get(venueId)
    if (!venue) throw new Error(`generated events: no venue ${venueId}`)

    // One event in eight has not gone on sale yet: "on sale from …" in the kiosk.
    const future = roll(2, 8) === 0
    const saleStart = future ? 3 + roll(3, 20) : -(5 + roll(3, 40))
    const shows: SeedShow[] = []
    let day = future ? saleStart + 3 + roll(4, 30) : 1 + roll(4, 45)
    for (let s = 0, count = 1 + roll(5, 4); s < count; s++, day += 1 + roll(30 + s, 3)) {
      // Mostly some seats sold; now and then a show sold out.
      const sold = roll(20 + s, 40) === 0 ? soldOut : roll(50 + s, 60) / 100
      shows.push(show(day, profile.times[roll(10 + s, profile.times.length)]!, sold))
    }
    const first = shows[0]!.dayOffset
    const last = shows.at(-1)!.dayOffset

    return {
      code: extraEventCode(n),
      title: titleOf(place, profile.format, theme, season),
      genres: [profile.genre],
      promoters: [promoters[roll(6, promoters.length)]!],
      venueId,
      language: profile.language,
      synopsis: synopsisOf(place, theme, profile.about),
      ...derive(profile, venue, future),
      duration: profile.duration,
      admissionRules: profile.admissionRules,
      advisory: null,
      attributes: ['1'],
      sellability: { startOffsetDays: saleStart, endOffsetDays: last },
      eventDates: { startOffsetDays: first, endOffsetDays: last },
      bookingFee: profile.bookingFee,
      shows,
    }
  }
}

/** `count` generated events (0 … MAX_EXTRA_EVENTS), in code order. */
export function extraEvents(count: number, venues: readonly SeedVenue[]): SeedEvent[] {
  if (!Number.isInteger(count) || count < 0 || count > MAX_EXTRA_EVENTS) {
    throw new Error(`extra events must be a whole number from 0 to ${MAX_EXTRA_EVENTS}`)
  }
  const make = extraEventMaker(venues)
  return Array.from({ length: count }, (_, n) => make(n))
}
