import { KIOSK_RELOCK_AFTER_REST_MINUTES, type AppMode, type KioskLockState } from '../contract'
import type { kioskChannels } from '../contract/kiosk-channels'
import type { Handler } from '../ipc-core/dispatcher'
import type { Logger } from '../ipc-core/logger'
import { FoyerError } from '../ipc-core/foyer-error'
import type { PushBus } from '../ipc-core/push-bus'
import type { SystemInfoService } from './system-info'

/**
 * The kiosk lock as the services see it: Electron main supplies one (its
 * full-screen kiosk window, electron/main/kiosk.ts over the rules in
 * electron/kiosk/self-service-lock.ts); the browser host has none. Leaving it
 * takes the staff PIN, checked by the same PIN gate (and lockout) as every
 * other staff action; locking it again takes none.
 */
export interface KioskControl {
  /** `locked` on a self-service kiosk, `left` after staff left it, `none` at a counter. */
  readonly state: KioskLockState
  /** Locks for self-service, unlocks for the counter (at start and on a change of mode). */
  lockFor(mode: AppMode): void
  /** Takes the window out of kiosk mode so staff can reach the desktop or quit. */
  leave(): void
  /** Puts a kiosk staff left back into kiosk mode. */
  lockAgain(): void
  onChange(listener: (state: KioskLockState) => void): () => void
}

export type KioskHandlers = { [C in keyof typeof kioskChannels]: Handler<C> }

/** Every message key the kiosk channels can answer with (the renderer's locales word each one). */
export const kioskMessageKeys = ['kiosk.errors.notHere']

function notHere(detail: string): FoyerError {
  return new FoyerError({ code: 'kiosk.not-here', messageKey: 'kiosk.errors.notHere', retryable: false, detail })
}

export function kioskHandlers(deps: { kiosk: KioskControl | null; requirePin: (pin: string) => Promise<unknown> }): KioskHandlers {
  const { kiosk } = deps
  return {
    'kiosk.exit': async ({ pin }) => {
      // Asked before the PIN, so asking where there is no kiosk costs no PIN attempt.
      if (kiosk?.state !== 'locked') {
        throw notHere(kiosk ? 'the window is not a kiosk (counter mode, or already left)' : 'this host has no kiosk window')
      }
      await deps.requirePin(pin)
      kiosk.leave()
      return { left: true }
    },
    'kiosk.lockAgain': () => {
      if (kiosk?.state !== 'left') throw notHere(kiosk ? 'the kiosk lock was not left' : 'this host has no kiosk window')
      kiosk.lockAgain()
      return { locked: true }
    },
  }
}

// A left kiosk locks again after KIOSK_RELOCK_AFTER_REST_MINUTES on the attract screen, so an
// unattended lobby machine is never left unlocked for long. Staff who need the desktop longer
// leave it again with the PIN, or switch to counter mode.
const RELOCK_POLL_MS = 15_000

export interface KioskFollowOptions {
  restMs?: number
  pollMs?: number
  log?: Logger
}

/**
 * Keeps the kiosk lock and the rest of main in step: the lock follows the
 * mode (at start and on each change staff save), its state is in system.info
 * and pushed when it changes, and a left kiosk locks again at rest. Returns
 * a stop function (on quit).
 */
export function followKioskLock(kiosk: KioskControl, services: { system: SystemInfoService; pushes: PushBus }, options: KioskFollowOptions = {}): () => void {
  const { system, pushes } = services
  const restMs = options.restMs ?? KIOSK_RELOCK_AFTER_REST_MINUTES * 60_000
  let leftAt = 0
  const stopWatching = kiosk.onChange((state) => {
    if (state === 'left') leftAt = performance.now()
    if (system.setKioskLock(state)) pushes.publish('system.changed', system.info())
  })
  kiosk.lockFor(system.info().mode)
  // A change of mode staff save moves the lock; its state is in the push that change makes.
  const stopFollowing = system.onModeChange((mode) => kiosk.lockFor(mode))
  const poll = setInterval(() => {
    if (kiosk.state !== 'left' || system.screen !== 'attract') return
    const restingSince = Math.max(leftAt, system.screenSince)
    if (performance.now() - restingSince < restMs) return
    options.log?.warn('kiosk mode locked again: Foyer rested on the attract screen', { minutes: Math.round(restMs / 60_000) })
    kiosk.lockAgain()
  }, options.pollMs ?? RELOCK_POLL_MS)
  poll.unref()
  return () => {
    clearInterval(poll)
    stopFollowing()
    stopWatching()
  }
}
