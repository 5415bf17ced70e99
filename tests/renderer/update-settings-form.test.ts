import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { inProcessSandbox } from '../support/in-process-sandbox'
import { call } from '../../electron/ipc-core/dispatcher'
import { startHostRuntime, type HostRuntime } from '../../electron/services/host-runtime'
import { DEFAULT_UPDATE_SETTINGS } from '../../electron/settings/settings-schema'
import { unmountApp, type MountedApp } from '../support/mount-app'
import { staffSettings, type } from '../support/staff-screen'
import { TEST_ENROLMENT_CODE, firstPin } from '../support/staff-runtime'

/**
 * The "Updates" section of the staff settings: the real screen against the
 * real staff services (settings store, PIN), in happy-dom.
 */
const PIN = '581372'
const quiet = { warn: () => {}, error: () => {} }
// A save checks the PIN with scrypt in the services: on a loaded machine that is well over waitFor's default second.
const SAVE = { timeout: 10_000 }
let runtime: HostRuntime

beforeAll(async () => {
  runtime = await startHostRuntime({ enrolmentCode: TEST_ENROLMENT_CODE, mode: 'self-service', backend: 'sandbox' }, { appVersion: 't', host: 'browser' }, null, quiet, inProcessSandbox)
  await runtime.services.dispatcher.dispatch('staff.setPin', firstPin(PIN), { transport: 'test' })
})
afterEach(() => unmountApp())
afterAll(async () => {
  await runtime.close()
})

const updateSettings = () => staffSettings(runtime.services, PIN, 'updates-settings')

const input = (app: MountedApp, testId: string) => app.find(testId) as HTMLInputElement

describe('staff settings: updates', () => {
  it('shows the saved settings, in words, with an empty address meaning the installer feed', async () => {
    const app = await updateSettings()
    expect(app.find('updates-settings')?.querySelector('legend')?.textContent).toBe('Updates')
    expect(input(app, 'updates-enabled').checked).toBe(true)
    expect(input(app, 'updates-feed-url').value).toBe('')
    expect(app.root.textContent).toContain('Leave empty to use the feed this installer came with.')
    expect(input(app, 'updates-check-minutes').value).toBe('240')
    expect(input(app, 'updates-on-training').checked).toBe(false)
  })

  it('saves a feed address, interval and training choice, and an emptied address goes back to the installer feed', async () => {
    const app = await updateSettings()
    type(app, 'updates-feed-url', '  https://updates.venue.example/foyer/ ')
    type(app, 'updates-check-minutes', '30')
    await app.click('updates-on-training')
    await app.click('updates-save')
    await vi.waitFor(() => expect(app.text('updates-result')).toBe('Saved.'), SAVE)
    expect(app.find('updates-result')?.getAttribute('role')).toBe('status')
    expect(runtime.settings.get().updates).toEqual({ enabled: true, feedUrl: 'https://updates.venue.example/foyer/', checkEveryMinutes: 30, onTraining: true })

    type(app, 'updates-feed-url', '')
    await app.click('updates-enabled')
    await app.click('updates-save')
    await vi.waitFor(() => expect(runtime.settings.get().updates).toMatchObject({ enabled: false, feedUrl: null, checkEveryMinutes: 30 }), SAVE)
  })

  it('keeps what staff are typing when the settings are read again unchanged, and takes a real change', async () => {
    await runtime.settings.update({ updates: DEFAULT_UPDATE_SETTINGS })
    const app = await updateSettings()
    type(app, 'updates-feed-url', 'http://example.com/feed/')
    type(app, 'hold-window', '25')
    // The screen's own load answering late, or a push after another section's save: a new view, the same values.
    const view = await call(runtime.services.dispatcher, 'settings.get', {})
    if (!view.ok) throw new Error(view.error.code)
    runtime.services.pushes.publish('settings.changed', structuredClone(view.value))
    await flushPromises()
    expect(input(app, 'updates-feed-url').value).toBe('http://example.com/feed/')
    expect(input(app, 'hold-window').value).toBe('25')
    // A change saved elsewhere (another screen, the hub's profile) is shown.
    runtime.services.pushes.publish('settings.changed', { ...view.value, updates: { ...view.value.updates, feedUrl: 'https://other.venue.example/' } })
    await flushPromises()
    expect(input(app, 'updates-feed-url').value).toBe('https://other.venue.example/')
  })

  it('says why a feed address was refused, marks the field, and keeps what was saved', async () => {
    await runtime.settings.update({ updates: DEFAULT_UPDATE_SETTINGS })
    const app = await updateSettings()
    type(app, 'updates-feed-url', 'http://example.com/feed/')
    await app.click('updates-save')
    await vi.waitFor(() => expect(app.find('updates-error')).not.toBeNull(), SAVE)
    expect(app.find('updates-error')?.getAttribute('role')).toBe('alert')
    expect(app.text('updates-error')).toBe('That feed address was not saved. It must start with https:// (plain http:// only for this computer).')
    expect(input(app, 'updates-feed-url').getAttribute('aria-invalid')).toBe('true')
    expect(input(app, 'updates-check-minutes').getAttribute('aria-invalid')).toBe('false')
    // The typed address stays in the field for staff to correct; nothing was saved.
    expect(input(app, 'updates-feed-url').value).toBe('http://example.com/feed/')
    expect(app.find('updates-result')).toBeNull()
    expect(runtime.settings.get().updates).toEqual(DEFAULT_UPDATE_SETTINGS)

    // Corrected, it saves and the error goes.
    type(app, 'updates-feed-url', 'http://127.0.0.1:8080/feed/')
    await app.click('updates-save')
    await vi.waitFor(() => expect(app.text('updates-result')).toBe('Saved.'), SAVE)
    expect(app.find('updates-error')).toBeNull()
    expect(runtime.settings.get().updates.feedUrl).toBe('http://127.0.0.1:8080/feed/')
  })

  it('says what a check interval must be when it is refused', async () => {
    const app = await updateSettings()
    for (const minutes of ['2', '2000', '']) {
      type(app, 'updates-check-minutes', minutes)
      await app.click('updates-save')
      await vi.waitFor(() => expect(app.text('updates-error')).toBe('That check interval was not saved. Choose a whole number of minutes from 5 to 1440.'), SAVE)
      expect(input(app, 'updates-check-minutes').getAttribute('aria-invalid')).toBe('true')
    }
    expect(runtime.settings.get().updates.checkEveryMinutes).toBe(240)
  })
})
