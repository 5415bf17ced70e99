import type { TestCardName } from '../contract/checkout-channels'
import type { SaleRecord, SalesJournal } from '../journal/sales-journal'
import type { PaymentResult, PaymentTerminal } from '../payment/payment-port'
import type { CardAtTerminal } from './card-at-terminal'
import { checkoutError, outcomeFor, type CheckoutOutcome, type DrawerPulses, type PaymentInput, type SaleSteps } from './checkout-types'
import { dueOf } from '../journal/sale-states'
import { nextPaymentSeq } from './split-tender'
import { standaloneApproved, startStandalone } from './standalone'
import { staffNoteText } from '../journal/staff-note'

/**
 * Tenders: taking the money for an invoiced sale, one way per tender (a card
 * at the integrated terminal, cash in the drawer, a card on the standalone
 * terminal keyed in by staff). Each journals its payment as a record of its
 * own and, once the order's total is taken, hands the paid sale to settlement
 * (./settlement.ts); none of them talks to the vendor. A split sale (a cash
 * part first, ./split-tender.ts) is paid by several: each takes what is due.
 */
export interface TendersOptions {
  journal: SalesJournal
  terminal: PaymentTerminal | null
  /** The card side of payments at the integrated terminal; null without one. */
  card: CardAtTerminal | null
  steps: SaleSteps
  /** The cash drawer, opened once cash is taken (before the receipt); null: none. */
  drawer: DrawerPulses | null
  /** Settles a paid sale (confirm with the vendor, print, record). */
  settle: (paid: SaleRecord) => Promise<CheckoutOutcome>
}

export class Tenders {
  constructor(private readonly options: TendersOptions) {}

  /** Takes the payment the input names; `approvalCode` is the standalone's, already checked. */
  take(sale: SaleRecord, input: PaymentInput, approvalCode: string | null): Promise<CheckoutOutcome> {
    switch (input.tender) {
      case 'cash':
        return this.#cash(sale, input.tenderedCents, input.partCents ?? dueOf(sale), input.shiftId ?? sale.shiftId)
      case 'standalone':
        return this.#standalone(sale, approvalCode!, input.shiftId ?? sale.shiftId)
      case 'card':
        return this.#card(sale, input.testCard)
    }
  }

  async #card(sale: SaleRecord, testCard: TestCardName | undefined): Promise<CheckoutOutcome> {
    const { journal, terminal, card, steps } = this.options
    if (!terminal || !card) throw checkoutError('checkout.no-terminal', 'checkout.errors.noTerminal', 'no card terminal is set up')
    // The idempotency key: the invoice and the payment's number. A retry of this payment can never charge twice.
    const seq = nextPaymentSeq(sale)
    const key = `${sale.reference}-${seq}`
    const amountCents = dueOf(sale)
    journal.startPayment(sale.saleId, 'payment-started', { tender: 'card', amountCents, attemptKey: key }, {}, { terminal: terminal.name })
    await steps.step(sale.saleId, 'payment-started')
    const result = await card.take(sale.saleId, key, amountCents, testCard)
    return this.#afterCard(steps.sale(sale.saleId), seq, result)
  }

  async #cash(sale: SaleRecord, tenderedCents: number, partCents: number, shiftId: string | null): Promise<CheckoutOutcome> {
    if (!Number.isInteger(tenderedCents) || tenderedCents < partCents) {
      throw checkoutError('checkout.cash-short', 'checkout.errors.cashShort', `tendered ${tenderedCents} for ${partCents}`)
    }
    const { journal, steps } = this.options
    // Need not wait for the disk: the drawer opens only after 'cash-taken', which waits and carries this step; lost in a
    // power cut before then, the sale reads as not yet paid in cash (the notes still in the cashier's hand, the drawer
    // shut), as if the cut came a moment earlier, and recovery settles it as such (voids it, or gives a split's parts back).
    const { seq } = journal.unwaited(() => journal.startPayment(sale.saleId, 'payment-started', { tender: 'cash', amountCents: partCents, tenderedCents }, { shiftId }))
    await steps.step(sale.saleId, 'payment-started')
    const paid = journal.settlePayment(sale.saleId, 'cash-taken', seq, 'approved', { reference: `CASH-${sale.reference}-${seq}`, changeCents: tenderedCents - partCents })
    await steps.step(sale.saleId, 'payment-approved')
    // The cash goes in the drawer now, with the change shown: before the vendor's confirm and the receipt.
    await this.options.drawer?.open('cash-sale', { saleId: sale.saleId }).catch(() => undefined)
    // A cash part of a split sale: the rest is still to pay (on the card, or in cash).
    if (paid.state === 'part-paid') return outcomeFor(paid, 'part-paid')
    return this.options.settle(paid)
  }

  /** The card was taken on the standalone terminal (./standalone.ts): journalled, then settled like any payment. */
  async #standalone(sale: SaleRecord, approvalCode: string, shiftId: string | null): Promise<CheckoutOutcome> {
    const { journal, steps } = this.options
    const { seq } = startStandalone(journal, sale, approvalCode, shiftId)
    await steps.step(sale.saleId, 'payment-started')
    const paid = standaloneApproved(journal, sale, seq, approvalCode)
    await steps.step(sale.saleId, 'payment-approved')
    return this.options.settle(paid)
  }

  /** Records what the terminal answered and what follows from it. */
  async #afterCard(sale: SaleRecord, seq: number, result: PaymentResult): Promise<CheckoutOutcome> {
    const { journal, steps } = this.options
    // The card as the terminal reported it, for the receipt: brand, masked PAN, auth code, AID, its receipt lines.
    const card = { brand: result.brand, last4: result.last4, detail: result.detail, ...(result.receipt ? { receipt: result.receipt } : {}) }
    switch (result.outcome) {
      case 'approved': {
        const paid = journal.settlePayment(sale.saleId, 'payment-approved', seq, 'approved', { reference: result.transactionId }, {}, card)
        await steps.step(sale.saleId, 'payment-approved')
        return this.options.settle(paid)
      }
      case 'declined':
      case 'cancelled':
      case 'unavailable': {
        const declined = journal.settlePayment(sale.saleId, `payment-${result.outcome}`, seq, 'declined', {}, {}, card)
        return { ...outcomeFor(declined, result.outcome === 'unavailable' ? 'unavailable' : 'declined'), detail: result.outcome }
      }
      case 'unknown': {
        const note = staffNoteText([{ key: 'paymentUnknown', params: { paymentKey: sale.paymentKey, reference: sale.reference } }])
        const open = journal.settlePayment(sale.saleId, 'payment-unresolved', seq, 'unknown', {}, { changes: { staffNote: note, heldForStaff: true } }, card)
        return outcomeFor(open, 'needs-staff')
      }
    }
  }
}
