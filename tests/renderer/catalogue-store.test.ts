// @vitest-environment node
// (The API client runs in main, on Node's fetch; happy-dom's fetch would apply browser rules to it.)
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Runtime } from '../../electron/services/runtime'
import { useCatalogueStore } from '../../renderer/src/stores/catalogue'
import { useLocaleStore } from '../../renderer/src/stores/locale'
import { apiRig, type ApiRig } from '../support/api-fixtures'
import { provideSandboxKiosk } from '../support/in-process-foyer'

/**
 * The events list against the real sandbox: a short Chinese search is made on
 * the kiosk, in the list already loaded, so typing it asks main nothing new
 * and keeps the pages already fetched.
 */
let rig: ApiRig
let runtime: Runtime
const asked: string[] = []

beforeEach(async () => {
  setActivePinia(createPinia())
  rig = await apiRig()
  asked.length = 0
  runtime = await provideSandboxKiosk(rig, (channel) => asked.push(channel))
})
afterEach(async () => {
  await runtime.close()
  await rig.close()
})

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
})
