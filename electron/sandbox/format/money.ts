/** Money is kept in integer cents inside the sandbox, so totals add up exactly. */
export type Cents = number

export interface Monetary {
  amount: number
  currency: string | number
  formatted: string
}

/** ISO 4217 numeric code of SGD: the "documented as Number" form of the currency field. */
const SGD_NUMERIC = 702

export function toCents(amount: number): Cents {
  return Math.round(amount * 100)
}

/** The spec's Monetary object; under quirks the currency is the numeric form. */
export function monetary(cents: Cents, quirks: boolean): Monetary {
  const amount = cents / 100
  return { amount, currency: quirks ? SGD_NUMERIC : 'SGD', formatted: `S$${amount.toFixed(2)}` }
}
