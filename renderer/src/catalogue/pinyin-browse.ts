import type { ApiLang, EventPage, EventSummary, Reply } from '@contract'
import { computed, ref, shallowRef, type Ref } from 'vue'
import { pinyinOf } from './local-search'

/**
 * The pinyin side of the events search (the catalogue store's): the list as
 * browsed (no search sent), kept beside the API's answer to a search, and the
 * events in it whose Chinese titles read as the Latin letters typed
 * (./pinyin-search.ts). The API's search does not read titles as pinyin, so
 * the kiosk does, in what it has loaded; if that list is of another language
 * or genre than the customer's now, its first page is asked for again.
 */
export interface BrowseQuestion {
  lang: ApiLang
  genre: string | null
}

export interface PinyinBrowseNeeds {
  search: Ref<string>
  /** The list's language and genre now. */
  now: () => BrowseQuestion
  /** Asks the API for the first page of the list as browsed in that language and genre. */
  askFirstPage: (question: BrowseQuestion) => Promise<Reply<EventPage>>
}

/** What a browsed list answers, as far as a pinyin search cares (language and genre; the order does not matter). */
const keyOf = (asked: BrowseQuestion) => JSON.stringify({ lang: asked.lang, genre: asked.genre })

export function usePinyinBrowse({ search, now, askFirstPage }: PinyinBrowseNeeds) {
  const browsed = shallowRef<readonly EventSummary[]>([])
  const browsedFor = ref('')
  /** Counts what changed the list as browsed: an answer older than the last change is dropped. */
  let changes = 0
  /** The list as browsed being asked for beside a search, and for what: asked once however often the customer types. */
  let browsing: { key: string; done: Promise<void> } | null = null
  /** pinyin-pro's reading of titles, loaded the first time a customer types Latin letters (it carries a character table). */
  const reader = shallowRef<((title: string | null, pinyin: string) => boolean) | null>(null)
  let loadingReader: Promise<void> | null = null

  const pinyin = computed(() => pinyinOf(search.value))
  /** The events browsed whose titles read as the pinyin typed, in the list's order. */
  const pinyinFound = computed<readonly EventSummary[]>(() => {
    const wanted = pinyin.value
    const reads = reader.value
    if (wanted === null || reads === null || browsedFor.value !== keyOf(now())) return []
    return browsed.value.filter((e) => reads(e.title, wanted))
  })

  /** A list asked for without a search has come back (its pages so far): it is the list as browsed. */
  function keep(events: readonly EventSummary[], asked: BrowseQuestion): void {
    changes++
    browsing = null
    browsed.value = events
    browsedFor.value = keyOf(asked)
  }

  function forget(): void {
    changes++
    browsing = null
    browsed.value = []
    browsedFor.value = ''
  }

  /** The first page of the list as browsed, beside a search (the language or genre changed while it was typed). */
  function fetchBrowsed(): Promise<void> {
    const asked = now()
    const key = keyOf(asked)
    if (browsing?.key === key) return browsing.done
    const mine = ++changes
    const done = (async () => {
      const reply = await askFirstPage(asked)
      if (mine !== changes) return
      browsing = null
      if (reply.ok) {
        browsed.value = reply.value.events
        browsedFor.value = key
      }
    })()
    browsing = { key, done }
    return done
  }

  /** Ready to read what is typed as pinyin: the reading loaded (once), the list as browsed of the language and genre now. */
  async function ready(): Promise<void> {
    if (pinyin.value === null) return
    loadingReader ??= import('./pinyin-search').then((module) => {
      reader.value = module.readsAs
    })
    await Promise.all([loadingReader, browsedFor.value === keyOf(now()) ? null : fetchBrowsed()])
  }

  return { pinyinFound, keep, forget, ready }
}
