import { describe, expect, it } from 'vitest'
import { describePlace } from '../../renderer/src/cart/seat-words'
import { createFoyerI18n } from '../../renderer/src/i18n'
import { formatDateSpan } from '../../renderer/src/format'

/** Where the seats are and when an event is on, in the customer's words (review, done, event cards). */
const { t } = createFoyerI18n('en-SG').global
const say = (key: string, values: Record<string, unknown>) => t(key, values)

describe('describePlace', () => {
  it('says a numbered section with its area and price category, never a bare "101"', () => {
    expect(describePlace({ sectionAlias: '101', levelAlias: 'Level 1', priceCategoryAlias: 'CAT 1' }, say)).toBe('Level 1 · Section 101 · CAT 1')
  })

  it('leaves out a level the section name already says', () => {
    expect(describePlace({ sectionAlias: 'Stalls Centre', levelAlias: 'Stalls', priceCategoryAlias: 'CAT 2' }, say)).toBe('Stalls Centre · CAT 2')
  })

  it('says what there is when the API left parts out', () => {
    expect(describePlace({ sectionAlias: null, levelAlias: null, priceCategoryAlias: 'GA' }, say)).toBe('GA')
    expect(describePlace({ sectionAlias: 'Lawn', levelAlias: null, priceCategoryAlias: 'Lawn' }, say)).toBe('Lawn')
  })

  it('is said in the customer’s language', () => {
    const zh = createFoyerI18n('zh-CN').global
    expect(describePlace({ sectionAlias: '101', levelAlias: 'Level 1', priceCategoryAlias: 'CAT 1' }, (k, v) => zh.t(k, v))).toBe('Level 1 · 101 区 · CAT 1')
  })
})

describe('formatDateSpan', () => {
  it('gives one day for a one-day event and a range for a run, in Singapore time', () => {
    expect(formatDateSpan('2026-11-22T19:30:00+08:00', '2026-11-22T22:00:00+08:00', 'en-SG')).toBe('Sun, 22 Nov 2026')
    expect(formatDateSpan('2026-11-22T19:30:00+08:00', '2026-12-05T22:00:00+08:00', 'en-SG')).toMatch(/^22 Nov\s*–\s*5 Dec$/)
    expect(formatDateSpan('2026-12-22T19:30:00+08:00', '2027-01-05T22:00:00+08:00', 'en-SG')).toMatch(/^22 Dec 2026\s*–\s*5 Jan 2027$/)
    expect(formatDateSpan(null, null, 'en-SG')).toBe('')
  })
})
