import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BackendKind, PrinterStateView } from '../../electron/contract'
import { mountApp, unmountApp, kioskServices } from '../support/mount-app'


/** The real renderer app against real main-process services, in-process. */
const mountKiosk = (backend: BackendKind = 'sandbox') => mountApp(kioskServices(backend, '3.1.4'))

/** The kiosk with main's answer to the events on sale held back until `held` settles (a slow start). */
const mountKioskHeld = (held: Promise<void>) =>
  mountApp(kioskServices('sandbox', '3.1.4'), (foyer) => ({
    ...foyer,
    catalogue: { ...foyer.catalogue, events: async (query) => held.then(() => foyer.catalogue.events(query)) },
  }))

afterEach(() => {
  unmountApp()
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
    unmountApp()
    expect((await mountKiosk('production')).text('training-band')).toBeUndefined()
  })

  it('leaves no slide timer running when the customer starts before the events on sale have come', async () => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const started = vi.spyOn(window, 'setInterval')
    const stopped = vi.spyOn(window, 'clearInterval')
    const { router } = await mountKioskHeld(held)
    // Touch to start while main is still answering: the attract screen goes.
    await router.push({ name: 'events' })
    release()
    await flushPromises()
    const slides = started.mock.results.filter((_, i) => started.mock.calls[i]![1] === 6000).map((r) => r.value as unknown)
    expect(slides.length).toBeGreaterThan(0)
    expect(slides.filter((id) => !stopped.mock.calls.some(([cleared]) => cleared === id))).toEqual([])
    started.mockRestore()
    stopped.mockRestore()
  })

  it('follows a system.changed push from main', async () => {
    const { root, text, services } = await mountKiosk('sandbox')
    services.pushes.publish('system.changed', { ...services.system.info(), backend: 'production' })
    await flushPromises()
    expect(text('system-backend')).toBe('Live sales')
    expect(text('training-band')).toBeUndefined()
    // Now a counter: a counter never shows the attract loop, so the app goes to the staff sign-in.
    services.pushes.publish('system.changed', { ...services.system.info(), backend: 'production', mode: 'counter' })
    await flushPromises()
    expect(root.querySelector('[data-testid="counter-sign-in-screen"]')).not.toBeNull()
    expect(root.querySelector('[data-testid="attract-screen"]')).toBeNull()
  })
})

describe('attract screen when the ticket printer cannot print (#24)', () => {
  const cannotPrint: PrinterStateView = { state: 'cannot-print', problems: ['no-paper'], printer: 'Ticket printer (IPP, localhost:631)', kind: 'ipp' }

  it('says so in words, lets nobody start, and comes back by itself when the printer is ready', async () => {
    const { root, text, services, click } = await mountKiosk()
    const start = () => root.querySelector<HTMLButtonElement>('[data-testid="touch-to-start"]')!
    expect(text('printer-out-of-service')).toBeUndefined()
    services.pushes.publish('printer.changed', cannotPrint)
    await flushPromises()
    expect(text('printer-out-of-service')).toContain('This kiosk cannot print tickets right now — please use the box office')
    expect(start().disabled).toBe(true)
    await click('touch-to-start')
    expect(root.querySelector('[data-testid="attract-screen"]')).not.toBeNull()
    await click('language-zh-CN')
    expect(text('printer-out-of-service')).toContain('本自助机暂时无法打印门票')
    services.pushes.publish('printer.changed', { ...cannotPrint, state: 'ready', problems: [] })
    await flushPromises()
    expect(text('printer-out-of-service')).toBeUndefined()
    expect(start().disabled).toBe(false)
  })

  it('says nothing to customers of paper running low (that is for staff)', async () => {
    const { text, services, root } = await mountKiosk()
    services.pushes.publish('printer.changed', { ...cannotPrint, state: 'paper-low', problems: ['paper-low'] })
    await flushPromises()
    expect(text('printer-out-of-service')).toBeUndefined()
    expect(root.querySelector<HTMLButtonElement>('[data-testid="touch-to-start"]')!.disabled).toBe(false)
    expect(text('printer-state')).toBeUndefined()
  })
})
