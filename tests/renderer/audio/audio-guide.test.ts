import { flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CartLine } from '../../../renderer/src/cart/cart-line'
import { useCartStore } from '../../../renderer/src/stores/cart'
import { kioskServices, mountApp, unmountApp } from '../../support/mount-app'

/**
 * Audio guidance in the real renderer against main's real services (happy-dom
 * has no speech synthesis: a stand-in records each utterance, which is all a
 * kiosk's customer without sight gets of the screen). The whole purchase, by
 * keypad in Chromium, is tests/e2e/audio-kiosk.spec.ts.
 */
interface Said {
  text: string
  lang: string
  volume: number
}

let said: Said[] = []
/** Each call, in order: 'cancel', or the text handed to speak. */
let calls: string[] = []

class RecordedUtterance {
  lang = ''
  voice: unknown = null
  volume = 1
  rate = 1
  constructor(readonly text: string) {}
}

beforeEach(() => {
  said = []
  calls = []
  const synth = {
    speak: (u: RecordedUtterance) => {
      said.push({ text: u.text, lang: u.lang, volume: u.volume })
      calls.push(u.text)
    },
    cancel: () => calls.push('cancel'),
    getVoices: () => [],
  }
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true, writable: true })
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: RecordedUtterance, configurable: true, writable: true })
})

afterEach(() => {
  unmountApp()
  Reflect.deleteProperty(window, 'speechSynthesis')
  Reflect.deleteProperty(window, 'SpeechSynthesisUtterance')
})

async function key(name: string): Promise<void> {
  const target = document.activeElement ?? document.body
  target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }))
  await flushPromises()
  await new Promise((resolve) => setTimeout(resolve, 10))
  await flushPromises()
}

const texts = () => said.map((s) => s.text)

