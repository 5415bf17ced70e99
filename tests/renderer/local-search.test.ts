import { describe, expect, it } from 'vitest'
import type { EventSummary } from '@contract'
import { mentions, searchedHere } from '../../renderer/src/catalogue/local-search'

/**
 * A short Chinese search (two characters are often one word) is looked for in
 * the events already listed, as the API will not take fewer than 3 characters.
 */
const event = (over: Partial<EventSummary>): EventSummary => ({
  code: 'FY26TEST',
  title: null,
  summaryImagePath: null,
  genres: [],
  promoters: [],
  startDate: null,
  endDate: null,
  sellStart: null,
  sellEnd: null,
  venue: null,
  language: null,
  synopsis: null,
  bookingUrl: null,
  priceDescription: null,
  duration: null,
  admissionRules: null,
  salesDateText: null,
  languageTitle: null,
  updateDate: null,
  venueDescription: null,
  ...over,
})
const genreNames: Record<string, string> = { Concert: '演唱会', Theatre: '戏剧' }
const genreName = (genre: string) => genreNames[genre] ?? genre

describe('which searches are made here', () => {
  it('a one- or two-character word in Chinese (simplified or traditional); not Latin letters, not 3 characters or more', () => {
    expect(searchedHere('摇滚', 3)).toBe(true)
    expect(searchedHere(' 搖 ', 3)).toBe(true)
    expect(searchedHere('ab', 3)).toBe(false)
    expect(searchedHere('摇滚乐', 3)).toBe(false)
    expect(searchedHere('', 3)).toBe(false)
  })
})

describe('what an event mentions', () => {
  it('its title, venue, promoters, what it is about, and its genres in the customer\'s words', () => {
    expect(mentions(event({ title: 'Rock & Roll "Live"：河畔草地摇滚夜' }), '摇滚', genreName)).toBe(true)
    expect(mentions(event({ venue: '滨海艺术中心' }), '滨海', genreName)).toBe(true)
    expect(mentions(event({ synopsis: '带来抒情歌、摇滚金曲' }), '摇滚', genreName)).toBe(true)
    expect(mentions(event({ promoters: ['七月季风'] }), '季风', genreName)).toBe(true)
    expect(mentions(event({ genres: ['Concert'] }), '演唱', genreName)).toBe(true)
    expect(mentions(event({ title: '天鹅湖', genres: ['Theatre'] }), '摇滚', genreName)).toBe(false)
  })
})
