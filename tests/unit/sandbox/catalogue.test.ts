import { describe, expect, it } from 'vitest'
import { seedEvents } from '../../../electron/sandbox/seed/events'
import { apiLangs, genres, type SeedEvent, type SeedShow } from '../../../electron/sandbox/seed/types'

/**
 * Pins the rules of the sandbox's training catalogue that the API, the kiosk
 * and the load benchmark rely on: coverage of genres and languages, escaping
 * fixtures, venue tiers, relative dates and availability fixtures.
 */

/** Section tiers of each seed venue; an event's price categories must cover them exactly once. */
const venueTiers: Record<string, readonly number[]> = {
  'harbour-stadium': [1, 2, 3, 4, 5],
  'grand-theatre': [1, 2, 3, 4],
  'recital-hall': [1, 2, 3],
  'riverside-lawn': [1],
  'warehouse-hall': [1, 2],
  'expo-centre': [1],
}
const stadium = 'harbour-stadium'
const reservedSeating = new Set(['harbour-stadium', 'grand-theatre', 'recital-hall'])

const textFields = ['title', 'synopsis', 'priceDescription', 'duration', 'admissionRules', 'salesDateText'] as const
/** Fields that must be translated, not copied (titles may keep an English proper name). */
const translatedFields = ['synopsis', 'priceDescription', 'duration', 'admissionRules'] as const
const escapable = ['&', '<', '>', '"', "'"] as const

type SaleState = 'on-sale' | 'future' | 'ended'

const days = (e: SeedEvent) => e.shows.map((s) => s.dayOffset)
const firstDay = (e: SeedEvent) => Math.min(...days(e))
const lastDay = (e: SeedEvent) => Math.max(...days(e))

function saleState(e: SeedEvent): SaleState | 'invalid' {
  const { startOffsetDays: start, endOffsetDays: end } = e.sellability
  if (end < 0) return end === -1 && lastDay(e) < 0 ? 'ended' : 'invalid'
  if (start <= 0 && end >= lastDay(e)) return 'on-sale'
  if (start >= 3 && start <= 30 && firstDay(e) > start && end >= lastDay(e)) return 'future'
  return 'invalid'
}

const shows = seedEvents.flatMap((event) => event.shows.map((show) => ({ event, show })))
const offStadium = shows.filter(({ event }) => event.venueId !== stadium)
const fraction = (s: SeedShow) => (s.preSold?.kind === 'fraction' ? s.preSold.value : undefined)
const onSale = (e: SeedEvent) => saleState(e) === 'on-sale'
/** A show the kiosk can sell from: on an event on sale, no override, not sold out. */
const sellable = (e: SeedEvent, s: SeedShow) => onSale(e) && !s.override && s.preSold?.kind !== 'sold-out'

describe('sandbox event catalogue', () => {
  it('has at least 44 events', () => {
    expect(seedEvents.length).toBeGreaterThanOrEqual(44)
  })

  it('has unique, well-formed codes', () => {
    const codes = seedEvents.map((e) => e.code)
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{6,16}$/)
    expect(new Set(codes).size).toBe(codes.length)
  })

  it('covers every genre at least twice, with known genres only', () => {
    for (const e of seedEvents) {
      expect(e.genres.length, e.code).toBeGreaterThan(0)
      expect(new Set(e.genres).size, e.code).toBe(e.genres.length)
      for (const g of e.genres) expect(genres, e.code).toContain(g)
    }
    for (const g of genres) {
      expect(seedEvents.filter((e) => e.genres.includes(g)).length, g).toBeGreaterThanOrEqual(2)
    }
  })

  it('is plain data', () => {
    expect(JSON.parse(JSON.stringify(seedEvents))).toStrictEqual(seedEvents)
  })
})

