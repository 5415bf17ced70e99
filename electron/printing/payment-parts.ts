import { paymentsTaken } from '../journal/sale-payments'
import type { PaymentRecord, SaleRecord } from '../journal/sales-journal'
import { cardLabel, moneyOfCents, type CardOnFile } from './format'
import { html, type SafeHtml } from './html'
import type { PaperLanguage, PaperWords } from './paper-words'

/**
 * The tenders of a split sale on paper: the receipt lists each part (the cash
 * with what was tendered and the change, the card, the standalone terminal's
 * approval code), and a refund slip says how each part went back.
 */
export interface PartsOnPaper {
  currency: string
  card: CardOnFile | null | undefined
  approvalCode: string | null | undefined
  language: PaperLanguage
  words: PaperWords
}

function partRows(part: PaymentRecord, on: PartsOnPaper, paymentMethod: string): SafeHtml[] {
  const { currency, language, words } = on
  const amount = moneyOfCents(part.amountCents, currency, language)
  switch (part.tender) {
    case 'cash': {
      const rows = [html`<dt>${words.cash}</dt><dd class="part">${amount}</dd>`]
      if (part.tenderedCents !== null) rows.push(html`<dt>${words.tendered}</dt><dd>${moneyOfCents(part.tenderedCents, currency, language)}</dd>`)
      if (part.changeCents !== null) rows.push(html`<dt>${words.change}</dt><dd class="change">${moneyOfCents(part.changeCents, currency, language)}</dd>`)
      return rows
    }
    case 'standalone':
      return [
        html`<dt>${words.standalone}</dt><dd class="part">${amount}</dd>`,
        html`<dt>${words.approvalCode}</dt><dd class="approval-code">${part.approvalCode ?? on.approvalCode ?? words.notGiven}</dd>`,
      ]
    case 'card': {
      const rows = [html`<dt>${words.card}</dt><dd class="part">${amount}</dd>`, html`<dt></dt><dd class="card">${cardLabel(on.card, paymentMethod)}</dd>`]
      if (on.card?.receipt?.authCode) rows.push(html`<dt>${words.authCode}</dt><dd class="auth-code">${on.card.receipt.authCode}</dd>`)
      return rows
    }
  }
}

/** The receipt's payment rows for a sale paid in parts: each tender with its amount. */
export function splitPaymentRows(sale: SaleRecord, on: PartsOnPaper): SafeHtml {
  return html`${paymentsTaken(sale.payments).flatMap((part) => partRows(part, on, sale.paymentMethod))}`
}

/** The refund slip's rows: how each tender went back (one row for a sale paid one way, as before). */
export function refundTenderRows(sale: SaleRecord, on: PartsOnPaper): SafeHtml {
  const { currency, language, words } = on
  const labels = { cash: words.refundedInCash, card: words.refundedToCard, standalone: words.reversedOnStandalone }
  const given = sale.payments.filter((p) => p.kind === 'refund' && p.state === 'approved')
  if (given.length <= 1) {
    const value = sale.tender === 'card' ? cardLabel(on.card, sale.paymentMethod) : moneyOfCents(sale.amountCents, currency, language)
    return html`<dt>${labels[given[0]?.tender ?? sale.tender]}</dt><dd>${value}</dd>`
  }
  return html`${given.map((refund) => {
    const amount = moneyOfCents(refund.amountCents, currency, language)
    const value = refund.tender === 'card' ? `${cardLabel(on.card, sale.paymentMethod)} ${amount}` : amount
    return html`<dt>${labels[refund.tender]}</dt><dd class="part">${value}</dd>`
  })}`
}
