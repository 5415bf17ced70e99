/**
 * Money, one way everywhere: integer cents inside Foyer, the vendor's decimal
 * amounts converted at the edge without float error, Intl for display (so a
 * receipt and the screen both write S$1,234.50), and cash typed by staff read
 * as people type it, refusing what could be read two ways instead of guessing.
 *
 * Plain TypeScript with no Node APIs: main and the renderer both import it
 * (the renderer through `@contract`).
 */

/** An amount in cents (an integer); S$12.35 is 1235. */
export type Cents = number

/** A vendor amount Foyer will not turn into cents: not finite, fractions of a cent, or too big. */
export class MoneyAmountError extends RangeError {
  constructor(detail: string) {
    super(`not an amount of money: ${detail}`)
    this.name = 'MoneyAmountError'
  }
}

/** "12", "12.3", "12.35" (an optional minus); the digit groups are what makes the conversion exact. */
const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/

/**
 * The vendor's decimal amount (Monetary.amount, a JSON number, or the same as
 * a string) in cents: 12.35 → 1235, "12.3" → 1230. Read from its decimal
 * digits, never multiplied as a float (12.35 * 100 is 1234.9999999999998).
 * Fractions of a cent, exponents and non-finite values are refused: a price
 * Foyer cannot state to the cent is not one it can charge.
 */
export function centsOf(amount: number | string): Cents {
  if (typeof amount === 'number' && !Number.isFinite(amount)) throw new MoneyAmountError('not finite')
  // A number's shortest round-trip form is the decimal the vendor wrote (12.35 → "12.35").
  const text = typeof amount === 'number' ? String(amount) : amount.trim()
  const parts = DECIMAL.exec(text)
  if (!parts) throw new MoneyAmountError('not a plain decimal')
  const [, minus, whole, fraction = ''] = parts
  if (fraction.replace(/0+$/, '').length > 2) throw new MoneyAmountError('more than two decimals')
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'))
  if (!Number.isSafeInteger(cents)) throw new MoneyAmountError('too large')
  return minus && cents !== 0 ? -cents : cents
}

/** Whether the vendor amount converts to whole cents (centsOf would not throw). */
export function isCentsAmount(amount: number | string): boolean {
  try {
    centsOf(amount)
    return true
  } catch {
    return false
  }
}

/**
 * Cents as the vendor's decimal amount, for request bodies (totalAmount,
 * amountPaid): 1235 → 12.35. Division by 100 gives the double nearest the
 * two-decimal value, which JSON writes as exactly that decimal.
 */
export function amountOf(cents: Cents): number {
  if (!Number.isSafeInteger(cents)) throw new MoneyAmountError('cents must be a whole number')
  return cents / 100
}

// ------------------------------------------------------------------ formatting

const formatters = new Map<string, Intl.NumberFormat>()

function formatter(locale: string, currency: string | null): Intl.NumberFormat {
  const key = `${locale}|${currency ?? ''}`
  let found = formatters.get(key)
  if (!found) {
    found = currency
      ? new Intl.NumberFormat(locale, { style: 'currency', currency })
      : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true })
    formatters.set(key, found)
  }
  return found
}

/**
 * Cents for display in a language: "S$1,234.50". Singapore dollars are
 * written "S$" in every language, as the vendor writes them (Intl would write
 * a bare "$" in English and "SGD" elsewhere); other currencies as Intl writes
 * them in that language, and an unknown code before the number. A negative
 * amount starts with a real minus sign (−).
 */
export function formatMoney(cents: Cents, locale: string, currency = 'SGD'): string {
  const sign = cents < 0 ? '−' : ''
  const amount = Math.abs(cents) / 100
  if (currency === 'SGD') return `${sign}S$${formatter(locale, null).format(amount)}`
  if (/^[A-Z]{3}$/.test(currency)) return `${sign}${formatter(locale, currency).format(amount)}`
  return `${sign}${currency} ${formatter(locale, null).format(amount)}`
}

