import type { TestCardName } from '../contract/checkout-channels'
import type { SaleRecord, SalesJournal } from '../journal/sales-journal'
import type { PaymentResult, PaymentTerminal } from '../payment/payment-port'
import type { CardAtTerminal } from './card-at-terminal'
import { checkoutError, outcomeFor, type CheckoutOutcome, type PaymentInput, type SaleSteps } from './checkout-types'
import { standaloneApproved, startStandalone } from './standalone'
import { staffNoteText } from '../journal/staff-note'

/**
 * Tenders: taking the money for an invoiced sale, one way per tender (a card
 * at the integrated terminal, cash in the drawer, a card on the standalone
 * terminal keyed in by staff). Each journals its payment and, once it is
 * taken, hands the paid sale to settlement (./settlement.ts); none of them
 * talks to the vendor.
 */
export interface TendersOptions {
  journal: SalesJournal
  terminal: PaymentTerminal | null
  /** The card side of payments at the integrated terminal; null without one. */
  card: CardAtTerminal | null
  steps: SaleSteps
  /** Settles a paid sale (confirm with the vendor, print, record). */
  settle: (paid: SaleRecord) => Promise<CheckoutOutcome>
}

export class Tenders {
  constructor(private readonly options: TendersOptions) {}

  /** Takes the payment the input names; `approvalCode` is the standalone's, already checked. */
  take(sale: SaleRecord, input: PaymentInput, approvalCode: string | null): Promise<CheckoutOutcome> {
    switch (input.tender) {
      case 'cash':
        return this.#cash(sale, input.tenderedCents)
      case 'standalone':
        return this.#standalone(sale, approvalCode!, input.shiftId ?? sale.shiftId)
      case 'card':
        return this.#card(sale, input.testCard)
    }
  }

  async #card(sale: SaleRecord, testCard: TestCardName | undefined): Promise<CheckoutOutcome> {
    const { journal, terminal, card, steps } = this.options
    if (!terminal || !card) throw checkoutError('checkout.no-terminal', 'checkout.errors.noTerminal', 'no card terminal is set up')
    const attempt = sale.attempt + 1
    // The idempotency key: the invoice and the attempt. A retry of this attempt can never charge twice.
    const key = `${sale.reference}-${attempt}`
    journal.record(sale.saleId, 'payment-started', 'paying', { attempt, paymentKey: key }, { terminal: terminal.name })
    await steps.step(sale.saleId, 'payment-started')
    const result = await card.take(sale.saleId, key, sale.amountCents, testCard)
    return this.#afterCard(steps.sale(sale.saleId), result)
  }

  async #cash(sale: SaleRecord, tenderedCents: number): Promise<CheckoutOutcome> {
    if (!Number.isInteger(tenderedCents) || tenderedCents < sale.amountCents) {
      throw checkoutError('checkout.cash-short', 'checkout.errors.cashShort', `tendered ${tenderedCents} for ${sale.amountCents}`)
    }
    const { journal, steps } = this.options
    const attempt = sale.attempt + 1
    journal.record(sale.saleId, 'payment-started', 'paying', { attempt, tenderedCents })
    await steps.step(sale.saleId, 'payment-started')
    const paid = journal.record(sale.saleId, 'cash-taken', 'paid', {
      paymentRef: `CASH-${sale.reference}-${attempt}`,
      changeCents: tenderedCents - sale.amountCents,
    })
    await steps.step(sale.saleId, 'payment-approved')
    return this.options.settle(paid)
  }

  /** The card was taken on the standalone terminal (./standalone.ts): journalled, then settled like any payment. */
  async #standalone(sale: SaleRecord, approvalCode: string, shiftId: string | null): Promise<CheckoutOutcome> {
    const { journal, steps } = this.options
    const { attempt } = startStandalone(journal, sale, approvalCode, shiftId)
    await steps.step(sale.saleId, 'payment-started')
    const paid = standaloneApproved(journal, sale, attempt, approvalCode)
    await steps.step(sale.saleId, 'payment-approved')
    return this.options.settle(paid)
  }

  /** Records what the terminal answered and what follows from it. */
  async #afterCard(sale: SaleRecord, result: PaymentResult): Promise<CheckoutOutcome> {
    const { journal, steps } = this.options
    // The card as the terminal reported it, for the receipt: brand, masked PAN, auth code, AID, its receipt lines.
    const card = { brand: result.brand, last4: result.last4, detail: result.detail, ...(result.receipt ? { receipt: result.receipt } : {}) }
    switch (result.outcome) {
      case 'approved': {
        const paid = journal.record(sale.saleId, 'payment-approved', 'paid', { paymentRef: result.transactionId }, card)
        await steps.step(sale.saleId, 'payment-approved')
        return this.options.settle(paid)
      }
      case 'declined':
      case 'cancelled':
      case 'unavailable': {
        const declined = journal.record(sale.saleId, `payment-${result.outcome}`, 'declined', {}, card)
        return { ...outcomeFor(declined, result.outcome === 'unavailable' ? 'unavailable' : 'declined'), detail: result.outcome }
      }
      case 'unknown': {
        const note = staffNoteText([{ key: 'paymentUnknown', params: { paymentKey: sale.paymentKey, reference: sale.reference } }])
        const open = journal.record(sale.saleId, 'payment-unresolved', 'needs-staff', { staffNote: note }, card)
        return outcomeFor(open, 'needs-staff')
      }
    }
  }
}
