import type { ErrorReply, EventShows, EventSummary } from '@contract'
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { useFoyer } from '../bridge/foyer'
import { useLocaleStore } from './locale'

/**
 * The events on sale and one event's shows, as the customer browses them.
 * Searches need 3 characters (the API's rule): shorter text is not sent, and
 * the screen says why. A change of language asks the API again.
 */
export type EventSort = 'title' | 'venue' | 'sellabilityStartDate'
export const MIN_SEARCH = 3
const PAGE_SIZE = 20

export const useCatalogueStore = defineStore('catalogue', () => {
  const locale = useLocaleStore()
  const search = ref('')
  const genre = ref<string | null>(null)
  const sort = ref<EventSort | null>(null)
  const events = ref<EventSummary[]>([])
  const page = ref(-1)
  const hasNext = ref(false)
  const loading = ref(false)
  const error = ref<ErrorReply | null>(null)
  const shows = ref<EventShows | null>(null)
  const event = ref<EventSummary | null>(null)
  let generation = 0

  const searchTooShort = computed(() => {
    const text = search.value.trim()
    return text.length > 0 && text.length < MIN_SEARCH
  })

  async function fetchPage(pageNumber: number): Promise<void> {
    const asked = ++generation
    loading.value = true
    error.value = null
    const text = search.value.trim()
    const reply = await useFoyer().catalogue.events({
      lang: locale.apiLang,
      page: pageNumber,
      size: PAGE_SIZE,
      ...(text.length >= MIN_SEARCH ? { search: text } : {}),
      ...(genre.value ? { genre: genre.value } : {}),
      ...(sort.value ? { sort: sort.value } : {}),
    })
    // A newer question was asked meanwhile (typing, language): this answer is stale.
    if (asked !== generation) return
    loading.value = false
    if (!reply.ok) {
      error.value = reply.error
      return
    }
    events.value = pageNumber === 0 ? reply.value.events : [...events.value, ...reply.value.events]
    page.value = reply.value.page
    hasNext.value = reply.value.hasNext
  }

  /** Asks again from the first page (new search, filter, sort or language). */
  function reload(): Promise<void> {
    if (searchTooShort.value) {
      generation++
      loading.value = false
      return Promise.resolve()
    }
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
      if (page.value >= 0) await reload()
      if (!code) return
      event.value = events.value.find((e) => e.code === code) ?? event.value
      await loadShows()
    },
  )

  function reset(): void {
    search.value = ''
    genre.value = null
    sort.value = null
    events.value = []
    page.value = -1
    hasNext.value = false
    event.value = null
    shows.value = null
    error.value = null
  }

  return { search, genre, sort, events, hasNext, loading, error, shows, event, searchTooShort, reload, loadMore, openEvent, loadShows, reset }
})