describe('audio guidance', () => {
  it('starts from the idle screen with any keypad key: a welcome, the keys, and the control the focus is on', async () => {
    const { find } = await mountApp()
    expect(said).toEqual([])
    await key('ArrowDown')
    expect(texts()[0]).toBe('Welcome. Audio guidance is on.')
    expect(texts()[1]).toMatch(/^Use the up and down arrows/)
    expect(document.activeElement).toBe(find('touch-to-start'))
    expect(texts().at(-1)).toBe('Touch to start, button')
    // The display toggles show it: speech is on.
    expect(find('toggle-speech')?.getAttribute('aria-pressed')).toBe('true')
  })

  it('a key pressed while the kiosk is still asking main what it is starts the guide once main answers, not never', async () => {
    let answer: () => void = () => undefined
    const asked = new Promise<void>((resolve) => (answer = resolve))
    const { find } = await mountApp(kioskServices(), (foyer) => ({
      ...foyer,
      system: { ...foyer.system, info: async () => asked.then(() => foyer.system.info()) },
    }))
    expect(find('touch-to-start')).not.toBeNull()
    await key('ArrowDown')
    expect(said).toEqual([])
    answer()
    await flushPromises()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(texts()[0]).toBe('Welcome. Audio guidance is on.')
    expect(document.activeElement).toBe(find('touch-to-start'))
    expect(texts()).toContain('Touch to start, button')
  })

  it('speaks every focus move, in the language chosen with the keys', async () => {
    const { find } = await mountApp()
    await key('Enter')
    said = []
    await key('ArrowDown')
    expect(document.activeElement).toBe(find('language-en-SG'))
    expect(texts()).toEqual(['Choose your language. English, button, selected, 1 of 4'])
    await key('ArrowRight')
    expect(texts().at(-1)).toBe('简体中文, button, not selected, 2 of 4')
    said = []
    await key('Enter')
    expect(document.documentElement.lang).toBe('zh-CN')
    // The screen said again in Chinese, and the focus back on its first control.
    expect(said.every((s) => s.lang === 'zh-CN')).toBe(true)
    expect(texts()).toContain('轻触屏幕开始购票。您可以在下方选择语言。')
    expect(document.activeElement).toBe(find('touch-to-start'))
    said = []
    await key('F1')
    expect(texts()[0]).toMatch(/^这是开始屏幕/)
  })

  it('changes the volume with its keys, and says where it stops', async () => {
    await mountApp()
    await key('ArrowDown')
    const before = said.at(-1)!.volume
    await key('+')
    expect(said.at(-1)).toMatchObject({ text: 'Louder.' })
    expect(said.at(-1)!.volume).toBeGreaterThan(before)
    await key('+')
    await key('+')
    expect(said.at(-1)!.text).toBe('This is the loudest.')
  })

  it('ends with the customer: back on the idle screen it is off, and the next customer starts with the welcome again', async () => {
    const { find, router } = await mountApp()
    await key('ArrowDown')
    await key('+')
    await key('Enter')
    expect(router.currentRoute.value.name).toBe('events')
    said = []
    await router.push({ name: 'attract' })
    await flushPromises()
    expect(texts()).toEqual(['Audio guidance is off. Press any key to turn it on again.'])
    expect(find('toggle-speech')?.getAttribute('aria-pressed')).toBe('false')
    said = []
    await key('ArrowDown')
    expect(texts()[0]).toBe('Welcome. Audio guidance is on.')
    // The last customer's louder voice is not this one's.
    expect(said[0]!.volume).toBe(0.8)
  })

  it('is not started by a touch customer’s screen: a key away from the idle screen does nothing', async () => {
    const { router } = await mountApp()
    await router.push({ name: 'staff' })
    await flushPromises()
    await key('ArrowDown')
    expect(said).toEqual([])
  })

  it('cuts off what was still being said when the focus moves on (EN 301 549 5.1.3.5)', async () => {
    await mountApp()
    await key('ArrowDown')
    calls = []
    await key('ArrowDown')
    await key('ArrowRight')
    expect(calls).toEqual(['cancel', 'Choose your language. English, button, selected, 1 of 4', 'cancel', '简体中文, button, not selected, 2 of 4'])
  })

  it('offers a blank screen for privacy in audio guidance only, and the next customer sees the screen again', async () => {
    const { find, click, router } = await mountApp()
    expect(find('toggle-blank')).toBeNull()
    await key('ArrowDown')
    await click('toggle-blank')
    expect(find('toggle-blank')?.getAttribute('aria-pressed')).toBe('true')
    expect(find('privacy-blank')).not.toBeNull()
    await router.push({ name: 'events' })
    await router.push({ name: 'attract' })
    await flushPromises()
    expect(find('privacy-blank')).toBeNull()
    expect(find('toggle-blank')).toBeNull()
  })

  it('leaves a keyboard user’s Enter on a control they tabbed to as that control’s own', async () => {
    const { find, router } = await mountApp()
    find('touch-to-start')!.focus()
    await key('Enter')
    expect(said).toEqual([])
    // happy-dom does not press a focused button on Enter itself; what matters is that the guide left the key alone.
    expect(router.currentRoute.value.name).toBe('attract')
    expect(find('toggle-speech')?.getAttribute('aria-pressed')).toBe('false')
  })

  it('stays on for a customer who steps back to the start with shows in the basket', async () => {
    const { router } = await mountApp()
    await key('ArrowDown')
    await key('Enter')
    expect(router.currentRoute.value.name).toBe('events')
    // A show in the basket (as the tickets screen adds it), then Back from the events.
    useCartStore().lines.push({ id: 'line-1', tickets: {}, priceClasses: [] } as unknown as CartLine)
    said = []
    await key('Escape')
    expect(router.currentRoute.value.name).toBe('attract')
    expect(texts()).not.toContain('Audio guidance is off. Press any key to turn it on again.')
    expect(texts()).toContain('Touch the screen to start buying tickets. You can choose your language below.')
    useCartStore().lines.length = 0
  })

  it('starts when headphones are plugged in at the idle screen, where the machine reports it', async () => {
    // The machine's media devices, as the platform reports them: one audio output, then a headset besides.
    const outputs = [{ kind: 'audiooutput' }]
    const devices = Object.assign(new EventTarget(), { enumerateDevices: async () => [...outputs] })
    Object.defineProperty(navigator, 'mediaDevices', { value: devices, configurable: true })
    try {
      const { find } = await mountApp()
      await flushPromises()
      expect(said).toEqual([])
      outputs.push({ kind: 'audiooutput' })
      devices.dispatchEvent(new Event('devicechange'))
      await vi.waitFor(() => expect(texts()[0]).toBe('Welcome. Audio guidance is on.'))
      await vi.waitFor(() => expect(document.activeElement).toBe(find('touch-to-start')))
    } finally {
      Reflect.deleteProperty(navigator, 'mediaDevices')
    }
  })
})
