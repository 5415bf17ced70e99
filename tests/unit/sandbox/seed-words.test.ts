import { describe, expect, it } from 'vitest'
import { eventsWithTexts, type EventFacts, type EventTexts } from '../../../electron/sandbox/seed/events/define-event'
import { cats, show } from '../../../electron/sandbox/seed/events/shows-and-prices'
import { t } from '../../../electron/sandbox/seed/events/text'
import { duration } from '../../../electron/sandbox/seed/events/time-words'

/**
 * The seed keeps each event's facts (venue, price categories, sale window,
 * shows) apart from its own words (title, synopsis, house rule, advisory),
 * joined by code. catalogue.test.ts pins the joined catalogue; these pin the join.
 */
const facts = (code: string): EventFacts => ({
  code,
  genres: ['Theatre'],
  promoters: ['Test Promoter'],
  venueId: 'recital-hall',
  language: 'English',
  priceCategories: cats(30, 20, 10),
  bookingFee: 2,
  duration: duration(90),
  admission: { minAge: 12, photo: 'none', late: 'none' },
  attributes: ['1'],
  sellability: { startOffsetDays: -5, endOffsetDays: 9 },
  shows: [show(3, '19:30'), show(9, '14:00')],
})
const words: EventTexts = {
  title: t('A Play', '一出戏', '一齣戲', 'Sebuah Drama'),
  synopsis: t('A play in one act.', '独幕剧。', '獨幕劇。', 'Drama satu babak.'),
  houseRule: t('No food inside.', '场内禁止饮食。', '場內不准飲食。', 'Makanan tidak dibenarkan di dalam.'),
  advisory: 'Contains haze.',
}

describe('an event from its facts and its words', () => {
  it("takes its title, synopsis and advisory from the words, its house rule of its own after the common ones, its dates from the shows", () => {
    const [event] = eventsWithTexts({ FYTEST1: words }, [facts('FYTEST1')])
    expect(event).toMatchObject({ code: 'FYTEST1', title: words.title, synopsis: words.synopsis, advisory: 'Contains haze.' })
    expect(event!.admissionRules.EN_SG).toMatch(/^Admission for ages 12 and above\. .* No food inside\.$/)
    expect(event!.admissionRules.ZH_HK.endsWith('場內不准飲食。')).toBe(true)
    expect(event!.eventDates).toEqual({ startOffsetDays: 3, endOffsetDays: 9 })
    expect(event!.priceDescription.EN_SG).toMatch(/^CAT 1 S\$30, CAT 2 S\$20, CAT 3 S\$10\./)
  })

  it('refuses an event without words, and words for no event', () => {
    expect(() => eventsWithTexts({}, [facts('FYTEST1')])).toThrow(/FYTEST1: no texts/)
    expect(() => eventsWithTexts({ FYTEST1: words, FYTEST2: words }, [facts('FYTEST1')])).toThrow(/no event: FYTEST2/)
  })
})
