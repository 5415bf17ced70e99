import { flushPromises } from '@vue/test-utils'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { SaleLanguage } from '../../electron/contract'
import { mountApp, unmountApp, type MountedApp } from '../support/mount-app'
import { nodeFetchForFile } from '../support/node-fetch'
import { press, staffSettings } from '../support/staff-screen'
import { startStaffHost, type StaffHost } from '../support/staff-runtime'

/**
 * The languages offered (settings version 9): a supervisor chooses them and the venue's first
 * language on the staff screen; the kiosk's language choice shows only those, and the welcome
 * screen and every next customer start in the first one.
 */
const PIN = '581372'
const WAIT = { timeout: 30_000 }
let host: StaffHost
nodeFetchForFile()

beforeAll(async () => {
  host = await startStaffHost('foyer-languages-form-', PIN)
})
afterEach(() => {
  unmountApp()
  vi.useRealTimers()
})
afterAll(async () => {
  await host?.close()
})

const shownLanguages = (app: MountedApp) => [...app.root.querySelectorAll('.language-button')].map((button) => button.getAttribute('lang'))

/** The staff screen, the supervisor's PIN pressed on its pad, open at the settings with the languages. */
const languageSettings = () => staffSettings(host.runtime.services, PIN, 'languages-setting')

/** A supervisor's change saved in main, which main pushes to every screen. */
async function offering(languages: SaleLanguage[]): Promise<void> {
  expect(await host.ask('settings.update', { pin: PIN, patch: { languages } })).toMatchObject({ ok: true })
  await flushPromises()
}

describe('languages offered', { timeout: 120_000 }, () => {
  it('a supervisor offers three, Traditional Chinese first: saved so, and the welcome screen offers those three in Traditional Chinese', async () => {
    const app = await languageSettings()
    await app.click('offer-en-SG')
    const first = app.find('first-language') as HTMLSelectElement
    first.value = 'zh-HK'
    first.dispatchEvent(new Event('change'))
    await flushPromises()
    await press(app, 'admin-save')
    await vi.waitFor(() => expect(host.runtime.settings.get().languages).toEqual(['zh-HK', 'zh-CN', 'ms-MY']), WAIT)

    await app.click('admin-leave')
    await vi.waitFor(() => expect(app.find('attract-screen')).not.toBeNull(), WAIT)
    expect(shownLanguages(app)).toEqual(['zh-HK', 'zh-CN', 'ms-MY'])
    expect(app.text('touch-to-start')).toBe('輕觸螢幕開始')
    expect(document.documentElement.lang).toBe('zh-HK')
  })

  it('the last language offered cannot be taken away on the staff screen', async () => {
    await host.ask('settings.update', { pin: PIN, patch: { languages: ['ms-MY'] } })
    const app = await languageSettings()
    expect((app.find('offer-ms-MY') as HTMLInputElement).disabled).toBe(true)
    expect((app.find('offer-en-SG') as HTMLInputElement).disabled).toBe(false)
  })

  it('the next customer starts in the venue’s first language, not the last customer’s; one language alone is no choice', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    const app = await mountApp(host.runtime.services)
    await offering(['zh-CN', 'ms-MY'])
    expect(shownLanguages(app)).toEqual(['zh-CN', 'ms-MY'])
    expect(app.find('language-en-SG')).toBeNull()
    expect(app.text('touch-to-start')).toBe('轻触屏幕开始')
    await app.click('language-ms-MY')
    expect(app.text('touch-to-start')).toBe('Sentuh untuk mula')
    await app.router.push({ name: 'events' })
    await flushPromises()
    // The quiet time, then the warning's countdown, with nobody touching the screen.
    await vi.advanceTimersByTimeAsync(60_000 + 21_000)
    await flushPromises()
    expect(app.find('attract-screen')).not.toBeNull()
    expect(app.text('touch-to-start')).toBe('轻触屏幕开始')

    await offering(['en-SG'])
    expect(app.root.querySelector('.language-picker')).toBeNull()
    expect(app.text('touch-to-start')).toBe('Touch to start')
  })
})
