import type { Page } from '@playwright/test'

/**
 * What a kiosk says and sounds, recorded in the page: every utterance handed
 * to speechSynthesis (its text, language, volume and rate) and every tone
 * started on Web Audio. Installed before the app loads (addInitScript). The
 * utterances are also spoken as usual: the recorder listens, it does not stand in.
 */
export interface Utterance {
  text: string
  lang: string
  volume: number
  rate: number
}

declare global {
  interface Window {
    __said?: Utterance[]
    __tones?: number[]
  }
}

export async function recordSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__said = []
    window.__tones = []
    const synth = window.speechSynthesis
    const speak = synth.speak.bind(synth)
    synth.speak = (utterance: SpeechSynthesisUtterance) => {
      window.__said!.push({ text: utterance.text, lang: utterance.lang, volume: utterance.volume, rate: utterance.rate })
      speak(utterance)
    }
    const start = OscillatorNode.prototype.start
    OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
      window.__tones!.push(this.frequency.value)
      return start.call(this, when)
    }
  })
}

/** Everything said so far. */
export const said = (page: Page): Promise<Utterance[]> => page.evaluate(() => window.__said ?? [])
/** The tones started so far (their frequencies). */
export const tones = (page: Page): Promise<number[]> => page.evaluate(() => window.__tones ?? [])