// ------------------------------------------------------------------ reading what people type

/** Why typed money was refused; the screen words each one. */
export type MoneyInputProblem =
  | 'empty'
  | 'negative'
  /** Could be read two ways: "1,00", "1.000,50", "1,0000" (a decimal comma, or grouping gone wrong). */
  | 'ambiguous'
  /** Fractions of a cent: "10.505". */
  | 'too-many-decimals'
  | 'too-large'
  | 'malformed'

export type MoneyInput = { ok: true; cents: Cents } | { ok: false; problem: MoneyInputProblem }

/** The most a typed cash amount may be (S$1,000,000.00), the contract's own limit on cash. */
export const MAX_TYPED_CENTS = 100_000_000

const separators = new Map<string, { group: string; decimal: string }>()

/** The locale's grouping and decimal marks, from Intl (en-SG, zh-CN, zh-HK and ms-MY all write 1,234.50). */
function separatorsOf(locale: string): { group: string; decimal: string } {
  let found = separators.get(locale)
  if (!found) {
    const parts = formatter(locale, null).formatToParts(1234.5)
    found = { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' }
    separators.set(locale, found)
  }
  return found
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A currency before or after the number: S$, SGD, $ (and full-width forms, folded by NFKC first). */
const CURRENCY_BEFORE = /^(?:S\$|SGD|\$)\s*/i
const CURRENCY_AFTER = /\s*(?:SGD|新元|元)$/i

/**
 * Money as staff type it in the locale: "1000", "1,000", "1,000.50",
 * "S$1,000", "$ 20", "20.5", and full-width digits from a Chinese input
 * method ("１０００"). Anything that could mean two amounts is refused rather
 * than guessed: "1,00" (one dollar with a decimal comma, or a hundred
 * mistyped?), "1.000,50", "1,0000"; so is anything with fractions of a cent.
 */
export function parseMoneyInput(text: string, locale: string): MoneyInput {
  const { group, decimal } = separatorsOf(locale)
  // NFKC folds full-width digits, commas, stops and dollar signs into their ASCII forms.
  let rest = text.normalize('NFKC').trim()
  if (rest === '') return { ok: false, problem: 'empty' }
  if (/^[-−]/.test(rest)) return { ok: false, problem: 'negative' }
  rest = rest.replace(CURRENCY_BEFORE, '').replace(CURRENCY_AFTER, '').trim()
  if (/^[-−]/.test(rest)) return { ok: false, problem: 'negative' }
  if (rest === '') return { ok: false, problem: 'malformed' }
  // Spaces as grouping ("1 000") are not how these locales write money: refused with the rest below.
  const g = escape(group)
  const d = escape(decimal)
  const plain = new RegExp(`^(\\d*)(?:${d}(\\d*))?$`).exec(rest)
  const grouped = new RegExp(`^(\\d{1,3}(?:${g}\\d{3})+)(?:${d}(\\d*))?$`).exec(rest)
  const match = plain ?? grouped
  if (!match) {
    // A grouping mark where it cannot be one, or both marks the other way round: two readings.
    return { ok: false, problem: rest.includes(group) || /[.,]/.test(rest) ? 'ambiguous' : 'malformed' }
  }
  const whole = (match[1] ?? '').split(group).join('')
  const fraction = match[2] ?? ''
  if (whole === '' && fraction === '') return { ok: false, problem: 'malformed' }
  if (fraction.length > 2) return { ok: false, problem: whole.length <= 3 && fraction.length === 3 && plain ? 'ambiguous' : 'too-many-decimals' }
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'))
  if (!Number.isSafeInteger(cents) || cents > MAX_TYPED_CENTS) return { ok: false, problem: 'too-large' }
  return { ok: true, cents }
}

/** The form a cents amount is put back into a cash field in ("1000.50"): what parseMoneyInput reads back the same. */
export function moneyInputText(cents: Cents): string {
  const whole = Math.trunc(Math.abs(cents) / 100)
  return `${cents < 0 ? '-' : ''}${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`
}
