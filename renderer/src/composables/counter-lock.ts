import { onMounted, onUnmounted, ref, watch } from 'vue'
import type { Router } from 'vue-router'
import { useFoyer } from '../bridge/foyer'
import { useCounterStore } from '../stores/counter'
import { useSystemStore } from '../stores/system'

/**
 * A counter left alone signs its cashier out: after the minutes staff set
 * (counterLockMinutes) without a touch, key or scroll, the counter signs out
 * (holds given back, main forgets who was there) and shows the sign-in with
 * a note saying why, so the next person cannot sell under the last one's name.
 * Never during a payment: the checkout screen waits on the customer and the
 * terminal, not on the cashier's hands. Main keeps its own count of the
 * cashier's calls (electron/services/counter-idle.ts) and says when it signed
 * the counter out (counter.signedOut): the screen follows it to the sign-in.
 */
const DEFAULT_MINUTES = 5
/** How often, at most, a touch is reported to main's own idle count (counter.stillHere): well inside a minute, the shortest setting. */
const REPORT_EVERY_MS = 20_000
const events = ['pointerdown', 'keydown', 'wheel'] as const

/** The minutes after which the last sign-out happened by itself, for the sign-in screen to say; null otherwise. */
export const autoLockedAfter = ref<number | null>(null)

export function useCounterLock(router: Router): void {
  const system = useSystemStore()
  const counter = useCounterStore()
  let minutes = DEFAULT_MINUTES
  let timer: ReturnType<typeof setTimeout> | undefined
  let reportedAt = -Infinity

  const watching = () => system.info?.mode === 'counter' && counter.signedIn && router.currentRoute.value.name !== 'checkout'

  async function lockNow(): Promise<void> {
    if (!watching()) return
    await signedOutAfter(minutes)
  }

  async function signedOutAfter(idleMinutes: number): Promise<void> {
    await counter.signOut()
    autoLockedAfter.value = idleMinutes
    await router.push({ name: 'counter-sign-in' })
  }

  // Main signed the counter out by itself: whatever this screen counted, it is signed out now.
  const stopListening = useFoyer().counter.onSignedOut(({ minutes: idleMinutes }) => {
    if (counter.signedIn) void signedOutAfter(idleMinutes)
  })

  function arm(): void {
    clearTimeout(timer)
    if (watching()) timer = setTimeout(() => void lockNow(), minutes * 60_000)
  }

  /** A touch, key or scroll: this screen's count starts again, and main hears of it now and then (its count starts again too). */
  function touched(): void {
    arm()
    if (system.info?.mode !== 'counter' || !counter.signedIn || performance.now() - reportedAt < REPORT_EVERY_MS) return
    reportedAt = performance.now()
    void useFoyer()
      .counter.stillHere()
      .catch(() => undefined)
  }

  watch(() => [system.info?.mode, counter.signedIn, router.currentRoute.value.name] as const, arm)
  watch(
    () => counter.signedIn,
    async (signedIn) => {
      if (!signedIn) return
      autoLockedAfter.value = null
      // The minutes staff set now (settings.get needs no PIN: it carries no secrets).
      const reply = await useFoyer().settings.get()
      if (reply.ok) minutes = reply.value.counterLockMinutes
      arm()
    },
  )
  onMounted(() => {
    for (const name of events) document.addEventListener(name, touched, { capture: true, passive: true })
  })
  onUnmounted(() => {
    stopListening()
    clearTimeout(timer)
    for (const name of events) document.removeEventListener(name, touched, { capture: true })
  })
}