describe('texts', () => {
  it('has every text field in all four languages, none empty', () => {
    for (const e of seedEvents) {
      for (const field of textFields) {
        expect(Object.keys(e[field]).sort(), `${e.code}.${field}`).toEqual([...apiLangs].sort())
        for (const lang of apiLangs) expect(e[field][lang].trim(), `${e.code}.${field}.${lang}`).not.toBe('')
      }
    }
  })

  it('translates rather than copies the English text', () => {
    const han = /\p{Script=Han}/u
    for (const e of seedEvents) {
      for (const field of translatedFields) {
        const text = e[field]
        for (const lang of ['ZH_CN', 'ZH_HK', 'MS_MY'] as const) {
          expect(text[lang], `${e.code}.${field}.${lang}`).not.toBe(text.EN_SG)
        }
        expect(text.ZH_HK, `${e.code}.${field}`).not.toBe(text.ZH_CN)
      }
      for (const field of textFields) {
        expect(e[field].ZH_CN, `${e.code}.${field}.ZH_CN`).toMatch(han)
        expect(e[field].ZH_HK, `${e.code}.${field}.ZH_HK`).toMatch(han)
      }
    }
  })

  it('keeps synopses to 200 characters and price descriptions to 1000', () => {
    for (const e of seedEvents) {
      for (const lang of apiLangs) {
        expect(e.synopsis[lang].length, `${e.code}.synopsis.${lang}`).toBeLessThanOrEqual(200)
        expect(e.priceDescription[lang].length, `${e.code}.priceDescription.${lang}`).toBeLessThanOrEqual(1000)
      }
    }
  })

  it('states the prices of every category in the price description', () => {
    for (const e of seedEvents) {
      for (const c of e.priceCategories) {
        const price = `S$${Number.isInteger(c.amount) ? c.amount : c.amount.toFixed(2)}`
        for (const lang of apiLangs) expect(e.priceDescription[lang], `${e.code} ${lang}`).toContain(price)
      }
    }
  })

  it('has HTML-escaping fixtures, stored raw', () => {
    const titlesAndSynopses = (e: SeedEvent) => apiLangs.flatMap((l) => [e.title[l], e.synopsis[l]]).join('\n')
    const withSpecials = seedEvents.filter((e) => escapable.some((c) => titlesAndSynopses(e).includes(c)))
    expect(withSpecials.length).toBeGreaterThanOrEqual(6)
    const all = seedEvents.map(titlesAndSynopses).join('\n')
    for (const c of escapable) expect(all, c).toContain(c)
    expect(seedEvents.some((e) => e.promoters.some((p) => p.includes('&')))).toBe(true)

    const entity = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/i
    for (const e of seedEvents) {
      for (const field of textFields) {
        for (const lang of apiLangs) expect(e[field][lang], `${e.code}.${field}.${lang}`).not.toMatch(entity)
      }
      for (const p of e.promoters) expect(p).not.toMatch(entity)
    }
  })

  it('has 1–2 promoters, a language, 1–3 numeric attributes and an occasional advisory', () => {
    for (const e of seedEvents) {
      expect(e.promoters.length, e.code).toBeGreaterThanOrEqual(1)
      expect(e.promoters.length, e.code).toBeLessThanOrEqual(2)
      for (const p of e.promoters) expect(p.trim(), e.code).not.toBe('')
      expect(e.language.trim(), e.code).not.toBe('')
      expect(e.attributes.length, e.code).toBeGreaterThanOrEqual(1)
      expect(e.attributes.length, e.code).toBeLessThanOrEqual(3)
      for (const a of e.attributes) expect(a, e.code).toMatch(/^[0-9]+$/)
      if (e.advisory !== null) {
        expect(e.advisory.trim(), e.code).not.toBe('')
        expect(e.advisory.length, e.code).toBeLessThanOrEqual(120)
      }
    }
    const advisories = seedEvents.filter((e) => e.advisory !== null).length
    expect(advisories).toBeGreaterThanOrEqual(2)
    expect(advisories).toBeLessThan(seedEvents.length / 2)
  })
})

