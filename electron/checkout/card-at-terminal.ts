import type { SalesJournal } from '../journal/sales-journal'
import type { PaymentResult, PaymentTerminal } from '../payment/payment-port'
import type { TestCardName } from '../contract/checkout-channels'

/**
 * Checkout's side of a card payment at the integrated terminal: sending it
 * with a way to stop it, and finding out what became of it when the answer is
 * lost or Foyer restarted. What follows from the answer (confirm, decline,
 * staff) stays with checkout; this only talks to the terminal and journals
 * what it asked.
 */
export interface CardAtTerminalOptions {
  terminal: PaymentTerminal
  journal: SalesJournal
  sleep: (ms: number) => Promise<void>
  /** Called after a journal step, before the next call (checkout's crash hook). */
  step: (saleId: string, step: string) => Promise<void>
  /** How long a payment may wait at the terminal before Foyer stops it (see CheckoutOptions.terminalWaitMs). */
  waitMs: number
}

export class CardAtTerminal {
  /** Payments waiting at the terminal, by sale: what stops one when the customer gives up. */
  readonly #waiting = new Map<string, AbortController>()

  constructor(private readonly options: CardAtTerminalOptions) {}

  /**
   * Takes the payment: the customer has `waitMs` at the terminal, and may stop
   * it from the kiosk meanwhile (`stop`). A lost answer is settled by asking
   * the terminal; only if it cannot say is the outcome "unknown".
   */
  async take(saleId: string, key: string, amountCents: number, testCard: TestCardName | undefined): Promise<PaymentResult> {
    const { terminal, journal } = this.options
    const stop = new AbortController()
    this.#waiting.set(saleId, stop)
    const walkedAway = setTimeout(() => {
      journal.note(saleId, 'payment-wait-over', {})
      stop.abort()
    }, this.options.waitMs)
    let result: PaymentResult
    try {
      result = await terminal.charge({ key, amountCents, currency: 'SGD', testCard: terminal.testCards.length > 0 ? testCard : undefined, signal: stop.signal })
    } finally {
      clearTimeout(walkedAway)
      this.#waiting.delete(saleId)
    }
    return result.outcome === 'unknown' ? this.#settleUnknown(saleId, key, result) : result
  }

  /**
   * The customer gives up while the terminal waits for their card: the
   * terminal is told to stop. The payment then ends as the terminal says
   * (cancelled, or approved if the card got there first). False when no card
   * payment of that sale is waiting.
   */
  stop(saleId: string): boolean {
    const waiting = this.#waiting.get(saleId)
    if (!waiting) return false
    this.options.journal.note(saleId, 'payment-abort-asked', {})
    waiting.abort()
    return true
  }

  /**
   * What became of a payment Foyer stopped following (a crash, a restart).
   * One the terminal is still busy with (a customer at it, nobody at the
   * kiosk any more) is stopped, then asked about until it has ended.
   */
  async afterRestart(saleId: string, key: string): Promise<PaymentResult | null> {
    const { terminal } = this.options
    const status = await terminal.status(key)
    if (!status?.pending) return status
    this.options.journal.note(saleId, 'payment-abort-asked', { why: 'the payment was still at the terminal after a restart' })
    await terminal.abort(key).catch(() => {
      // Not delivered: the terminal's own time-out ends the payment; the status below says how far it got.
    })
    return this.#askAgain(key, [1000, 2000, 4000, 8000, 16_000], (now) => !now?.pending)
  }

  /** Asks the terminal what became of a payment whose answer was lost, a few times, before giving up to staff. */
  async #settleUnknown(saleId: string, key: string, first: PaymentResult): Promise<PaymentResult> {
    this.options.journal.note(saleId, 'payment-unknown', { detail: first.detail })
    await this.options.step(saleId, 'payment-unknown')
    const status = await this.#askAgain(key, [0, 1000, 2000, 4000], (now) => now === null || now.outcome !== 'unknown')
    // Never taken: as if the terminal had not been reached.
    if (status === null) return { outcome: 'unavailable', transactionId: null, brand: null, last4: null, detail: 'terminal has no such payment' }
    return status.outcome === 'unknown' ? first : status
  }

  /** Asks for a payment's status after each wait in turn, until the answer is `settled`; the last answer. */
  async #askAgain(key: string, waitsMs: readonly number[], settled: (status: PaymentResult | null) => boolean): Promise<PaymentResult | null> {
    let status: PaymentResult | null = null
    for (const wait of waitsMs) {
      if (wait > 0) await this.options.sleep(wait)
      status = await this.options.terminal.status(key)
      if (settled(status)) break
    }
    return status
  }
}
