import { randomUUID } from 'node:crypto'
import type { SalesApi } from '../api/sales-api'
import { ApiCallError } from '../api/api-error'
import type { Order, OrderRequest, SaleProgress } from '../contract'
import { amountOf, centsOf, formatMoney } from '../contract/money'
import type { HoldManager } from '../holds/hold-manager'
import type { Logger } from '../ipc-core/logger'
import { FoyerError } from '../ipc-core/foyer-error'
import type { SaleRecord, SalesJournal, Tender } from '../journal/sales-journal'
import type { PaymentResult, PaymentTerminal } from '../payment/payment-port'
import type { TestCardName } from '../contract/checkout-channels'
import type { PaperLanguage } from '../printing/paper-words'
import type { DocumentPrinter } from '../printing/printer-port'
import { CardAtTerminal } from './card-at-terminal'
import { renewIfShort } from './invoice-renewal'
import { orderBody } from './order-body'
import { printSale, type PrintWhat } from './sale-printing'
import { printingProgress, progressAfterStep, tellSafely, type ProgressSink } from './sale-progress'
import { saleOutcome } from './sale-outcome'
import { requireApprovalCode, standaloneApproved, standaloneToStaff, startStandalone } from './standalone'
import { refuseOtherTender } from './tender'

/**
 * Checkout on the spec's pre-payment order flow: submit the order (the vendor
 * answers an invoice and keeps the seats for it), take the payment on our
 * side, then confirm the order. Every step is written to the sales journal
 * before and after its call, so a crash at any point leaves a record that
 * recovery (./recovery.ts) can finish or undo: no customer pays without
 * tickets or a refund, and no seat is sold twice.
 */
export interface Invoice {
  saleId: string
  reference: string
  amountCents: number
  expiresAt: number | null
}

export type CheckoutState = 'confirmed' | 'declined' | 'unavailable' | 'refunded' | 'needs-staff'

export interface CheckoutOutcome {
  saleId: string
  state: CheckoutState
  order: Order | null
  changeCents: number | null
  /** Whether the tickets and receipt (or the refund slip) came out of the printer. */
  printed: boolean
  /** For a declined or failed payment: why, as the terminal or vendor said (for staff, never shown raw to customers). */
  detail?: string
}

export type PaymentInput =
  | { tender: 'card'; testCard?: TestCardName }
  | { tender: 'cash'; tenderedCents: number }
  /** The approval code as staff typed it; the shift to file the sale under (a card sale taken over may have none). */
  | { tender: 'standalone'; approvalCode: string; shiftId?: string | null }

export interface CheckoutOptions {
  api: SalesApi
  holds: HoldManager
  journal: SalesJournal
  /** The card terminal; null when none is set up (card payments are refused, cash still works at the counter). */
  terminal: PaymentTerminal | null
  /** The ticket and receipt printer; null: nothing is printed (e-tickets only). */
  printer?: DocumentPrinter | null
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  log?: Logger
  /**
   * How long a card payment may wait at the terminal (the customer reading,
   * tapping, typing a PIN) before Foyer stops it: a customer who walked away
   * must not leave the terminal and the seats taken. Below Adyen's 120 s, so
   * Foyer's abort comes before any time-out.
   */
  terminalWaitMs?: number
  /** The least time a payment needs before the order lapses; less, and the invoice is renewed first. */
  paymentBudgetMs?: number
  /** Confirm attempts and the first back-off between them (doubling). */
  confirmAttempts?: number
  confirmBackoffMs?: number
  /**
   * Called after each journal step is written, before the next call. Tests use it
   * to crash the process at a chosen step; nothing in Foyer itself needs it.
   */
  afterStep?: (saleId: string, step: string) => Promise<void>
  /** Hears a paid sale's progress (confirming, printing), for the payment screen (./sale-progress.ts). */
  onProgress?: ProgressSink
  /** Hears that a sale's outcome is known (its payment or its recovery finished), for a screen that lost track of it. */
  onSettled?: (saleId: string) => void
}

