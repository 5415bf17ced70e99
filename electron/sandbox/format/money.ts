import { amountOf, centsOf, formatMoney, isCentsAmount, type Cents } from '../../contract/money'

/** Money is kept in integer cents inside the sandbox, so totals add up exactly (the one money module's Cents). */
export type { Cents }

export interface Monetary {
  amount: number
  currency: string | number
  formatted: string
}

/** ISO 4217 numeric code of SGD: the "documented as Number" form of the currency field. */
const SGD_NUMERIC = 702

/** A client's decimal amount in cents; null when it is not whole cents (which then matches nothing). */
export const centsIfWhole = (amount: number): Cents | null => (isCentsAmount(amount) ? centsOf(amount) : null)

/** Cents as the sandbox writes them in messages: "S$1,234.50". */
export const shownCents = (cents: Cents): string => formatMoney(cents, 'en-SG')

/** The spec's Monetary object; under quirks the currency is the numeric form. Formatted as Foyer's screens write money. */
export function monetary(cents: Cents, quirks: boolean): Monetary {
  return { amount: amountOf(cents), currency: quirks ? SGD_NUMERIC : 'SGD', formatted: formatMoney(cents, 'en-SG') }
}
