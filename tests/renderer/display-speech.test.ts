import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { voiceFor } from '../../renderer/src/audio/speech'
import { mountApp, unmountApp } from '../support/mount-app'

/**
 * Reading each step aloud with the browser's speech synthesis. happy-dom has
 * none, so a stand-in records what would have been said (speech synthesis is
 * a browser API, not the backend: nothing of the sale is faked here).
 */
interface Said {
  text: string
  lang: string
}

class RecordedUtterance {
  lang = ''
  voice: unknown = null
  constructor(readonly text: string) {}
}

function installSpeech() {
  const said: Said[] = []
  const synth = { cancels: 0, speak: (u: RecordedUtterance) => said.push({ text: u.text, lang: u.lang }), cancel: () => synth.cancels++, getVoices: () => [] }
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true, writable: true })
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: RecordedUtterance, configurable: true, writable: true })
  return { said, synth }
}

function removeSpeech() {
  Reflect.deleteProperty(window, 'speechSynthesis')
  Reflect.deleteProperty(window, 'SpeechSynthesisUtterance')
}


const mountKiosk = () => mountApp()

afterEach(() => {
  unmountApp()
  removeSpeech()
})

describe('speech of each step', () => {
  it('is not offered where the browser cannot speak', async () => {
    removeSpeech()
    const { find } = await mountKiosk()
    expect(find('toggle-contrast')).not.toBeNull()
    expect(find('toggle-speech')).toBeNull()
  })

  it('is off by default, then reads each screen and each language change in that language', async () => {
    const { said, synth } = installSpeech()
    const { find, click, router } = await mountKiosk()
    await router.push({ name: 'staff' })
    await router.push({ name: 'attract' })
    await flushPromises()
    expect(said).toEqual([])
    expect(find('toggle-speech')?.getAttribute('aria-pressed')).toBe('false')

    // Turned on: the current screen is read at once, heading then what to do.
    await click('toggle-speech')
    expect(find('toggle-speech')?.getAttribute('aria-pressed')).toBe('true')
    expect(said).toEqual([
      { text: 'Foyer', lang: 'en-SG' },
      { text: 'Touch the screen to start buying tickets. You can choose your language below.', lang: 'en-SG' },
    ])

    said.length = 0
    await click('language-zh-HK')
    expect(said).toEqual([
      { text: 'Foyer', lang: 'zh-HK' },
      { text: '輕觸螢幕開始購票。你可以在下方選擇語言。', lang: 'zh-HK' },
    ])

    said.length = 0
    await click('staff-entry')
    expect(find('staff-pin-screen')).not.toBeNull()
    const heading = find('staff-pin-screen')!.querySelector('h1')!.textContent!.trim()
    expect(said).toEqual([
      { text: heading, lang: 'zh-HK' },
      { text: '只限職員：請輸入職員密碼。', lang: 'zh-HK' },
    ])
    expect(heading).toMatch(/[\u4e00-\u9fff]/)

    // Off again: whatever was being said stops, and nothing more is read.
    const cancelsBefore = synth.cancels
    said.length = 0
    await click('toggle-speech')
    expect(synth.cancels).toBe(cancelsBefore + 1)
    await router.push({ name: 'attract' })
    await flushPromises()
    expect(said).toEqual([])
  })

  it('chooses a voice for exactly the language when the machine has one', () => {
    const voices = [{ lang: 'zh-CN' }, { lang: 'zh_HK' }, { lang: 'en-US' }] as SpeechSynthesisVoice[]
    expect(voiceFor(voices, 'zh-HK')).toBe(voices[1])
    expect(voiceFor(voices, 'ms-MY')).toBeNull()
  })
})
