// @vitest-environment node
// (The API client runs in main, on Node's fetch; happy-dom's fetch would apply browser rules to it.)
import { describe, expect, it } from 'vitest'
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
