import type { AppMode, AudioGuidanceTimes } from '../contract'
import type { Handler, Handlers } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'

/**
 * Whether the customer at this self-service kiosk is in audio mode (they started audio guidance with a
 * keypad key: issue #33), as main remembers it. In audio mode their idle time is the staff setting's
 * times longer, and so is each seat hold taken for them, within the vendor's hold (../holds/hold-expiry.ts).
 *
 * Main ends it by itself with the customer's session (holds.releaseAll, the start-over path: cancel, walk
 * away, the next customer), so the next customer never inherits it, whatever the screen says or fails to say.
 * At a counter it has no effect: audio guidance is the kiosk's self-service feature, and a counter's holds
 * and sign-out follow its own settings. The screen names only on or off; how much longer is the setting's.
 */
export interface AudioGuidanceSource {
  /** The staff setting: how many times longer (1 to 4, judged by the settings schema). */
  timeFactor: () => number
  /** The idle time set for every customer, in seconds. */
  idleSeconds: () => number
  /** How long a hold taken now lasts when the vendor does not say, in ms (the hold manager's); null: no backend connected. */
  holdWindowMs: () => number | null
  /** The mode Foyer runs in now. */
  mode: () => AppMode
}

export class AudioGuidance {
  #on = false

  constructor(private readonly source: AudioGuidanceSource) {}

  /** How many times the plain idle time and hold the customer at the screen gets now: 1 unless in audio mode at a self-service kiosk. */
  factor(): number {
    return this.#on && this.source.mode() === 'self-service' ? this.source.timeFactor() : 1
  }

  /** The customer started or stopped audio guidance (at a counter: no effect, it stays off). */
  set(on: boolean): AudioGuidanceTimes {
    this.#on = on && this.source.mode() === 'self-service'
    return this.times()
  }

  /** The customer's session is over: the next one starts without audio mode. */
  end(): void {
    this.#on = false
  }

  /** The times main applies to the customer now. */
  times(): AudioGuidanceTimes {
    const windowMs = this.source.holdWindowMs()
    return { holdWindowMinutes: windowMs === null ? 0 : windowMs / 60_000, idleSeconds: this.source.idleSeconds() * this.factor() }
  }
}

/** `kiosk.audioGuidance` over main's memory of the customer; without one (no sale's services built) it answers "no backend". */
export function audioGuidanceHandler(guidance: AudioGuidance | null): Handler<'kiosk.audioGuidance'> {
  if (guidance) return ({ on }) => guidance.set(on)
  return () => {
    throw new FoyerError({ code: 'backend.unavailable', messageKey: 'errors.backend.unavailable', retryable: true, detail: 'no sale services are running' })
  }
}

/**
 * `holds.releaseAll` is how every screen starts over for the next customer: audio mode ends with it,
 * after the seats went back or failed to (a vendor out of reach must not keep the next customer in audio mode).
 */
export function endingAudioGuidance<H extends Pick<Handlers, 'holds.releaseAll'>>(handlers: H, guidance: AudioGuidance | null): H {
  if (!guidance) return handlers
  const releaseAll = handlers['holds.releaseAll']
  return {
    ...handlers,
    'holds.releaseAll': async (request, context) => {
      try {
        return await releaseAll(request, context)
      } finally {
        guidance.end()
      }
    },
  }
}
