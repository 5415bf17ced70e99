import { onUnmounted, ref, watch, type Ref } from 'vue'
import { onPresence } from '../presence/presence'
import { useStartOver } from './start-over'

/**
 * A screen the next customer must not see (a booking, what became of a
 * payment) counts back to the start by itself while `counting` is true; any
 * touch gives the customer the whole time again. Stops when the screen goes.
 */
export function useBackToStart(seconds: number, counting: () => boolean): { secondsLeft: Ref<number> } {
  const startOver = useStartOver()
  const secondsLeft = ref(seconds)
  let tick: ReturnType<typeof setInterval> | undefined
  let stopListening: (() => void) | undefined
  const stillHere = () => {
    secondsLeft.value = seconds
  }

  function start(): void {
    if (tick !== undefined) return
    secondsLeft.value = seconds
    stopListening = onPresence(stillHere)
    tick = setInterval(() => {
      secondsLeft.value -= 1
      if (secondsLeft.value > 0) return
      stop()
      void startOver()
    }, 1000)
  }

  function stop(): void {
    clearInterval(tick)
    tick = undefined
    stopListening?.()
    stopListening = undefined
  }

  watch(counting, (now) => (now ? start() : stop()), { immediate: true })
  onUnmounted(stop)
  return { secondsLeft }
}
