import { ApiCallError } from '../api/api-error'
import { withRetry, type RetryPolicy } from '../api/retry'
import type { SalesApi } from '../api/sales-api'
import type { Order } from '../contract'
import type { GiveBackReason } from '../contract/staff-note'
import { amountOf } from '../contract/money'
import type { SaleRecord, SalesJournal } from '../journal/sales-journal'
import { staffNoteText } from '../journal/staff-note'
import type { PaymentTerminal } from '../payment/payment-port'
import type { DocumentPrinter } from '../printing/printer-port'
import { checkoutError, codeOf, openForCashBack, outcomeFor, type CheckoutOutcome, type DrawerPulses, type SaleSteps } from './checkout-types'
import { printSale, type PrintWhat } from './sale-printing'
import { giveBackParts } from './give-back-parts'
import { paymentsNotGivenBack } from './split-tender'
import { standaloneToStaff } from './standalone'

/**
 * Settlement: what follows a payment, whatever the tender. The order is
 * confirmed with the vendor, the tickets printed and the sale recorded; a
 * payment the vendor will not confirm is given back (or handed to staff) and
 * the order voided. Nothing here takes money: that is ./tenders.ts.
 */
export interface SettlementOptions {
  api: SalesApi
  journal: SalesJournal
  terminal: PaymentTerminal | null
  printer: DocumentPrinter | null
  sleep: (ms: number) => Promise<void>
  /** Confirm attempts and the first back-off between them (doubling). */
  confirmAttempts: number
  confirmBackoffMs: number
  steps: SaleSteps
  /** The cash drawer, opened when cash goes back; null: none. */
  drawer: DrawerPulses | null
  /** Hears how many of a sale's documents are printed, for the customer's screen. */
  printing: (saleId: string, printed: number, of: number) => void
}

export class Settlement {
  readonly #confirmPolicy: RetryPolicy

