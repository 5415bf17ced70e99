import { nextTick, watch } from 'vue'
import { useI18n } from 'vue-i18n'
import { SEAT_KIND_SYMBOL } from '@contract/seat-names'
import { useRoute } from 'vue-router'
import { useDisplayStore } from '../stores/display'
import { useLocaleStore } from '../stores/locale'

/**
 * Optional speech of each step (Web Speech synthesis), for customers who
 * cannot read the screen well. Off until the customer turns it on; then each
 * new screen, and each language change, is announced: the screen's heading,
 * then a short sentence on what to do there, in the customer's language.
 * Browsers (and kiosk images) without speech synthesis simply do not offer it.
 */
type SpeechWindow = Window & typeof globalThis

export function speechSupported(win: SpeechWindow = window): boolean {
  return typeof win.speechSynthesis?.speak === 'function' && typeof win.SpeechSynthesisUtterance === 'function'
}

/** A voice for exactly this language, if the machine has one; otherwise the browser chooses by `lang`. */
export function voiceFor(voices: readonly SpeechSynthesisVoice[], lang: string): SpeechSynthesisVoice | null {
  const norm = (tag: string) => tag.replace('_', '-').toLowerCase()
  return voices.find((voice) => norm(voice.lang) === norm(lang)) ?? null
}

/** Says the texts in order, in `lang`, cutting off whatever was still being said (the customer has moved on). */
export function speak(texts: readonly string[], lang: string, win: SpeechWindow = window): void {
  if (!speechSupported(win)) return
  const synth = win.speechSynthesis
  synth.cancel()
  const voice = voiceFor(synth.getVoices?.() ?? [], lang)
  for (const text of texts) {
    if (text.trim() === '') continue
    const utterance = new win.SpeechSynthesisUtterance(text.trim())
    utterance.lang = lang
    if (voice) utterance.voice = voice
    synth.speak(utterance)
  }
}

export function stopSpeaking(win: SpeechWindow = window): void {
  if (speechSupported(win)) win.speechSynthesis.cancel()
}

/** The seat kinds' symbols (♿ …) are for the eye: the words beside them are what is said. */
const symbols = new RegExp(`[${Object.values(SEAT_KIND_SYMBOL).join('')}]\\s*`, 'gu')
const spoken = (text: string) => text.replace(symbols, '').replace(/\s+/g, ' ').trim()

/**
 * What a screen says: its main heading, then the step's sentence
 * (access.speech.<route>) if it has one, then what the screen marks to be
 * read (data-speak: the seats on the review and done screens, each with its
 * kind, so a customer who cannot read the screen hears they have a wheelchair
 * space before paying).
 */
export function stepTexts(root: ParentNode, step: string | null, t: (key: string) => string, te: (key: string) => boolean): string[] {
  const heading = root.querySelector('main h1')?.textContent?.trim() ?? ''
  const key = `access.speech.${step}`
  const marked = [...root.querySelectorAll('main [data-speak]')].map((el) => spoken(el.textContent ?? ''))
  return [heading, step && te(key) ? t(key) : '', ...marked].filter((text) => text !== '')
}

/** Wires the announcements to the route and the language; App.vue calls it once. */
export function useStepSpeech(): void {
  const display = useDisplayStore()
  const localeStore = useLocaleStore()
  const route = useRoute()
  const { t, te } = useI18n()
  watch(
    () => [display.speech, route.name, localeStore.locale] as const,
    async ([on]) => {
      if (!on) return stopSpeaking()
      // The new screen (or the new language's texts) must be on screen before it is read.
      await nextTick()
      const step = typeof route.name === 'string' ? route.name : null
      speak(stepTexts(document, step, t, te), localeStore.locale)
    },
  )
}
