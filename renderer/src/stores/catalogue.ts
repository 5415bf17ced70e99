import type { ErrorReply, EventShows, EventSummary } from '@contract'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { useFoyer } from '../bridge/foyer'
import type { When } from '../catalogue/date-browse'
import { searchedHere } from '../catalogue/local-search'
import { usePinyinBrowse } from '../catalogue/pinyin-browse'
import { useLocaleStore } from './locale'

/**
 * The events on sale and one event's shows, as the customer browses them.
 * Searches need 3 characters (the API's rule): shorter text is not sent, and
 * the screen says why; a shorter word in Chinese (two characters often are
 * one) is looked for in the list already loaded (../catalogue/local-search.ts).
 * Latin letters are also read as pinyin (`yaogun` or `yg` for 摇滚) and
 * matched against the Chinese titles of the list as browsed, alongside the
 * API's search (../catalogue/pinyin-browse.ts): the pinyin matches come
 * first. A change of language asks the API again.
 *
 * The list grows a page at a time as the customer scrolls, to thousands of
 * events: it is kept shallow (each answer replaces the array, the events
 * themselves are never changed), so 5,000 events are not 5,000 reactive
 * proxies. Only the newest question's answer is kept: a search typed while a
 * page is on its way wins over that page.
 */
export type EventSort = 'title' | 'venue' | 'sellabilityStartDate'
export const MIN_SEARCH = 3
/** Events per page: a screenful or two ahead, in one question. */
export const PAGE_SIZE = 50

