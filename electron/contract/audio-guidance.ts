import { z } from 'zod'

/**
 * Audio guidance at a self-service kiosk (issue #33, the European Accessibility Act): a customer who
 * cannot see the screen starts it with a keypad key. Main remembers it for that customer, lengthens
 * their idle time and the hold on seats it takes for them (within the vendor's hold), and forgets it
 * when their session ends (holds.releaseAll, the start-over path), whatever the screen says or fails to.
 */

/** How many times longer the idle time and a new seat hold are for a customer in audio mode: a staff setting, 1 to 4. */
export const AUDIO_TIME_FACTOR = Object.freeze({ min: 1, max: 4 })

/**
 * Where the card terminal is from the customer's side of this kiosk, so the payment screen can say
 * where to go ("to your right"); `unset` until staff say, and then the screen names no direction.
 * The renderer words each place in the customer's language.
 */
export const TERMINAL_PLACES = ['unset', 'left', 'right', 'below', 'ahead'] as const
export const terminalPlaceSchema = z.enum(TERMINAL_PLACES)
export type TerminalPlace = z.infer<typeof terminalPlaceSchema>

/** The times main applies to the customer now, in audio mode or not. */
export const audioGuidanceTimesSchema = z.object({
  /**
   * How long a seat hold taken now lasts, in minutes (maybe a fraction): the vendor's hold as main knows it,
   * lengthened in audio mode only as far as the vendor has shown it holds. 0: no backend is connected, nothing can be held.
   */
  holdWindowMinutes: z.number().nonnegative(),
  /** Seconds without a touch or key before the kiosk asks "Are you still there?". */
  idleSeconds: z.number().int().positive(),
})
export type AudioGuidanceTimes = z.infer<typeof audioGuidanceTimesSchema>

export const audioGuidanceChannels = {
  /**
   * The customer started (on) or stopped (off) audio guidance. Answers the times main applies now.
   * At a counter it has no effect (a self-service feature): audio mode stays off and the plain times come back.
   */
  'kiosk.audioGuidance': {
    request: z.object({ on: z.boolean() }).strict(),
    response: audioGuidanceTimesSchema,
  },
} as const
