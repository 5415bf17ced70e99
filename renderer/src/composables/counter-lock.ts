import { onUnmounted, ref, watch } from 'vue'
import type { Router } from 'vue-router'
import { useFoyer } from '../bridge/foyer'
import { useCounterStore } from '../stores/counter'
import { useSettingsStore } from '../stores/settings'
import { useSystemStore } from '../stores/system'
import { onPresence, whenQuiet } from '../presence/presence'

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

/** The minutes after which the last sign-out happened by itself, for the sign-in screen to say; null otherwise. */
export const autoLockedAfter = ref<number | null>(null)
/** The last sign-out was main's because the box office's hub disabled the account, for the sign-in screen to say. */
export const accountDisabled = ref(false)

export function useCounterLock(router: Router): void {
  const system = useSystemStore()
  const counter = useCounterStore()
  const settings = useSettingsStore()
  // The minutes staff set now: a change saved on the staff screen reaches here by main's push.
  const minutesNow = () => settings.view?.counterLockMinutes ?? DEFAULT_MINUTES
  let reportedAt = -Infinity

  const watching = () => system.info?.mode === 'counter' && counter.signedIn && router.currentRoute.value.name !== 'checkout'

  async function lockNow(): Promise<void> {
    if (!watching()) return
    await signedOutAfter(minutesNow())
  }

  async function signedOutAfter(idleMinutes: number | null): Promise<void> {
    await counter.signOut()
    autoLockedAfter.value = idleMinutes
    accountDisabled.value = idleMinutes === null
    await router.push({ name: 'counter-sign-in' })
  }

  // Main signed the counter out by itself: whatever this screen counted, it is signed out now.
  const stopListening = useFoyer().counter.onSignedOut((signedOut) => {
    if (counter.signedIn) void signedOutAfter(signedOut.why === 'idle' ? signedOut.minutes : null)
  })

  // A touch, key or scroll starts this screen's count again (the one presence service).
  const quiet = whenQuiet(() => minutesNow() * 60_000, () => void lockNow(), watching)

  /** Main hears of a touch now and then, so its own count starts again too. */
  function tellMain(): void {
    if (system.info?.mode !== 'counter' || !counter.signedIn || performance.now() - reportedAt < REPORT_EVERY_MS) return
    reportedAt = performance.now()
    void useFoyer()
      .counter.stillHere()
      .catch(() => undefined)
  }
  const stopTelling = onPresence(tellMain)

  watch(() => [system.info?.mode, counter.signedIn, router.currentRoute.value.name, settings.view?.counterLockMinutes] as const, quiet.restart)
  watch(
    () => counter.signedIn,
    async (signedIn) => {
      if (!signedIn) return
      autoLockedAfter.value = null
      accountDisabled.value = false
      await settings.ready()
      quiet.restart()
    },
  )
  onUnmounted(() => {
    stopListening()
    stopTelling()
    quiet.stop()
  })
}
