import { flushPromises } from '@vue/test-utils'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { KEYPAD_ACTIONS, keysFor } from '../../renderer/src/audio/keypad'
import { unmountApp } from '../support/mount-app'
import { nodeFetchForFile } from '../support/node-fetch'
import { press, staffSettings } from '../support/staff-screen'
import { startStaffHost, type StaffHost } from '../support/staff-runtime'

/**
 * The staff screen's keypad test (issue #33): a technician presses each key of a newly fitted keypad and
 * hears it named. The real staff screen against the real staff services, in happy-dom, with a recorder
 * standing in for the speech synthesis happy-dom lacks.
 */
const PIN = '639172'
let host: StaffHost
let said: string[] = []
nodeFetchForFile()

class RecordedUtterance {
  lang = ''
  voice: unknown = null
  constructor(readonly text: string) {}
}

beforeAll(async () => {
  host = await startStaffHost('foyer-keypad-test-', PIN)
})
afterEach(() => {
  unmountApp()
  Reflect.deleteProperty(window, 'speechSynthesis')
  Reflect.deleteProperty(window, 'SpeechSynthesisUtterance')
})
afterAll(async () => {
  await host?.close()
})

async function key(name: string): Promise<void> {
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }))
  await flushPromises()
}

describe('the keypad test on the staff screen', { timeout: 120_000 }, () => {
  it('names each key pressed, ticks its action, and says which keys are not the keypad’s; the keys do nothing else meanwhile', async () => {
    said = []
    Object.defineProperty(window, 'speechSynthesis', { value: { speak: (u: RecordedUtterance) => said.push(u.text), cancel: () => undefined, getVoices: () => [] }, configurable: true, writable: true })
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: RecordedUtterance, configurable: true, writable: true })
    const app = await staffSettings(host.runtime.services, PIN, 'keypad-test')
    await press(app, 'keypad-test-toggle')
    expect(said.at(-1)).toMatch(/^Press each key of the kiosk's keypad/)

    const names: Record<string, string> = { up: 'Up arrow', down: 'Down arrow', left: 'Left arrow', right: 'Right arrow', select: 'Select', back: 'Back', help: 'Help', louder: 'Louder', quieter: 'Quieter', faster: 'Faster', slower: 'Slower' }
    for (const action of KEYPAD_ACTIONS) {
      expect(app.find(`keypad-test-${action}`)?.dataset.heard).toBe('false')
      await key(keysFor(action)[0]!)
      expect(said.at(-1)).toBe(names[action])
      expect(app.text('keypad-test-last')).toBe(names[action])
      expect(app.find(`keypad-test-${action}`)?.dataset.heard).toBe('true')
    }
    expect(app.find('keypad-test-done')).not.toBeNull()
    await key('q')
    expect(said.at(-1)).toBe('Not a keypad key: q')
    // Escape was heard as Back, not taken as leaving the staff screen.
    expect(app.router.currentRoute.value.name).toBe('admin')

    await press(app, 'keypad-test-toggle')
    said = []
    await key('ArrowUp')
    expect(said).toEqual([])
    expect(app.find('keypad-test-last')).toBeNull()
  })
})
