import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { TERMINAL_PLACES } from '../../electron/contract'
import { unmountApp, type MountedApp } from '../support/mount-app'
import { nodeFetchForFile } from '../support/node-fetch'
import { press, staffSettings, type } from '../support/staff-screen'
import { startStaffHost, type StaffHost } from '../support/staff-runtime'

/**
 * Audio guidance's staff settings on the staff screen (issue #33): how many times longer a customer in
 * audio mode gets for idle and seat holds, and where the card terminal is as the customer faces the
 * kiosk. The real screen against the real staff services, in happy-dom.
 */
const PIN = '572846'
const WAIT = { timeout: 30_000 }
let host: StaffHost
nodeFetchForFile()

beforeAll(async () => {
  host = await startStaffHost('foyer-audio-settings-form-', PIN)
})
afterEach(() => unmountApp())
afterAll(async () => {
  await host?.close()
})

const general = () => staffSettings(host.runtime.services, PIN, 'audio-time-factor')
const pressed = (app: MountedApp) => TERMINAL_PLACES.filter((place) => app.find(`terminal-place-${place}`)?.getAttribute('aria-pressed') === 'true')

describe('staff settings: audio guidance', { timeout: 120_000 }, () => {
  it('shows the saved factor and place, every place in words', async () => {
    const app = await general()
    expect((app.find('audio-time-factor') as HTMLInputElement).value).toBe('2')
    expect(pressed(app)).toEqual(['unset'])
    expect(TERMINAL_PLACES.map((place) => app.text(`terminal-place-${place}`))).toEqual(['Not set', 'To the left', 'To the right', 'Below the screen', 'In front'])
    expect(app.root.textContent).toContain('Audio guidance: times longer for idle and seat holds')
    expect(app.root.textContent).toContain('Where the card terminal is, as the customer faces the kiosk')
  })

  it('saves a factor and a place in main, with the other settings', async () => {
    const app = await general()
    type(app, 'audio-time-factor', '3')
    await app.click('terminal-place-right')
    expect(pressed(app)).toEqual(['right'])
    await press(app, 'admin-save')
    await vi.waitFor(() => expect(host.runtime.settings.get()).toMatchObject({ audioTimeFactor: 3, terminalPlace: 'right', idleSeconds: 60 }), WAIT)
  })

  it('says why a factor past four was refused, and keeps what was saved', async () => {
    await host.runtime.settings.update({ audioTimeFactor: 2, terminalPlace: 'left' })
    const app = await general()
    type(app, 'audio-time-factor', '5')
    await press(app, 'admin-save')
    await vi.waitFor(() => expect(app.text('error-notice')).toContain('That setting is not valid.'), WAIT)
    expect(host.runtime.settings.get()).toMatchObject({ audioTimeFactor: 2, terminalPlace: 'left' })
  })
})
