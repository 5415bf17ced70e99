import { flushPromises } from '@vue/test-utils'
import type { App } from 'vue'
import { afterEach, describe, expect, it } from 'vitest'
import type { BackendKind } from '../../electron/contract'
import { createAppServices } from '../../electron/services/app-services'
import { provideFoyer } from '../../renderer/src/bridge/foyer'
import { createFoyerApp } from '../../renderer/src/create-app'
import { createInProcessFoyer } from '../support/in-process-foyer'

let mounted: App | null = null

/** Mounts the real renderer app against real main-process services, in-process. */
async function mountKiosk(backend: BackendKind = 'sandbox') {
  const services = createAppServices({ appVersion: '3.1.4', mode: 'self-service', backend, host: 'browser' })
  provideFoyer(createInProcessFoyer(services))
  const { app, router } = createFoyerApp()
  await router.push('/')
  const root = document.createElement('div')
  document.body.append(root)
  app.mount(root)
  mounted = app
  await flushPromises()
  const text = (testId: string) => root.querySelector(`[data-testid="${testId}"]`)?.textContent?.trim()
  const click = async (testId: string) => {
    root.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!.click()
    await flushPromises()
  }
  return { root, services, text, click }
}

afterEach(() => {
  mounted?.unmount()
  mounted = null
  provideFoyer(null)
  document.body.innerHTML = ''
})

describe('attract screen', () => {
  it("shows Foyer's name, the touch-to-start call and every language in its own script", async () => {
    const { root, text } = await mountKiosk()
    expect(root.querySelector('h1')?.textContent).toBe('Foyer')
    expect(text('touch-to-start')).toBe('Touch to start')
    const languages = [...root.querySelectorAll('.language-button')].map((b) => b.textContent?.trim())
    expect(languages).toEqual(['English', '简体中文', '繁體中文', 'Bahasa Melayu'])
  })

  it('shows the system facts main answered over the contract', async () => {
    const { text } = await mountKiosk()
    expect(text('system-version')).toBe('Version 3.1.4')
    expect(text('system-mode')).toBe('Self-service kiosk')
    expect(text('system-backend')).toBe('Training backend')
  })

  it('switches every text to the chosen language and marks the choice', async () => {
    const { root, text, click } = await mountKiosk()
    await click('language-zh-HK')
    expect(text('touch-to-start')).toBe('輕觸螢幕開始')
    expect(text('system-backend')).toBe('培訓後台')
    expect(root.querySelector('[data-testid="language-zh-HK"]')?.getAttribute('aria-pressed')).toBe('true')
    expect(root.querySelector('[data-testid="language-en-SG"]')?.getAttribute('aria-pressed')).toBe('false')
    expect(document.documentElement.lang).toBe('zh-HK')
    await click('language-ms-MY')
    expect(text('touch-to-start')).toBe('Sentuh untuk mula')
  })

  it('shows the training band only when selling against the sandbox', async () => {
    expect((await mountKiosk('sandbox')).text('training-band')).toBe('Training mode: no real tickets are sold')
    mounted?.unmount()
    expect((await mountKiosk('production')).text('training-band')).toBeUndefined()
  })

  it('follows a system.changed push from main', async () => {
    const { text, services } = await mountKiosk('sandbox')
    services.pushes.publish('system.changed', { ...services.system.info(), backend: 'production', mode: 'counter' })
    await flushPromises()
    expect(text('system-mode')).toBe('Box-office counter')
    expect(text('training-band')).toBeUndefined()
  })
})
