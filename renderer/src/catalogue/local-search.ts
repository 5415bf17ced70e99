import type { EventSummary } from '@contract'

/**
 * Searching the events already on the screen, for the words the API's search
 * cannot take. The API asks for 3 characters or more; in Chinese (and the
 * other scripts written without spaces) a word is often two characters,
 * "摇滚" (rock) or "话剧" (drama), and a refusal would leave the customer
 * with nothing. Such a short search looks through the list the kiosk has
 * loaded instead: titles, venues, promoters, what the event is about, and its
 * genres in the customer's words.
 */
const WRITTEN_WITHOUT_SPACES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u

/** Whether the text is too short for the API but a word in a script without spaces: searched here instead. */
export function searchedHere(text: string, apiMinimum: number): boolean {
  const typed = text.trim()
  return typed.length > 0 && typed.length < apiMinimum && WRITTEN_WITHOUT_SPACES.test(typed)
}

/** Whether the event mentions the text anywhere the customer would look for it. */
export function mentions(event: EventSummary, text: string, genreName: (genre: string) => string): boolean {
  const wanted = text.trim().toLocaleLowerCase()
  if (wanted === '') return true
  const said = [event.title, event.venue, event.synopsis, ...event.promoters, ...event.genres, ...event.genres.map(genreName)]
  return said.some((words) => words?.toLocaleLowerCase().includes(wanted))
}

/** Fewer letters than this are too loose for pinyin (one letter starts a third of all syllables). */
export const MIN_PINYIN = 2

/**
 * The text as pinyin to look for in Chinese titles (./pinyin-search.ts), or
 * null: Latin letters only, at least two, spaces between syllables dropped.
 */
export function pinyinOf(text: string): string | null {
  const typed = text.trim().toLowerCase()
  if (!/^[a-z][a-z\s]*$/.test(typed)) return null
  const letters = typed.replace(/\s+/g, '')
  return letters.length >= MIN_PINYIN ? letters : null
}
