import { randomUUID } from 'node:crypto'
import type { SalesApi } from '../api/sales-api'
import type { Order, SaleProgress } from '../contract'
import { centsOf } from '../contract/money'
import type { GiveBackReason } from '../contract/staff-note'
import type { HoldManager } from '../holds/hold-manager'
import type { Logger } from '../ipc-core/logger'
import type { SaleRecord, SalesJournal, SaleState, Tender } from '../journal/sales-journal'
import type { PaymentResult, PaymentTerminal } from '../payment/payment-port'
import type { DocumentPrinter } from '../printing/printer-port'
import { CardAtTerminal } from './card-at-terminal'
import { checkoutError, outcomeFor, type CheckoutOutcome, type DrawerPulses, type Invoice, type OrderToPlace, type PaymentInput, type SaleSteps } from './checkout-types'
import { renewIfShort } from './invoice-renewal'
import { orderBody } from './order-body'
import type { PrintWhat } from './sale-printing'
import { printingProgress, progressAfterStep, tellSafely, type ProgressSink } from './sale-progress'
import { saleOutcome } from './sale-outcome'
import { Settlement } from './settlement'
import { requireApprovalCode } from './standalone'
import { splitPartOf } from './split-tender'
import { refuseOtherTender } from './tender'
import { Tenders } from './tenders'

export { checkoutMessageKeys, type CheckoutOutcome, type CheckoutState, type Invoice, type OrderToPlace, type PaymentInput } from './checkout-types'

/**
 * Checkout on the spec's pre-payment order flow: submit the order (the vendor
 * answers an invoice and keeps the seats for it), take the payment on our
 * side, then confirm the order. Every step is written to the sales journal
 * before and after its call, so a crash at any point leaves a record that
 * recovery (./recovery.ts) can finish or undo: no customer pays without
 * tickets or a refund, and no seat is sold twice.
 */
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
  /** The counter's cash drawer (./cash-drawer.ts): opened as cash is taken or goes back; absent: none. */
  drawer?: DrawerPulses | null
  /** Hears that a sale's outcome is known (its payment or its recovery finished), for a screen that lost track of it. */
  onSettled?: (saleId: string) => void
}

/** Where a sale may be paid (or cancelled): nothing in flight, and not all of it taken. */
const PAYABLE: readonly SaleState[] = ['invoiced', 'declined', 'part-paid']

