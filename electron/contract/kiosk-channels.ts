import { z } from 'zod'
import { pinTriedSchema } from './staff-channels'

/**
 * The self-service kiosk's lock. Staff leave kiosk mode (full screen, no way
 * out for a customer) only with the staff PIN; where there is no kiosk window
 * (the browser host, or a counter) the channel answers a typed "not here".
 */
export const kioskChannels = {
  'kiosk.exit': {
    request: z.object({ pin: pinTriedSchema }).strict(),
    response: z.object({ left: z.literal(true) }),
  },
  /**
   * Staff who left kiosk mode lock it again ("Lock kiosk mode now"). No PIN:
   * locking can only make the machine safer, and main also locks it by itself
   * once Foyer has rested on the attract screen a while.
   */
  'kiosk.lockAgain': {
    request: z.object({}).strict(),
    response: z.object({ locked: z.literal(true) }),
  },
} as const

/**
 * The kiosk window's lock as the renderer sees it (in system.info): `none`
 * where there is no lock (browser host, counter mode), `locked` on a
 * self-service kiosk, `left` after staff left it with the PIN.
 */
/**
 * A kiosk staff left locks itself again once Foyer has rested this long on the
 * attract screen (its idle reset brings it there when staff walk away).
 */
export const KIOSK_RELOCK_AFTER_REST_MINUTES = 5

export const kioskLockStateSchema = z.enum(['none', 'locked', 'left'])
export type KioskLockState = z.infer<typeof kioskLockStateSchema>