describe('venues and prices', () => {
  it('uses known venues only, with a realistic spread', () => {
    for (const e of seedEvents) expect(Object.keys(venueTiers), e.code).toContain(e.venueId)
    const count = (id: string) => seedEvents.filter((e) => e.venueId === id).length
    expect(count('grand-theatre')).toBeGreaterThanOrEqual(15)
    expect(count('recital-hall')).toBeGreaterThanOrEqual(8)
    expect(count('riverside-lawn') + count('warehouse-hall') + count('expo-centre')).toBeGreaterThanOrEqual(10)
  })

  it('keeps the stadium to at most 4 events and 6 shows', () => {
    const atStadium = seedEvents.filter((e) => e.venueId === stadium)
    expect(atStadium.length).toBeLessThanOrEqual(4)
    expect(atStadium.flatMap((e) => e.shows).length).toBeLessThanOrEqual(6)
  })

  it("covers each of the venue's tiers with exactly one price category", () => {
    for (const e of seedEvents) {
      const covered = e.priceCategories.flatMap((c) => c.tiers).sort((a, b) => a - b)
      expect(covered, e.code).toEqual(venueTiers[e.venueId])
      if (!reservedSeating.has(e.venueId)) expect(e.priceCategories, e.code).toHaveLength(1)
    }
  })

  it('numbers categories 1–20, distinct within an event, with named aliases', () => {
    for (const e of seedEvents) {
      const nums = e.priceCategories.map((c) => c.num)
      for (const n of nums) {
        expect(Number.isInteger(n), e.code).toBe(true)
        expect(n, e.code).toBeGreaterThanOrEqual(1)
        expect(n, e.code).toBeLessThanOrEqual(20)
      }
      expect(new Set(nums).size, e.code).toBe(nums.length)
      for (const c of e.priceCategories) expect(c.alias.trim(), e.code).not.toBe('')
      expect(new Set(e.priceCategories.map((c) => c.alias)).size, e.code).toBe(e.priceCategories.length)
    }
  })

  it('prices in SGD with at most 2 decimals, dearer for better tiers', () => {
    for (const e of seedEvents) {
      for (const c of e.priceCategories) {
        expect(c.amount, e.code).toBeGreaterThan(0)
        expect(c.amount, e.code).toBeLessThan(1000)
        expect(Math.abs(c.amount * 100 - Math.round(c.amount * 100)), e.code).toBeLessThan(1e-9)
      }
      const byTier = [...e.priceCategories].sort((a, b) => Math.min(...a.tiers) - Math.min(...b.tiers))
      for (let i = 1; i < byTier.length; i++) {
        expect(byTier[i]!.amount, e.code).toBeLessThan(byTier[i - 1]!.amount)
      }
    }
  })
})

