import type { AudioGuidanceTimes } from '@contract'
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { useFoyer } from '../bridge/foyer'

/**
 * Audio guidance: the kiosk used without sight, by its keypad, with every
 * control and every change said aloud (audio/use-audio-guide.ts does the
 * saying). A keypad key on the attract screen, or headphones plugged in,
 * starts it; it is the customer's own, so it ends with their session and the
 * next customer starts with it off. Volume and speed are the customer's too.
 * Main is told both ways: it gives a guided customer longer times (its
 * answer: the idle time the idle store counts, and new seat holds as far as
 * the vendor holds), and forgets by itself when their holds are given back.
 */
const VOLUMES = [0.2, 0.4, 0.6, 0.8, 1] as const
const RATES = [0.6, 0.8, 1, 1.25, 1.5, 1.75, 2] as const
const DEFAULT_VOLUME = 3
const DEFAULT_RATE = 2

export const useAudioGuideStore = defineStore('audioGuide', () => {
  const on = ref(false)
  /** The times main gives this customer (null: the plain ones, or main has not answered). */
  const times = ref<AudioGuidanceTimes | null>(null)
  const volumeStep = ref(DEFAULT_VOLUME)
  const rateStep = ref(DEFAULT_RATE)
  /** The screen blanked for privacy (as ATMs offer): nothing shown, everything still said. */
  const blanked = ref(false)

  const volume = () => VOLUMES[volumeStep.value]!
  const rate = () => RATES[rateStep.value]!

  /** Tells main; only the answer to the latest word counts (the customer may be gone, or back, by then). */
  let told = 0
  async function tellMain(guided: boolean): Promise<void> {
    const asked = ++told
    const reply = await useFoyer()
      .kiosk.audioGuidance({ on: guided })
      .catch(() => null)
    if (asked === told) times.value = guided && reply?.ok ? reply.value : null
  }

  function start(): boolean {
    if (on.value) return false
    on.value = true
    void tellMain(true)
    return true
  }

  /** The customer's session is over (done, walked away, cancelled): off, and the next one's voice as the kiosk's. */
  function end(): void {
    on.value = false
    times.value = null
    void tellMain(false)
    volumeStep.value = DEFAULT_VOLUME
    rateStep.value = DEFAULT_RATE
    blanked.value = false
  }

  /** One step along a scale; false at its end (said so). */
  function step(scale: typeof volumeStep, length: number, by: 1 | -1): boolean {
    const next = scale.value + by
    if (next < 0 || next >= length) return false
    scale.value = next
    return true
  }

  return {
    on,
    times,
    blanked,
    volumeStep,
    rateStep,
    volume,
    rate,
    start,
    end,
    louder: () => step(volumeStep, VOLUMES.length, 1),
    quieter: () => step(volumeStep, VOLUMES.length, -1),
    faster: () => step(rateStep, RATES.length, 1),
    slower: () => step(rateStep, RATES.length, -1),
    toggleBlank: () => {
      blanked.value = !blanked.value
    },
  }
})
