import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { onPresence } from '../presence/presence'
import { useAudioGuideStore } from './audio-guide'
import { useSettingsStore } from './settings'

/**
 * The self-service kiosk's idle reset: after a quiet spell a warning counts
 * down; if nobody answers, the customer has walked away. The timer can be
 * paused (while a payment is under way it must never fire).
 */
export const WARNING_SECONDS = 20

export const useIdleStore = defineStore('idle', () => {
  const settings = useSettingsStore()
  const audioGuide = useAudioGuideStore()
  /**
   * The quiet time staff set now; a change saved on the staff screen counts from the next touch. A customer
   * in audio guidance, who hears rather than glances, has the longer time main gives them (the venue's factor).
   */
  const quietSeconds = computed(() => audioGuide.times?.idleSeconds ?? settings.view?.idleSeconds ?? 60)
  const warningLeft = ref<number | null>(null)
  const pausedBy = ref(new Set<string>())
  const warning = computed(() => warningLeft.value !== null)
  let quietTimer: ReturnType<typeof setTimeout> | undefined
  let tick: ReturnType<typeof setInterval> | undefined
  let armed = false
  let onTimeout: () => void = () => {}
  let stopListening: (() => void) | null = null

  function clear(): void {
    clearTimeout(quietTimer)
    clearInterval(tick)
    warningLeft.value = null
  }

  function schedule(): void {
    clear()
    if (!armed || pausedBy.value.size > 0) return
    quietTimer = setTimeout(startWarning, quietSeconds.value * 1000)
  }

  function startWarning(): void {
    warningLeft.value = WARNING_SECONDS
    tick = setInterval(() => {
      const left = (warningLeft.value ?? 1) - 1
      if (left > 0) {
        warningLeft.value = left
        return
      }
      disarm()
      onTimeout()
    }, 1000)
  }

  /** Starts watching (a customer is in the flow); `timeout` runs when they have gone. */
  function arm(timeout: () => void): void {
    onTimeout = timeout
    armed = true
    // Any touch, key or scroll (the one presence service): the customer is still there.
    stopListening ??= onPresence(activity)
    schedule()
  }

  /** Back on the attract screen (or in staff screens): nothing to watch. */
  function disarm(): void {
    armed = false
    stopListening?.()
    stopListening = null
    clear()
  }

  /** Any touch, key or scroll: the customer is still there. */
  function activity(): void {
    if (armed) schedule()
  }

  watch(quietSeconds, () => activity())

  function pause(reason: string): void {
    pausedBy.value.add(reason)
    clear()
  }

  function resume(reason: string): void {
    pausedBy.value.delete(reason)
    schedule()
  }

  return { quietSeconds, warningLeft, warning, arm, disarm, activity, pause, resume }
})
