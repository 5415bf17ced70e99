import { nextTick, watch } from 'vue'
import { useI18n } from 'vue-i18n'
import { useRoute } from 'vue-router'
import { textOf } from './accessible-name'
import { spokenText } from './spoken-text'
import { useAudioGuideStore } from '../stores/audio-guide'
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

/** How the voice speaks: audio guidance's volume and speed keys set these (1 and 1 otherwise). */
export interface VoiceOptions {
  /** Cut off whatever was still being said (the customer has moved on); false: said after it. */
  interrupt?: boolean
  /** 0 to 1. */
  volume?: number
  /** 1 is the voice's normal speed. */
  rate?: number
}

/** Says the texts in order, in `lang`, by default cutting off whatever was still being said. */
export function speak(texts: readonly string[], lang: string, win: SpeechWindow = window, options: VoiceOptions = {}): void {
  if (!speechSupported(win)) return
  const synth = win.speechSynthesis
  if (options.interrupt !== false) synth.cancel()
  const voice = voiceFor(synth.getVoices?.() ?? [], lang)
  for (const text of texts) {
    if (text.trim() === '') continue
    const utterance = new win.SpeechSynthesisUtterance(text.trim())
    utterance.lang = lang
    if (voice) utterance.voice = voice
    if (options.volume !== undefined) utterance.volume = options.volume
    if (options.rate !== undefined) utterance.rate = options.rate
    synth.speak(utterance)
  }
}

export function stopSpeaking(win: SpeechWindow = window): void {
  if (speechSupported(win)) win.speechSynthesis.cancel()
}


/**
 * What a screen says: its main heading, then the step's sentence
 * (access.speech.<route>) if it has one, then what the screen marks to be
 * read (data-speak: the seats on the review and done screens, each with its
 * kind, so a customer who cannot read the screen hears they have a wheelchair
 * space before paying).
 */
export function stepTexts(root: ParentNode, step: string | null, t: (key: string) => string, te: (key: string) => boolean, locale: string): string[] {
  const heading = root.querySelector('main h1')?.textContent?.trim() ?? ''
  const key = `access.speech.${step}`
  const marked = [...root.querySelectorAll('main [data-speak]')].map((el) => spokenText(textOf(el), locale))
  return [heading, step && te(key) ? t(key) : '', ...marked].filter((text) => text !== '')
}

/** Wires the announcements to the route and the language; App.vue calls it once. */
export function useStepSpeech(): void {
  const display = useDisplayStore()
  const audioGuide = useAudioGuideStore()
  const localeStore = useLocaleStore()
  const route = useRoute()
  const { t, te } = useI18n()
  watch(
    () => [display.speech, route.name, localeStore.locale] as const,
    async ([on]) => {
      // In audio guidance each screen is said by the guide, with the control the focus lands on (audio/use-audio-guide.ts).
      if (audioGuide.on) return
      if (!on) return stopSpeaking()
      // The new screen (or the new language's texts) must be on screen before it is read.
      await nextTick()
      const step = typeof route.name === 'string' ? route.name : null
      speak(stepTexts(document, step, t, te, localeStore.locale), localeStore.locale)
    },
  )
}
