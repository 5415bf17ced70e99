import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { createAppServices } from '../../electron/services/app-services'
import { provideFoyer } from '../../renderer/src/bridge/foyer'
import { createWebBridge } from '../../renderer/src/bridge/web-bridge'
import { useLocaleStore } from '../../renderer/src/stores/locale'
import { useSystemStore } from '../../renderer/src/stores/system'
import { createInProcessFoyer } from '../support/in-process-foyer'

beforeEach(() => setActivePinia(createPinia()))

describe('locale store', () => {
  it('maps the customer language to the API lang parameter', () => {
    const store = useLocaleStore()
    expect(store.apiLang).toBe('EN_SG')
    store.setLocale('zh-CN')
    expect(store.apiLang).toBe('ZH_CN')
    store.setLocale('ms-MY')
    expect(store.apiLang).toBe('MS_MY')
  })

  it('ignores a language the kiosk does not offer and resets for the next customer', () => {
    const store = useLocaleStore()
    store.setLocale('zh-HK')
    store.setLocale('fr-FR')
    expect(store.locale).toBe('zh-HK')
    store.reset()
    expect(store.locale).toBe('en-SG')
  })
})

describe('system store', () => {
  it('loads the facts from main and knows when it is training', async () => {
    provideFoyer(
      createInProcessFoyer(
        createAppServices({ appVersion: '2.0.0', mode: 'counter', backend: 'sandbox', host: 'browser' }),
      ),
    )
    const store = useSystemStore()
    await store.load()
    expect(store.info).toMatchObject({ appVersion: '2.0.0', mode: 'counter' })
    expect(store.isTraining).toBe(true)
    expect(store.error).toBeNull()
    store.dispose()
  })

  it('keeps a typed, retryable error when main cannot be reached', async () => {
    // A browser host that is not there: the bridge reports a transport failure, not an exception.
    provideFoyer(createWebBridge({ baseUrl: 'http://127.0.0.1:9/', token: 'x'.repeat(32) }))
    const store = useSystemStore()
    await store.load()
    expect(store.info).toBeNull()
    expect(store.error).toMatchObject({ code: 'contract.transport-failed', retryable: true })
    store.dispose()
  })
})
