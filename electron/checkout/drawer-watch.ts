import type { DrawerReading, DrawerState } from '../printers/raw/escpos-drawer'

/**
 * Follows the drawer's switch as the printer reports it: read every `pollMs`
 * from a pulse until the drawer is shut again (a drawer is only open after a
 * pulse or its key, and the key is caught by the next sale's own reading),
 * never while it rests shut, so the printer is not asked every second all day.
 * A reading that fails keeps the last one known: a printer busy with a receipt
 * may not take a second connection, and the drawer did not move for that.
 * While a sale is being paid or printed (`busy`) the follow-up readings wait:
 * a raw printer may take one connection at a time, and the receipt comes first.
 * Open two minutes is `longOpen`, said once as it happens.
 */
export const LONG_OPEN_MS = 2 * 60_000

export interface DrawerWatchOptions {
  read: () => Promise<DrawerReading>
  now: () => number
  pollMs: number
  changed: () => void
  /** A sale between its order and its tickets: the printer is the receipt's. */
  busy?: () => boolean
}

export class DrawerWatch {
  #state: DrawerState = 'unknown'
  #openSince: number | null = null
  #poll: ReturnType<typeof setTimeout> | null = null
  #longTimer: ReturnType<typeof setTimeout> | null = null
  #reading: Promise<void> | null = null
  #stopped = false

  constructor(private readonly options: DrawerWatchOptions) {}

  view(): { state: DrawerState; openSince: string | null; longOpen: boolean } {
    const since = this.#openSince
    return { state: this.#state, openSince: since === null ? null : new Date(since).toISOString(), longOpen: since !== null && this.options.now() - since >= LONG_OPEN_MS }
  }

  /** A pulse went out: the drawer is open now, and followed until it is shut. */
  pulsed(): void {
    this.#take('open')
    this.#schedule()
  }

  /** One reading now (two callers at once share it). */
  readNow(): Promise<void> {
    this.#reading ??= this.options
      .read()
      .then((reading) => this.#take(reading.state))
      .finally(() => (this.#reading = null))
    return this.#reading
  }

  stop(): void {
    this.#stopped = true
    if (this.#poll) clearTimeout(this.#poll)
    if (this.#longTimer) clearTimeout(this.#longTimer)
  }

  #take(state: DrawerState): void {
    if (state === 'unknown' && this.#state !== 'unknown') return
    if (state === this.#state) return
    this.#state = state
    this.#openSince = state === 'open' ? this.options.now() : null
    if (this.#longTimer) clearTimeout(this.#longTimer)
    this.#longTimer = state === 'open' ? setTimeout(() => this.options.changed(), LONG_OPEN_MS) : null
    this.#longTimer?.unref?.()
    if (state === 'open') this.#schedule()
    this.options.changed()
  }

  #schedule(): void {
    if (this.#poll || this.#stopped) return
    this.#poll = setTimeout(() => {
      this.#poll = null
      if (this.options.busy?.()) return this.#schedule()
      void this.readNow().then(() => {
        if (this.#state === 'open') this.#schedule()
      })
    }, this.options.pollMs)
    this.#poll.unref?.()
  }
}