/** Every message key checkout can answer with; the renderer has each in every language (tested). */
export const checkoutMessageKeys = [
  'checkout.errors.noTerminal',
  'checkout.errors.notPayable',
  'checkout.errors.notCancellable',
  'checkout.errors.cashShort',
  'checkout.errors.cashAtCounter',
  'checkout.errors.noShift',
  'checkout.errors.notPrintable',
  'checkout.errors.noPrinter',
  'checkout.errors.reprintAtCounter',
  'checkout.errors.refundAtCounter',
  'checkout.errors.paymentInProgress',
  'checkout.errors.notOnSale',
  'checkout.errors.signInFirst',
  'checkout.errors.approvalCode',
  'checkout.errors.standaloneAtCounter',
  'checkout.errors.noShiftStandalone',
  'checkout.errors.eticketEmail',
  'cart.deliveryAtCounter',
  'errors.api.orderExpired',
] as const

const checkoutError = (code: string, messageKey: string, detail: string, retryable = false) =>
  new FoyerError({ code, messageKey, retryable, detail })

export class CheckoutService {
  readonly #now: () => number
  readonly #sleep: (ms: number) => Promise<void>
  /** Payments under way, by sale: the journal's states alone cannot stop two taps that both read "invoiced". */
  readonly #paying = new Map<string, { tender: Tender; outcome: Promise<CheckoutOutcome> }>()
  /** The card side of payments at the integrated terminal; null without one. */
  readonly #card: CardAtTerminal | null
  readonly #tell: (progress: SaleProgress | null) => void
  /** Recovery of the sales a crash left in flight, while it runs: nothing new is ordered or paid, and outcomes say "checking". */
  #recovering: Promise<void> | null = null