describe('dates and shows', () => {
  it('has 1–6 shows per event at valid, distinct times', () => {
    for (const e of seedEvents) {
      expect(e.shows.length, e.code).toBeGreaterThanOrEqual(1)
      expect(e.shows.length, e.code).toBeLessThanOrEqual(6)
      for (const s of e.shows) {
        expect(Number.isInteger(s.dayOffset), e.code).toBe(true)
        expect(s.time, e.code).toMatch(/^([01][0-9]|2[0-3]):[0-5][0-9]$/)
      }
      const slots = e.shows.map((s) => `${s.dayOffset} ${s.time}`)
      expect(new Set(slots).size, e.code).toBe(slots.length)
    }
  })

  it("keeps every show inside the event's dates", () => {
    for (const e of seedEvents) {
      expect(e.eventDates.endOffsetDays, e.code).toBeGreaterThanOrEqual(e.eventDates.startOffsetDays)
      for (const d of days(e)) {
        expect(d, e.code).toBeGreaterThanOrEqual(e.eventDates.startOffsetDays)
        expect(d, e.code).toBeLessThanOrEqual(e.eventDates.endOffsetDays)
      }
    }
  })

  it('has events on sale, at least 3 with a future sale and exactly 1 whose sale has ended', () => {
    const states = seedEvents.map((e) => ({ code: e.code, state: saleState(e) }))
    expect(states.filter((s) => s.state === 'invalid')).toEqual([])
    const count = (state: SaleState) => states.filter((s) => s.state === state).length
    expect(count('on-sale')).toBeGreaterThan(seedEvents.length / 2)
    expect(count('future')).toBeGreaterThanOrEqual(3)
    expect(count('ended')).toBe(1)
  })

  it('puts shows between today and 90 days out, except the ended event', () => {
    for (const e of seedEvents.filter((x) => saleState(x) !== 'ended')) {
      expect(firstDay(e), e.code).toBeGreaterThanOrEqual(0)
      expect(lastDay(e), e.code).toBeLessThanOrEqual(90)
    }
  })

  it('has something to sell today and in the next 7 days', () => {
    const today = seedEvents.filter((e) => e.shows.some((s) => s.dayOffset === 0 && sellable(e, s)))
    expect(today.length).toBeGreaterThanOrEqual(3)
    const thisWeek = seedEvents.filter((e) => e.shows.some((s) => s.dayOffset >= 0 && s.dayOffset <= 7 && sellable(e, s)))
    expect(thisWeek.length).toBeGreaterThanOrEqual(8)
  })
})

describe('availability fixtures', () => {
  it('has one show of each override, away from the stadium, on events on sale', () => {
    for (const override of ['coming-soon', 'reconfig', 'cancelled', 'postponed'] as const) {
      expect(
        offStadium.some(({ event, show }) => show.override === override && onSale(event)),
        override,
      ).toBe(true)
    }
  })

  it('has sold-out, single-seat and nearly full shows on events on sale', () => {
    const kind = (k: string) => offStadium.filter(({ event, show }) => show.preSold?.kind === k && onSale(event))
    expect(kind('sold-out').length).toBeGreaterThanOrEqual(1)
    const single = kind('single-seats')
    expect(single.length).toBeGreaterThanOrEqual(1)
    for (const { event } of single) expect(reservedSeating.has(event.venueId), event.code).toBe(true)
    const limited = offStadium.filter(({ event, show }) => (fraction(show) ?? 0) >= 0.9 && onSale(event) && !show.override)
    expect(limited.length).toBeGreaterThanOrEqual(2)
  })

  it('pre-sells most shows between 0 and 60%, and fractions stay within 0–1', () => {
    for (const { event, show } of shows) {
      const f = fraction(show)
      if (f !== undefined) {
        expect(f, event.code).toBeGreaterThanOrEqual(0)
        expect(f, event.code).toBeLessThanOrEqual(1)
      }
    }
    const moderate = shows.filter(({ show }) => {
      const f = fraction(show)
      return f !== undefined && f > 0 && f <= 0.6
    })
    expect(moderate.length).toBeGreaterThan(shows.length / 2)
  })

  it('keeps stadium shows free of overrides and extreme pre-sales', () => {
    for (const { event, show } of shows.filter((s) => s.event.venueId === stadium)) {
      expect(show.override, event.code).toBeUndefined()
      expect(show.preSold?.kind ?? 'fraction', event.code).toBe('fraction')
      expect(fraction(show) ?? 0, event.code).toBeLessThanOrEqual(0.6)
    }
  })

  it('makes the first stadium show a sellable, lightly sold benchmark target', () => {
    const first = shows.find(({ event }) => event.venueId === stadium)
    expect(first).toBeDefined()
    const { event, show } = first!
    expect(sellable(event, show)).toBe(true)
    expect(show.dayOffset).toBeGreaterThanOrEqual(0)
    expect(show.preSold).toEqual({ kind: 'fraction', value: expect.any(Number) })
    expect(fraction(show)).toBeGreaterThanOrEqual(0.1)
    expect(fraction(show)).toBeLessThanOrEqual(0.3)
  })
})
