import { VENUE_TIME_ZONE } from '../contract/house-facts'
import { centsOf, formatMoney } from '../contract/money'
import { approvedCardDetailSchema, CARD_APPROVED_STEPS } from '../journal/card-step'
import type { SaleStep } from '../journal/sales-journal'
import type { CardReceipt } from '../payment/payment-port'
import { paperWords, type PaperLanguage, type PaperWords } from './paper-words'

/**
 * How printed documents say fees, deliveries, dates, money and the card, in
 * the language of the sale (./paper-words.ts).
 */

/** "SERVICE_FEE" → "Service fee". */
function tidyCode(code: string): string {
  const plain = code.replace(/[_-]+/g, ' ').trim().toLowerCase()
  return plain ? plain[0]!.toUpperCase() + plain.slice(1) : code
}

/** Fee codes in words; a code Foyer does not know yet is shown tidied ("SERVICE_FEE" → "Service fee"). */
export function feeName(code: string, words: PaperWords = paperWords()): string {
  return words.fees[code.toUpperCase()] ?? tidyCode(code)
}

/** Delivery method codes in words (the tenant's, docs/sandbox-api.md); others tidied like fees. */
export function deliveryName(code: string | null, words: PaperWords = paperWords()): string {
  if (!code) return words.delivery
  return words.deliveries[code.toUpperCase()] ?? tidyCode(code)
}

// Venues are in Singapore: every time is printed in Singapore time, whatever the machine's zone.
const dateTimes = new Map<PaperLanguage, Intl.DateTimeFormat>()
function dateTimeFormat(language: PaperLanguage): Intl.DateTimeFormat {
  let format = dateTimes.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      timeZone: VENUE_TIME_ZONE,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    dateTimes.set(language, format)
  }
  return format
}

/** "Sun, 22 Nov 2026, 19:30" (in English) in Singapore time; an unreadable API date is printed as the API gave it. */
export function singaporeTime(when: string | number | null, language: PaperLanguage = 'en-SG'): string {
  if (when === null || when === '') return paperWords(language).notGiven
  const date = new Date(when)
  return Number.isNaN(date.getTime()) ? String(when) : dateTimeFormat(language).format(date)
}

/** Cents as the screen writes them in the sale's language, thousands separator included: "S$1,234.50". */
export function moneyOfCents(cents: number, currency = 'SGD', language: PaperLanguage = 'en-SG'): string {
  return formatMoney(cents, language, currency)
}

/** A vendor Monetary as the screen writes it (not the vendor's own `formatted`, which may lack the separator). */
export function moneyOf(money: { amount: number; currency: string }, language: PaperLanguage = 'en-SG'): string {
  return formatMoney(centsOf(money.amount), language, money.currency)
}


/** The card as the terminal reported it: brand, last four digits and what schemes want on the receipt; never the card number. */
export interface CardOnFile {
  brand: string | null
  last4: string | null
  receipt?: CardReceipt | null
}

/**
 * The card of a sale's approved payment, from its journal steps (the
 * terminal's answer is kept in the step's detail, not on the sale record,
 * and read back by its schema, ../journal/card-step.ts); an approval found by
 * recovery counts as well.
 */
export function cardFromSteps(steps: readonly SaleStep[]): CardOnFile | null {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!
    if (!CARD_APPROVED_STEPS.includes(step.step)) continue
    const card = approvedCardDetailSchema.safeParse(step.detail)
    if (card.success) return card.data
  }
  return null
}

/** "VISA •••• 4242", or the payment method's code when the terminal told nothing more. */
export function cardLabel(card: CardOnFile | null | undefined, paymentMethod: string): string {
  const brand = card?.brand ?? paymentMethod
  const last4 = card?.last4 && /^\d{4}$/.test(card.last4) ? ` •••• ${card.last4}` : ''
  return `${brand}${last4}`
}