export const useCatalogueStore = defineStore('catalogue', () => {
  const locale = useLocaleStore()
  const search = ref('')
  const genre = ref<string | null>(null)
  const sort = ref<EventSort | null>(null)
  /** When the events are on (the next 7 days, 30, later): the list as loaded narrowed on the kiosk (the API has no date question). */
  const when = ref<When | null>(null)
  const events = shallowRef<readonly EventSummary[]>([])
  /** How many events the current question matches in all (the API's totalElements). */
  const total = ref(0)
  const page = ref(-1)
  const hasNext = ref(false)
  const loading = ref(false)
  /** The page being asked for, or null: 0 is a new list (the screen says so at the top), more at the bottom. */
  const loadingPage = ref<number | null>(null)
  const error = ref<ErrorReply | null>(null)
  const shows = ref<EventShows | null>(null)
  const event = ref<EventSummary | null>(null)
  let generation = 0
  /** Codes in the list, so a page that overlaps the one before (the catalogue changed meanwhile) adds no twins. */
  let listed = new Set<string>()

  const searchTooShort = computed(() => {
    const text = search.value.trim()
    return text.length > 0 && text.length < MIN_SEARCH
  })
  /** Too short for the API, but a word in Chinese: the loaded list is searched on the kiosk (the screen filters it). */
  const searchingHere = computed(() => searchedHere(search.value, MIN_SEARCH))

  const pinyinBrowse = usePinyinBrowse({
    search,
    now: () => ({ lang: locale.apiLang, genre: genre.value }),
    askFirstPage: (asked) => useFoyer().catalogue.events({ lang: asked.lang, ...(asked.genre ? { genre: asked.genre } : {}), page: 0, size: PAGE_SIZE }),
  })
  const pinyinFound = pinyinBrowse.pinyinFound
  /** The events to list (but for a short Chinese search, which the screen filters): pinyin matches first, then the API's answer. */
  const eventsShown = computed<readonly EventSummary[]>(() => {
    const found = pinyinFound.value
    if (found.length === 0) return events.value
    // Two letters: not searched at the API, so the titles that read so are the list.
    if (searchTooShort.value) return found
    const codes = new Set(found.map((e) => e.code))
    return found.concat(events.value.filter((e) => !codes.has(e.code)))
  })

  /** The list question as it stands (language, search the API is given, genre, sort), without its page. */
  function question() {
    const text = search.value.trim()
    return {
      lang: locale.apiLang,
      ...(text.length >= MIN_SEARCH ? { search: text } : {}),
      ...(genre.value ? { genre: genre.value } : {}),
      ...(sort.value ? { sort: sort.value } : {}),
    }
  }
  /**
   * The question the list answers, or will once its first page is back: another key in a short
   * Chinese search asks nothing new. Set when asked, so a longer search still on its way is asked
   * over (and its answer dropped) when the customer deletes back to the list's own question.
   */
  let listedFor = ''

  async function fetchPage(pageNumber: number): Promise<void> {
    const asked = ++generation
    loading.value = true
    loadingPage.value = pageNumber
    error.value = null
    const q = question()
    if (pageNumber === 0) listedFor = JSON.stringify(q)
    const reply = await useFoyer().catalogue.events({ ...q, page: pageNumber, size: PAGE_SIZE })
    // A newer question was asked meanwhile (typing, language): this answer is stale.
    if (asked !== generation) return
    loading.value = false
    loadingPage.value = null
    if (!reply.ok) {
      error.value = reply.error
      return
    }
    if (pageNumber === 0) {
      listed = new Set(reply.value.events.map((e) => e.code))
      events.value = reply.value.events
    } else {
      const fresh = reply.value.events.filter((e) => !listed.has(e.code))
      for (const e of fresh) listed.add(e.code)
      events.value = events.value.concat(fresh)
    }
    // A list without a search is the list as browsed: what a pinyin search looks through. Of the
    // question asked: the customer may have chosen another language before the answer came back.
    if (q.search === undefined) pinyinBrowse.keep(events.value, { lang: q.lang, genre: q.genre ?? null })
    total.value = reply.value.totalElements
    page.value = reply.value.page
    hasNext.value = reply.value.hasNext
  }

  /** Asks again from the first page (new search, filter, sort or language). */
  async function reload(): Promise<void> {
    await Promise.all([pinyinBrowse.ready(), reloadList()])
  }

  function reloadList(): Promise<void> {
    // A short Chinese search is made here, in the list as browsed (genre and sort kept, no search sent).
    if (searchTooShort.value && !searchingHere.value) {
      // The list asked for already answers this (a language just chosen, say): its answer is still wanted.
      if (JSON.stringify(question()) === listedFor) return Promise.resolve()
      generation++
      loading.value = false
      loadingPage.value = null
      return Promise.resolve()
    }
    // Searched on the kiosk: the list loaded already answers the same question; filter it, keep its pages.
    if (searchingHere.value && JSON.stringify(question()) === listedFor && !error.value) return Promise.resolve()
    return fetchPage(0)
  }

  function loadMore(): Promise<void> {
    if (loading.value || !hasNext.value) return Promise.resolve()
    return fetchPage(page.value + 1)
  }

  async function openEvent(summary: EventSummary): Promise<void> {
    event.value = summary
    shows.value = null
    await loadShows()
  }

  async function loadShows(): Promise<void> {
    if (!event.value) return
    loading.value = true
    error.value = null
    const reply = await useFoyer().catalogue.shows({ code: event.value.code, lang: locale.apiLang })
    loading.value = false
    if (reply.ok) shows.value = reply.value
    else error.value = reply.error
  }

  // The customer's language is the API's language: ask again in it. The list,
  // asked again, also carries the open event's texts in the new language.
  watch(
    () => locale.apiLang,
    async () => {
      const code = event.value?.code
      // A list shown, or its first page on its way (a language chosen as the screen opened): asked again in the new language.
      if (page.value >= 0 || loadingPage.value !== null) await reload()
      if (!code) return
      event.value = events.value.find((e) => e.code === code) ?? event.value
      await loadShows()
    },
  )

  function reset(): void {
    // An answer still on its way belongs to the last customer: it is ignored.
    generation++
    loading.value = false
    loadingPage.value = null
    search.value = ''
    genre.value = null
    sort.value = null
    when.value = null
    events.value = []
    listed = new Set()
    pinyinBrowse.forget()
    total.value = 0
    page.value = -1
    hasNext.value = false
    event.value = null
    shows.value = null
    error.value = null
  }

  return { search, genre, sort, when, events, total, hasNext, loading, loadingPage, error, shows, event, searchTooShort, searchingHere, pinyinFound, eventsShown, reload, loadMore, openEvent, loadShows, reset }
})