export class CheckoutService {
  readonly #now: () => number
  readonly #sleep: (ms: number) => Promise<void>
  /** Payments under way, by sale: the journal's states alone cannot stop two taps that both read "invoiced". */
  readonly #paying = new Map<string, { tender: Tender; outcome: Promise<CheckoutOutcome> }>()
  /** The card side of payments at the integrated terminal; null without one. */
  readonly #card: CardAtTerminal | null
  readonly #tell: (progress: SaleProgress | null) => void
  readonly #tenders: Tenders
  readonly #settlement: Settlement
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
    const steps: SaleSteps = { step: (saleId, step) => this.#step(saleId, step), sale: (saleId) => this.#sale(saleId) }
    this.#settlement = new Settlement({
      api: options.api,
      journal: options.journal,
      terminal: options.terminal,
      printer: options.printer ?? null,
      sleep: this.#sleep,
      confirmAttempts: options.confirmAttempts ?? 5,
      confirmBackoffMs: options.confirmBackoffMs ?? 1000,
      steps,
      drawer: options.drawer ?? null,
      printing: (saleId, printed, of) => this.#tell(printingProgress(saleId, printed, of)),
    })
    this.#tenders = new Tenders({ journal: options.journal, terminal: options.terminal, card: this.#card, steps, drawer: options.drawer ?? null, settle: (paid) => this.confirm(paid) })
  }

  get terminal(): PaymentTerminal | null {
    return this.options.terminal
  }

  /** Where documents are printed (the shift's reports too); null: nowhere. */
  get printer(): DocumentPrinter | null {
    return this.options.printer ?? null
  }

  /** The seat holds this kiosk keeps (recovery gives back the seats of an order whose answer never came). */
  get holds(): HoldManager {
    return this.options.holds
  }

  /** The cash drawer a counter refund opens for cash (./counter-refund.ts); null: none. */
  get drawer(): DrawerPulses | null {
    return this.options.drawer ?? null
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
  async submit(placing: OrderToPlace): Promise<Invoice> {
    const { request, tender, shiftId = null, venues = {}, language = 'en-SG', soldBy = null } = placing
    if (this.#recovering) await this.#recovering
    const { api, holds, journal } = this.options
    if (tender === 'card' && !this.options.terminal) {
      throw checkoutError('checkout.no-terminal', 'checkout.errors.noTerminal', 'no card terminal is set up')
    }
    const saleId = randomUUID()
    journal.begin({ saleId, tender, request, shiftId, soldBy })
    // The sale is on the disk (begin waits for it) before the order goes out. The two notes after it need not wait:
    // lost in a power cut before the next step that waits, the sale reads as cut off while its order was sent, which
    // recovery settles without them (no payment is asked before 'payment-started', which waits, and carries them).
    journal.unwaited(() => {
      // Where each show is, as the catalogue said: the tickets name the venue, and the order's answer does not.
      journal.note(saleId, 'order-venues', { venues })
      // The customer's language: their tickets and receipt are printed in it (../printing/paper-words.ts).
      journal.note(saleId, 'order-language', { language })
    })
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
    // Need not wait for the disk: lost in a power cut before the payment starts (whose step waits, and carries this
    // one), the sale reads as cut off while its order was sent, and recovery fails it and gives its seats back.
    journal.unwaited(() =>
      journal.record(saleId, 'order-submitted', 'submitted', { reference: order.reference, expiresAt, order, amountCents: centsOf(order.amountToBePaid.amount) }),
    )
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
    if (sale.state === 'confirmed' || sale.state === 'printed') return outcomeFor(sale, 'confirmed')
    if (!PAYABLE.includes(sale.state)) {
      throw checkoutError('checkout.sale-state', 'checkout.errors.notPayable', `sale ${saleId} is ${sale.state}`)
    }
    // Paid only the way it was placed (or a card sale on the standalone terminal, or in parts at the counter: ./split-tender.ts).
    refuseOtherTender(sale, input.tender, splitPartOf(sale, input))
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
      giveBack: (renewing, why) => this.giveBack(renewing, why),
    })
    return this.#tenders.take(sale, input, approvalCode)
  }

  /** The customer gives up while the terminal waits for their card (./card-at-terminal.ts); false when nothing waits. */
  abortPayment(saleId: string): boolean {
    return this.#card?.stop(saleId) ?? false
  }

  /** What became of a card payment Foyer stopped following; one still at the terminal is stopped first. */
  paymentAfterRestart(saleId: string, key: string): Promise<PaymentResult | null> {
    return this.#card ? this.#card.afterRestart(saleId, key) : Promise.resolve(null)
  }

  /** The customer gives up before paying: the order is voided and its seats go back (a split sale's parts too). */
  async cancel(saleId: string): Promise<void> {
    if (this.#recovering) await this.#recovering
    const sale = this.#sale(saleId)
    if (!PAYABLE.includes(sale.state)) {
      throw checkoutError('checkout.sale-state', 'checkout.errors.notCancellable', `sale ${saleId} is ${sale.state}`)
    }
    if (sale.state === 'part-paid') await this.giveBack(sale, { key: 'whyCustomerCancelled', params: {} })
    else await this.voidOrder(sale, 'customer cancelled')
  }

  // ------------------------------------------------------------ settlement (./settlement.ts)

  /** Confirms a paid order with the vendor, then prints; gives the payment back if the vendor will not. */
  confirm(sale: SaleRecord): Promise<CheckoutOutcome> {
    return this.#settlement.confirm(sale)
  }

  /** Gives a taken payment back and voids the order. */
  giveBack(sale: SaleRecord, why: GiveBackReason): Promise<CheckoutOutcome> {
    return this.#settlement.giveBack(sale, why)
  }

  /** Prints a sale's documents (again), journalled; false when there is no printer or it failed. */
  print(sale: SaleRecord, what: PrintWhat): Promise<boolean> {
    return this.#settlement.print(sale, what)
  }

  /** Staff print a confirmed sale's tickets or receipt again, from the journal. */
  reprint(saleId: string, what: 'tickets' | 'receipt' | 'missing'): Promise<boolean> {
    return this.#settlement.reprint(saleId, what)
  }

  /** Voids an unpaid order so its seats go back now rather than when it lapses. */
  voidOrder(sale: SaleRecord, why: string): Promise<void> {
    return this.#settlement.voidOrder(sale, why)
  }

  // ------------------------------------------------------------ helpers

  #sale(saleId: string): SaleRecord {
    const sale = this.options.journal.get(saleId)
    if (!sale) throw checkoutError('checkout.unknown-sale', 'checkout.errors.notPayable', `no sale ${saleId}`)
    return sale
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
