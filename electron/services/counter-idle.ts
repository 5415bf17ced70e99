import type { ChannelName } from '../contract'
import type { Handlers } from '../ipc-core/dispatcher'
import type { CounterDesk, StaffMember } from '../counter/counter-desk'

/**
 * A counter left alone signs its cashier out, and main keeps that count: the
 * renderer's own (renderer/src/composables/counter-lock.ts) says so on screen,
 * but a renderer that stops counting (a bug, a frozen window, someone holding
 * the browser host's token) must not keep a till signed in. The idle time is
 * the staff's counter auto sign-out, counted from the last call the
 * signed-in person made; main looks at every call and every few seconds, so
 * the sign-out happens whether or not anything calls. Never while a call is
 * under way, nor while a sale is between its order and its tickets (`busy`):
 * a payment waits on the customer and the terminal, not on the cashier's
 * hands, as the renderer's own count never runs on the payment screen.
 */

/** What the renderer asks by itself, not at anyone's touch: these do not count as the cashier's activity. */
const NOT_ACTIVITY: ReadonlySet<ChannelName> = new Set<ChannelName>([
  'system.info',
  'system.screen',
  'counter.whoIsIn',
  'holds.status',
  'checkout.outcome',
  'checkout.terminal',
  'settings.get',
  // The customer display's page asks by itself, and the basket follows the cashier's screen, not a touch.
  'customerDisplay.view',
  'customerDisplay.basket',
])

export interface CounterIdleOptions {
  /** The staff's counter auto sign-out, in minutes, read at each look (staff may change it). */
  minutes: () => number
  /** Milliseconds from a monotonic source; tests move their own. */
  now?: () => number
  /** Whether a sale is between its order and its tickets (it holds the sign-out off until paid, cancelled or lapsed). */
  busy?: () => boolean
  /** How often main looks without being called. */
  checkEveryMs?: number
  /** Told when main has signed the counter out for idleness: the screen goes to the sign-in, held seats go back. */
  onIdleSignOut: (member: StaffMember, minutes: number) => void
}

export class CounterIdle {
  readonly #now: () => number
  #last: number
  /** The sign-in the count is for: a new sign-in (another object) starts the count afresh. */
  #watching: StaffMember | null = null
  #underWay = 0
  #timer: ReturnType<typeof setInterval> | null = null

  constructor(
    private readonly desk: CounterDesk,
    private readonly options: CounterIdleOptions,
  ) {
    this.#now = options.now ?? (() => performance.now())
    this.#last = this.#now()
  }

  /** Starts looking every few seconds (unref'd: it never keeps the process alive). */
  start(): void {
    this.#timer ??= setInterval(() => this.check(), this.options.checkEveryMs ?? 5_000)
    this.#timer.unref?.()
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }

  /** Signs the counter out if the person signed in has made no call for the idle time. */
  check(): void {
    const who = this.desk.who()
    if (who !== this.#watching) {
      this.#watching = who
      this.#last = this.#now()
      return
    }
    if (!who || this.#underWay > 0) return
    const minutes = this.options.minutes()
    if (this.#now() - this.#last < minutes * 60_000 || this.options.busy?.()) return
    this.desk.signOut()
    this.#watching = null
    this.options.onIdleSignOut(who, minutes)
  }

  /** The handlers, each call first checked against the idle time, then (if it is a person's doing) counted as activity. */
  watch(handlers: Handlers): Handlers {
    const watched: Record<string, unknown> = {}
    for (const [name, handler] of Object.entries(handlers) as [ChannelName, (request: unknown, context: unknown) => unknown][]) {
      watched[name] = NOT_ACTIVITY.has(name)
        ? (request: unknown, context: unknown) => {
            this.check()
            return handler(request, context)
          }
        : (request: unknown, context: unknown) => this.#counted(() => handler(request, context))
    }
    return watched as Handlers
  }

  async #counted<T>(work: () => T): Promise<Awaited<T>> {
    this.check()
    this.#underWay += 1
    try {
      return await work()
    } finally {
      this.#underWay -= 1
      this.#last = this.#now()
      // A call that signed someone in (counter.signIn) starts their count now.
      this.#watching = this.desk.who()
    }
  }
}
