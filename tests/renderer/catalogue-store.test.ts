// @vitest-environment node
// (The API client runs in main, on Node's fetch; happy-dom's fetch would apply browser rules to it.)
import { describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import { useCatalogueStore } from '../../renderer/src/stores/catalogue'
import { useLocaleStore } from '../../renderer/src/stores/locale'
import { kioskStoresPerTest } from '../support/in-process-foyer'

/**
 * The events list against the real sandbox: a short Chinese search is made on
 * the kiosk, in the list already loaded, so typing it asks main nothing new
 * and keeps the pages already fetched.
 */
const asked: string[] = []
kioskStoresPerTest((channel) => asked.push(channel))

describe('a short Chinese search', () => {
  it('asks for no list again while it is typed, and keeps the pages already loaded', async () => {
    useLocaleStore().setLocale('zh-CN')
    const catalogue = useCatalogueStore()
    await catalogue.reload()
    await catalogue.loadMore()
    const loaded = catalogue.events.length
    expect(loaded).toBeGreaterThan(0)
    asked.length = 0

    for (const text of ['摇', '摇滚']) {
      catalogue.search = text
      expect(catalogue.searchingHere).toBe(true)
      await catalogue.reload()
    }
    expect(asked.filter((c) => c === 'catalogue.events')).toEqual([])
    expect(catalogue.events.length).toBe(loaded)

    // A search the API takes is asked, as before.
    catalogue.search = '摇滚乐'
    await catalogue.reload()
    expect(asked.filter((c) => c === 'catalogue.events')).toHaveLength(1)
  })

  it('drops the answer of a longer search still on its way once the customer has deleted back to a short one', async () => {
    useLocaleStore().setLocale('zh-CN')
    const catalogue = useCatalogueStore()
    await catalogue.reload()
    const browsed = catalogue.events.map((e) => e.code)

    catalogue.search = '摇滚乐'
    const longer = catalogue.reload()
    catalogue.search = '摇滚'
    await catalogue.reload()
    await longer
    // The short search filters the list as browsed, not the longer search's answer.
    expect(catalogue.events.map((e) => e.code)).toEqual(browsed)
  })
})

/** The zh-CN training data's lawn concert: 'Rock & Roll "Live"：河畔草地摇滚夜'. */
const LAWN = 'FY26ROCKLAWN'

describe('a pinyin search', () => {
  it('finds a Chinese title by its pinyin in full, first in the list beside the API’s answer', async () => {
    useLocaleStore().setLocale('zh-CN')
    const catalogue = useCatalogueStore()
    await catalogue.reload()
    asked.length = 0

    catalogue.search = 'yaogun'
    await catalogue.reload()
    // The API was asked too (it reads no pinyin, so its answer does not have the lawn).
    expect(asked.filter((c) => c === 'catalogue.events')).toHaveLength(1)
    expect(catalogue.events.map((e) => e.code)).not.toContain(LAWN)
    expect(catalogue.pinyinFound.map((e) => e.code)).toEqual([LAWN])
    expect(catalogue.eventsShown[0]?.code).toBe(LAWN)
  })

  it('finds it by the syllables’ first letters, too short for the API: in the list as browsed, asking nothing', async () => {
    useLocaleStore().setLocale('zh-CN')
    const catalogue = useCatalogueStore()
    await catalogue.reload()
    asked.length = 0

    catalogue.search = 'yg'
    await catalogue.reload()
    expect(asked.filter((c) => c === 'catalogue.events')).toEqual([])
    // The titles that read so, and only those: 摇滚 (yao gun), 月光 (yue guang) …
    expect(catalogue.eventsShown.map((e) => e.code)).toContain(LAWN)
    expect(catalogue.eventsShown).toEqual(catalogue.pinyinFound)
    expect(catalogue.eventsShown.length).toBeLessThan(catalogue.events.length)
  })

  it('reads the list in the language now chosen, and finds nothing in English titles', async () => {
    const locale = useLocaleStore()
    locale.setLocale('en-SG')
    const catalogue = useCatalogueStore()
    await catalogue.reload()
    catalogue.search = 'yaogun'
    await catalogue.reload()
    expect(catalogue.pinyinFound).toEqual([])

    // Chinese chosen with the search typed: the list as browsed is asked again in Chinese, and read.
    locale.setLocale('zh-CN')
    await catalogue.reload()
    expect(catalogue.pinyinFound.map((e) => e.code)).toEqual([LAWN])
  })
})

describe('a language chosen while the list is on its way', () => {
  it('lists the events in that language, and a pinyin search typed at once still reads their Chinese titles', async () => {
    const locale = useLocaleStore()
    locale.setLocale('en-SG')
    const catalogue = useCatalogueStore()
    // The screen opens in English; the customer chooses Chinese before the first page is back, and starts typing.
    const first = catalogue.reload()
    locale.setLocale('zh-CN')
    await nextTick()
    catalogue.search = 'y'
    await catalogue.reload()
    await first
    await vi.waitFor(() => expect(catalogue.loading).toBe(false))
    expect(catalogue.events.find((e) => e.code === LAWN)?.title).toContain('摇滚')

    catalogue.search = 'yg'
    await catalogue.reload()
    expect(catalogue.pinyinFound.map((e) => e.code)).toContain(LAWN)
  })
})
