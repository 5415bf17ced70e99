import type { kioskChannels } from '../contract/kiosk-channels'
import type { Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'

/**
 * The kiosk lock as the services see it: Electron main supplies one (its
 * full-screen kiosk window, electron/main/kiosk.ts); the browser host has none.
 * Leaving it takes the staff PIN, checked by the same PIN gate (and lockout) as
 * every other staff action.
 */
export interface KioskControl {
  /** Whether the window is locked as a kiosk now (self-service mode in Electron). */
  readonly locked: boolean
  /** Takes the window out of kiosk mode so staff can reach the desktop or quit. */
  leave(): void
}

export type KioskHandlers = { [C in keyof typeof kioskChannels]: Handler<C> }

/** Every message key the kiosk channel can answer with (the renderer's locales word each one). */
export const kioskMessageKeys = ['kiosk.errors.notHere']

export function kioskHandlers(deps: { kiosk: KioskControl | null; requirePin: (pin: string) => Promise<void> }): KioskHandlers {
  return {
    'kiosk.exit': async ({ pin }) => {
      // Asked before the PIN, so asking where there is no kiosk costs no PIN attempt.
      if (!deps.kiosk?.locked) {
        throw new FoyerError({
          code: 'kiosk.not-here',
          messageKey: 'kiosk.errors.notHere',
          retryable: false,
          detail: deps.kiosk ? 'the window is not a kiosk (counter mode, or already left)' : 'this host has no kiosk window',
        })
      }
      await deps.requirePin(pin)
      deps.kiosk.leave()
      return { left: true }
    },
  }
}