  constructor(private readonly options: SettlementOptions) {
    // The schedule is the base doubling, without jitter (a sleeper whose random is 1): confirm is one kiosk's own call.
    this.#confirmPolicy = {
      attempts: options.confirmAttempts,
      baseDelayMs: options.confirmBackoffMs,
      maxDelayMs: Number.POSITIVE_INFINITY,
      // The vendor will never confirm this order (expired, cancelled, amount): no point asking again.
      retryOn: (error) => error.retryable,
    }
  }

  /**
   * Confirms a paid order, retrying with back-off (confirm is idempotent by
   * reference and payment reference). If it finally fails, the payment is
   * given back and staff are told.
   */
  async confirm(sale: SaleRecord): Promise<CheckoutOutcome> {
    let order: Order
    try {
      order = await withRetry(this.#confirmPolicy, this.#confirmOnce(sale), { sleep: this.options.sleep, random: () => 1 })
    } catch (error) {
      return this.#afterFailedConfirm(this.options.steps.sale(sale.saleId), (error as { code?: string })?.code ?? String(error))
    }
    return this.#confirmed(sale, order)
  }

  /** One confirm call, journalled before and after; an error that is not the vendor's is retried like a lost answer. */
  #confirmOnce(sale: SaleRecord): () => Promise<Order> {
    const { api, journal, steps } = this.options
    let attempt = 0
    return async () => {
      attempt++
      journal.note(sale.saleId, 'confirm-started', { attempt })
      await steps.step(sale.saleId, 'confirm-started')
      try {
        return await api.confirmOrder(sale.reference!, {
          paymentReference: sale.paymentRef!,
          amountPaid: amountOf(sale.amountCents),
          paymentMethodCode: sale.paymentMethod,
        })
      } catch (error) {
        journal.note(sale.saleId, 'confirm-failed', { attempt, code: codeOf(error) })
        if (error instanceof ApiCallError) throw error
        // Not the vendor's answer: asked again all the same, and named as it was for the journal's last word.
        const code = (error as { code?: string } | null)?.code ?? String(error)
        throw new ApiCallError('network', code, 'errors.api.offline', true, null, String(error), { cause: error })
      }
    }
  }

  async #confirmed(sale: SaleRecord, order: Order): Promise<CheckoutOutcome> {
    // Need not wait for the disk: the paper comes out only after 'print-started', which waits and carries this step;
    // lost in a power cut before then, the sale reads as paid and not confirmed, and recovery confirms it again (the
    // vendor's confirm, asked with the same payment reference, is the same confirm, and its record for the hub the same).
    const confirmed = this.options.journal.unwaited(() => this.options.journal.record(sale.saleId, 'confirmed', 'confirmed', { order }))
    await this.options.steps.step(sale.saleId, 'confirmed')
    // Tickets only now, after the vendor confirmed: never a ticket for an unsold seat.
    const printed = await this.print(confirmed, 'sale')
    return { ...outcomeFor(this.options.steps.sale(sale.saleId), 'confirmed'), printed }
  }

  /**
   * No confirm answer said yes, but a lost answer may hide a confirm the vendor
   * did: the order is asked for before any money goes back. Only an order the
   * vendor holds as unconfirmed is refunded; one it cannot be asked about goes
   * to staff with the payment kept, never refunded blind.
   */
  async #afterFailedConfirm(sale: SaleRecord, code: string): Promise<CheckoutOutcome> {
    const { api, journal } = this.options
    let order: Order
    try {
      order = await api.getOrder(sale.reference!)
    } catch (error) {
      journal.note(sale.saleId, 'confirm-check-failed', { code: codeOf(error) })
      const note = staffNoteText([{ key: 'confirmUnknown', params: { paymentRef: sale.paymentRef, reference: sale.reference, detail: code } }])
      return outcomeFor(journal.record(sale.saleId, 'confirm-unknown', 'submitted', { staffNote: note, heldForStaff: true }), 'needs-staff')
    }
    journal.note(sale.saleId, 'confirm-checked', { orderStatus: order.status })
    if (order.status === 'CONFIRMED') return this.#confirmed(sale, order)
    return this.giveBack(sale, { key: 'whyNotConfirmed', params: { code, orderStatus: order.status } })
  }

  /**
   * Gives a taken payment back (card refund through the terminal; cash handed
   * back by staff; a standalone-terminal card reversed there by staff) and voids the order.
   */
  async giveBack(sale: SaleRecord, why: GiveBackReason): Promise<CheckoutOutcome> {
    const { journal } = this.options
    journal.note(sale.saleId, 'refund-started', { why })
    const taken = paymentsNotGivenBack(sale)
    const payment = taken[0]
    if (!payment) {
      await this.voidOrder(sale, why.key)
      return outcomeFor(this.options.steps.sale(sale.saleId), 'declined')
    }
    if (taken.length > 1) {
      const after = await giveBackParts(sale, taken, why, { journal, terminal: this.options.terminal })
      await openForCashBack(this.options.drawer, sale.saleId, taken)
      return this.#afterGiveBack(after)
    }
    if (payment.tender === 'standalone') {
      const open = standaloneToStaff(journal, sale, why)
      await this.#cancelAtVendor(open)
      return outcomeFor(open, 'needs-staff')
    }
    const paymentKey = payment.attemptKey
    if (payment.tender === 'card') {
      try {
        await this.options.terminal!.refund(paymentKey!)
      } catch (error) {
        const note = staffNoteText([{ key: 'refundFailed', params: { paymentKey, reference: sale.reference, error: (error as Error).message } }, why])
        const changes = { staffNote: note, heldForStaff: true }
        return outcomeFor(journal.refundPayment(sale.saleId, 'refund-failed', { refersTo: payment.seq, state: 'declined' }, 'submitted', changes), 'needs-staff')
      }
    }
    const note = staffNoteText([
      payment.tender === 'cash'
        ? { key: 'cashToGiveBack', params: { amountCents: payment.amountCents, reference: sale.reference } }
        : { key: 'cardRefunded', params: { paymentKey, reference: sale.reference } },
      why,
    ])
    const after = journal.refundPayment(sale.saleId, 'refunded', { refersTo: payment.seq, state: 'approved' }, 'cancelled', { staffNote: note })
    await openForCashBack(this.options.drawer, sale.saleId, taken)
    return this.#afterGiveBack(after)
  }

  /** The order of a sale whose payments went back is voided at the vendor; a slip is printed unless staff must act first. */
  async #afterGiveBack(after: SaleRecord): Promise<CheckoutOutcome> {
    await this.#cancelAtVendor(after)
    if (after.state === 'needs-staff') return outcomeFor(after, 'needs-staff')
    const printed = await this.print(after, 'refund')
    return { ...outcomeFor(after, 'refunded'), printed }
  }

  /** Prints a sale's documents (again), journalled; false when there is no printer or it failed. */
  print(sale: SaleRecord, what: PrintWhat): Promise<boolean> {
    // Only a sale's own first print is the customer's to watch: not reprints, not a refund slip.
    const progress = what === 'sale' ? (printed: number, of: number) => this.options.printing(sale.saleId, printed, of) : undefined
    return printSale(this.options.printer, this.options.journal, sale, what, (step) => this.options.steps.step(sale.saleId, step), progress)
  }

  /**
   * Staff print a confirmed sale's tickets or receipt again, from the journal; `missing`: what a print that
   * stopped part-way left out (the sale's own print, which sends only documents not yet out), only while
   * the sale is not all printed, so a second Retry does not print the sale again.
   */
  async reprint(saleId: string, what: 'tickets' | 'receipt' | 'missing'): Promise<boolean> {
    const sale = this.options.steps.sale(saleId)
    const printable = what === 'missing' ? sale.state === 'confirmed' : sale.state === 'confirmed' || sale.state === 'printed'
    if (!printable) throw checkoutError('checkout.not-printable', 'checkout.errors.notPrintable', `sale ${saleId} is ${sale.state}`)
    if (!this.options.printer) throw checkoutError('checkout.no-printer', 'checkout.errors.noPrinter', 'no printer is set up')
    return this.print(sale, what === 'missing' ? 'sale' : what)
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
      this.options.journal.note(sale.saleId, 'order-cancel-failed', { code: codeOf(error) })
    }
  }
}