  constructor(private readonly options: CheckoutOptions) {
    this.#now = options.now ?? Date.now
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)))
    this.#tell = tellSafely(options.onProgress, options.log)
    this.#card = options.terminal
      ? new CardAtTerminal({
          terminal: options.terminal,
          journal: options.journal,
          sleep: this.#sleep,
          step: (saleId, step) => this.#step(saleId, step),
          waitMs: options.terminalWaitMs ?? 110_000,
        })
      : null
  }

  get terminal(): PaymentTerminal | null {
    return this.options.terminal
  }

  /** Where documents are printed (the shift's reports too); null: nowhere. */
  get printer(): DocumentPrinter | null {
    return this.options.printer ?? null
  }

  get journal(): SalesJournal {
    return this.options.journal
  }

  /**
   * Recovery (./recovery.ts) runs while the screens are already served: until
   * `run` (the sales it settled) ends, orders and payments wait for it, and
   * each settled sale is then announced (onSettled) to the screen that may be
   * waiting for its outcome.
   */
  recoverFirst(run: Promise<string[]>): Promise<void> {
    const settled = run.then(
      (saleIds) => {
        this.#recovering = null
        for (const saleId of saleIds) this.#settled(saleId)
      },
      () => {
        this.#recovering = null
      },
    )
    this.#recovering = settled
    return settled
  }

  /** Where a screen's own sale stands (./sale-outcome.ts): "checking" while recovery or its payment is still at work. */
  outcomeOf(saleId: string) {
    const finding = this.#recovering !== null || this.#paying.has(saleId)
    return saleOutcome(this.options.journal.get(saleId), saleId, finding, this.#now())
  }

  /** Places the pre-payment order: the seats held for the customer become the order's, and an invoice comes back. */
  async submit(
    request: OrderRequest,
    tender: Tender,
    shiftId: string | null = null,
    venues: Record<number, string | null> = {},
    language: PaperLanguage = 'en-SG',
    /** The cashier signed in at the counter, filed with the sale. */
    soldBy: { staffId: string; name: string } | null = null,
  ): Promise<Invoice> {
    if (this.#recovering) await this.#recovering
    const { api, holds, journal } = this.options
    if (tender === 'card' && !this.options.terminal) {
      throw checkoutError('checkout.no-terminal', 'checkout.errors.noTerminal', 'no card terminal is set up')
    }
    const saleId = randomUUID()
    journal.begin({ saleId, tender, request, shiftId, soldBy })
    // Where each show is, as the catalogue said: the tickets name the venue, and the order's answer does not.
    journal.note(saleId, 'order-venues', { venues })
    // The customer's language: their tickets and receipt are printed in it (../printing/paper-words.ts).
    journal.note(saleId, 'order-language', { language })
    await this.#step(saleId, 'order-submitting')
    let order: Order
    try {
      order = await api.submitOrder(orderBody(request))
    } catch (error) {
      // A lost answer may mean the order was placed: it lapses at the vendor unpaid, releasing its seats.
      journal.record(saleId, 'order-failed', 'failed', {}, { code: (error as { code?: string }).code ?? 'unknown' })
      throw error
    }
    holds.handOverOrder(order)
    const expiresAt = order.expirationTime ? Date.parse(order.expirationTime) : null
    journal.record(saleId, 'order-submitted', 'invoiced', { reference: order.reference, expiresAt, order, amountCents: centsOf(order.amountToBePaid.amount) })
    await this.#step(saleId, 'order-submitted')
    return { saleId, reference: order.reference, amountCents: centsOf(order.amountToBePaid.amount), expiresAt }
  }

  /**
   * Takes the payment and, once approved, confirms the order. Asking again for a
   * finished sale answers its outcome; asking again while its payment is under
   * way (a double tap) joins that payment, so nothing is charged, confirmed or
   * printed twice.
   */
  async pay(saleId: string, input: PaymentInput): Promise<CheckoutOutcome> {
    // A sale recovery is settling is paid (or refused) only once it is settled.
    if (this.#recovering) await this.#recovering
    const running = this.#paying.get(saleId)
    if (running) {
      if (running.tender === input.tender) return running.outcome
      throw checkoutError('checkout.payment-in-progress', 'checkout.errors.paymentInProgress', `a ${running.tender} payment of ${saleId} is under way`, true)
    }
    const outcome = this.#payOnce(saleId, input)
    this.#paying.set(saleId, { tender: input.tender, outcome })
    try {
      return await outcome
    } finally {
      this.#paying.delete(saleId)
      this.#settled(saleId)
    }
  }

  async #payOnce(saleId: string, input: PaymentInput): Promise<CheckoutOutcome> {
    let sale = this.#sale(saleId)
    if (sale.state === 'confirmed' || sale.state === 'printed') return this.#outcome(sale, 'confirmed')
    if (sale.state !== 'invoiced' && sale.state !== 'declined') {
      throw checkoutError('checkout.sale-state', 'checkout.errors.notPayable', `sale ${saleId} is ${sale.state}`)
    }
    // Paid only the way it was placed (or a card sale on the standalone terminal: nothing was taken yet, invoiced or declined).
    refuseOtherTender(sale, input.tender)
    // A mistyped approval code is refused before anything moves, the invoice's renewal included.
    const approvalCode = input.tender === 'standalone' ? requireApprovalCode(input.approvalCode) : null
    const { api, holds, journal } = this.options
    sale = await renewIfShort(sale, {
      api,
      holds,
      journal,
      budgetMs: this.options.paymentBudgetMs ?? 120_000,
      now: this.#now,
      step: (step) => this.#step(sale.saleId, step),
      expired: (detail) => checkoutError('checkout.hold-expired', 'errors.api.orderExpired', detail),
    })
    switch (input.tender) {
      case 'cash':
        return this.#payCash(sale, input.tenderedCents)
      case 'standalone':
        return this.#payStandalone(sale, approvalCode!, input.shiftId ?? sale.shiftId)
      case 'card':
        return this.#payCard(sale, input.testCard)
    }
  }

  /** The customer gives up while the terminal waits for their card (./card-at-terminal.ts); false when nothing waits. */
  abortPayment(saleId: string): boolean {
    return this.#card?.stop(saleId) ?? false
  }

  /** What became of a card payment Foyer stopped following; one still at the terminal is stopped first. */
  paymentAfterRestart(saleId: string, key: string): Promise<PaymentResult | null> {
    return this.#card ? this.#card.afterRestart(saleId, key) : Promise.resolve(null)
  }

  /** The customer gives up before paying: the order is voided and its seats go back. */
  async cancel(saleId: string): Promise<void> {
    if (this.#recovering) await this.#recovering
    const sale = this.#sale(saleId)
    if (sale.state !== 'invoiced' && sale.state !== 'declined') {
      throw checkoutError('checkout.sale-state', 'checkout.errors.notCancellable', `sale ${saleId} is ${sale.state}`)
    }
    await this.voidOrder(sale, 'customer cancelled')
  }

  // ------------------------------------------------------------ payment

  async #payCard(sale: SaleRecord, testCard: TestCardName | undefined): Promise<CheckoutOutcome> {
    const { journal } = this.options
    const terminal = this.options.terminal
    if (!terminal || !this.#card) throw checkoutError('checkout.no-terminal', 'checkout.errors.noTerminal', 'no card terminal is set up')
    const attempt = sale.attempt + 1
    // The idempotency key: the invoice and the attempt. A retry of this attempt can never charge twice.
    const key = `${sale.reference}-${attempt}`
    journal.record(sale.saleId, 'payment-started', 'paying', { attempt, paymentKey: key }, { terminal: terminal.name })
    await this.#step(sale.saleId, 'payment-started')
    const result = await this.#card.take(sale.saleId, key, sale.amountCents, testCard)
    return this.#afterPayment(this.#sale(sale.saleId), result)
  }

  async #payCash(sale: SaleRecord, tenderedCents: number): Promise<CheckoutOutcome> {
    if (!Number.isInteger(tenderedCents) || tenderedCents < sale.amountCents) {
      throw checkoutError('checkout.cash-short', 'checkout.errors.cashShort', `tendered ${tenderedCents} for ${sale.amountCents}`)
    }
    const { journal } = this.options
    const attempt = sale.attempt + 1
    journal.record(sale.saleId, 'payment-started', 'paying', { attempt, tenderedCents })
    await this.#step(sale.saleId, 'payment-started')
    const paid = journal.record(sale.saleId, 'cash-taken', 'paid', {
      paymentRef: `CASH-${sale.reference}-${attempt}`,
      changeCents: tenderedCents - sale.amountCents,
    })
    await this.#step(sale.saleId, 'payment-approved')
    return this.confirm(paid)
  }

  /** The card was taken on the standalone terminal (./standalone.ts): journalled, then confirmed like any payment. */
  async #payStandalone(sale: SaleRecord, approvalCode: string, shiftId: string | null): Promise<CheckoutOutcome> {
    const { attempt } = startStandalone(this.options.journal, sale, approvalCode, shiftId)
    await this.#step(sale.saleId, 'payment-started')
    const paid = standaloneApproved(this.options.journal, sale, attempt, approvalCode)
    await this.#step(sale.saleId, 'payment-approved')
    return this.confirm(paid)
  }

  /** Records what the terminal answered and what follows from it. */
  async #afterPayment(sale: SaleRecord, result: PaymentResult): Promise<CheckoutOutcome> {
    const { journal } = this.options
    // The card as the terminal reported it, for the receipt: brand, masked PAN, auth code, AID, its receipt lines.
    const card = { brand: result.brand, last4: result.last4, detail: result.detail, ...(result.receipt ? { receipt: result.receipt } : {}) }
    switch (result.outcome) {
      case 'approved': {
        const paid = journal.record(sale.saleId, 'payment-approved', 'paid', { paymentRef: result.transactionId }, card)
        await this.#step(sale.saleId, 'payment-approved')
        return this.confirm(paid)
      }
      case 'declined':
      case 'cancelled':
      case 'unavailable': {
        const declined = journal.record(sale.saleId, `payment-${result.outcome}`, 'declined', {}, card)
        return { ...this.#outcome(declined, result.outcome === 'unavailable' ? 'unavailable' : 'declined'), detail: result.outcome }
      }
      case 'unknown': {
        const note = `The card terminal did not say whether payment ${sale.paymentKey} of ${sale.reference} went through. Check the terminal before refunding or selling again.`
        const open = journal.record(sale.saleId, 'payment-unresolved', 'needs-staff', { staffNote: note }, card)
        return this.#outcome(open, 'needs-staff')
      }
    }
  }

  // ------------------------------------------------------------ confirm, refund, void

  /**
   * Confirms a paid order, retrying with back-off (confirm is idempotent by
   * reference and payment reference). If it finally fails, the payment is
   * given back and staff are told.
   */
  async confirm(sale: SaleRecord): Promise<CheckoutOutcome> {
    const { api, journal } = this.options
    const attempts = this.options.confirmAttempts ?? 5
    let lastError: unknown = null
    for (let attempt = 1; attempt <= attempts; attempt++) {
      journal.note(sale.saleId, 'confirm-started', { attempt })
      await this.#step(sale.saleId, 'confirm-started')
      try {
        const order = await api.confirmOrder(sale.reference!, {
          paymentReference: sale.paymentRef!,
          amountPaid: amountOf(sale.amountCents),
          paymentMethodCode: sale.paymentMethod,
        })
        return await this.#confirmed(sale, order)
      } catch (error) {
        lastError = error
        journal.note(sale.saleId, 'confirm-failed', { attempt, code: (error as { code?: string }).code ?? 'unknown' })
        // The vendor will never confirm this order (expired, cancelled, amount): no point asking again.
        if (error instanceof ApiCallError && !error.retryable) break
        if (attempt < attempts) await this.#sleep((this.options.confirmBackoffMs ?? 1000) * 2 ** (attempt - 1))
      }
    }
    return this.#afterFailedConfirm(this.#sale(sale.saleId), `confirm failed: ${(lastError as { code?: string })?.code ?? String(lastError)}`)
  }

  async #confirmed(sale: SaleRecord, order: Order): Promise<CheckoutOutcome> {
    const confirmed = this.options.journal.record(sale.saleId, 'confirmed', 'confirmed', { order })
    await this.#step(sale.saleId, 'confirmed')
    // Tickets only now, after the vendor confirmed: never a ticket for an unsold seat.
    const printed = await this.print(confirmed, 'sale')
    return { ...this.#outcome(this.#sale(sale.saleId), 'confirmed'), printed }
  }

  /**
   * No confirm answer said yes, but a lost answer may hide a confirm the vendor
   * did: the order is asked for before any money goes back. Only an order the
   * vendor holds as unconfirmed is refunded; one it cannot be asked about goes
   * to staff with the payment kept, never refunded blind.
   */
  async #afterFailedConfirm(sale: SaleRecord, why: string): Promise<CheckoutOutcome> {
    const { api, journal } = this.options
    let order: Order
    try {
      order = await api.getOrder(sale.reference!)
    } catch (error) {
      journal.note(sale.saleId, 'confirm-check-failed', { code: (error as { code?: string }).code ?? 'unknown' })
      const note = `Payment ${sale.paymentRef} for ${sale.reference} was taken, but the vendor neither confirmed the order nor said whether it is confirmed (${why}). Check the order at the vendor: hand over the tickets if it is confirmed, refund the payment if it is not.`
      return this.#outcome(journal.record(sale.saleId, 'confirm-unknown', 'needs-staff', { staffNote: note }), 'needs-staff')
    }
    journal.note(sale.saleId, 'confirm-checked', { orderStatus: order.status })
    if (order.status === 'CONFIRMED') return this.#confirmed(sale, order)
    return this.giveBack(sale, `${why}; the vendor has the order as ${order.status}`)
  }

  /**
   * Gives a taken payment back (card refund through the terminal; cash handed
   * back by staff; a standalone-terminal card reversed there by staff) and voids the order.
   */
  async giveBack(sale: SaleRecord, why: string): Promise<CheckoutOutcome> {
    const { journal } = this.options
    journal.note(sale.saleId, 'refund-started', { why })
    if (sale.tender === 'standalone') {
      const open = standaloneToStaff(journal, sale, why)
      await this.#cancelAtVendor(open)
      return this.#outcome(open, 'needs-staff')
    }
    if (sale.tender === 'card') {
      try {
        await this.options.terminal!.refund(sale.paymentKey!)
      } catch (error) {
        const note = `Payment ${sale.paymentKey} of ${sale.reference} could not be confirmed (${why}) nor refunded (${(error as Error).message}). Refund it on the terminal.`
        return this.#outcome(journal.record(sale.saleId, 'refund-failed', 'needs-staff', { staffNote: note }), 'needs-staff')
      }
    }
    const note =
      sale.tender === 'cash'
        ? `Give back ${formatMoney(sale.amountCents, 'en-SG')} in cash for ${sale.reference}: the order could not be confirmed (${why}).`
        : `Card payment ${sale.paymentKey} of ${sale.reference} was refunded: the order could not be confirmed (${why}).`
    const refunded = journal.record(sale.saleId, 'refunded', 'refunded', { staffNote: note })
    await this.#cancelAtVendor(refunded)
    const printed = await this.print(refunded, 'refund')
    return { ...this.#outcome(refunded, 'refunded'), printed }
  }

  /** Prints a sale's documents (again), journalled; false when there is no printer or it failed. */
  print(sale: SaleRecord, what: PrintWhat): Promise<boolean> {
    // Only a sale's own first print is the customer's to watch: not reprints, not a refund slip.
    const progress = what === 'sale' ? (printed: number, of: number) => this.#tell(printingProgress(sale.saleId, printed, of)) : undefined
    return printSale(this.options.printer ?? null, this.options.journal, sale, what, (step) => this.#step(sale.saleId, step), progress)
  }

  /** Staff print a confirmed sale's tickets or receipt again, from the journal. */
  async reprint(saleId: string, what: 'tickets' | 'receipt'): Promise<boolean> {
    const sale = this.#sale(saleId)
    if (sale.state !== 'confirmed' && sale.state !== 'printed') {
      throw checkoutError('checkout.not-printable', 'checkout.errors.notPrintable', `sale ${saleId} is ${sale.state}`)
    }
    if (!this.options.printer) throw checkoutError('checkout.no-printer', 'checkout.errors.noPrinter', 'no printer is set up')
    return this.print(sale, what)
  }

  /** Voids an unpaid order so its seats go back now rather than when it lapses. */
  async voidOrder(sale: SaleRecord, why: string): Promise<void> {
    await this.#cancelAtVendor(sale)
    this.options.journal.record(sale.saleId, 'order-cancelled', 'cancelled', {}, { why })
  }

  async #cancelAtVendor(sale: SaleRecord): Promise<void> {
    if (!sale.reference) return
    try {
      await this.options.api.cancelOrder(sale.reference)
    } catch (error) {
      // Unpaid orders lapse at the vendor by themselves; the seats come back then.
      this.options.journal.note(sale.saleId, 'order-cancel-failed', { code: (error as { code?: string }).code ?? 'unknown' })
    }
  }

  // ------------------------------------------------------------ helpers

  #sale(saleId: string): SaleRecord {
    const sale = this.options.journal.get(saleId)
    if (!sale) throw checkoutError('checkout.unknown-sale', 'checkout.errors.notPayable', `no sale ${saleId}`)
    return sale
  }

  #outcome(sale: SaleRecord, state: CheckoutState): CheckoutOutcome {
    return { saleId: sale.saleId, state, order: sale.order, changeCents: sale.changeCents, printed: sale.state === 'printed' }
  }

  #settled(saleId: string): void {
    try {
      this.options.onSettled?.(saleId)
    } catch (error) {
      // A screen that cannot be told asks again by itself; the sale is settled all the same.
      this.options.log?.warn('could not announce a settled sale', { reason: (error as Error).message })
    }
  }

  async #step(saleId: string, step: string): Promise<void> {
    this.#tell(progressAfterStep(saleId, step))
    await this.options.afterStep?.(saleId, step)
  }
}
