import { decodeHTML } from 'entities'
import type { Money } from '../../contract/model'
import { centsOf, formatMoney, isCentsAmount } from '../../contract/money'
import { numberOf, type JsonObject, type Reading } from './reading'

/**
 * Value conversions shared by the readers: Monetary objects, the spec's
 * HTML-escaped text, image paths, and numbers packed into strings.
 */

/**
 * ISO 4217 numeric codes of the currencies Foyer's tenants may use. The spec
 * documents Monetary.currency as a Number while carrying a code string, so
 * either form reads as the code.
 */
const currencyByNumber = new Map<number, string>([
  [702, 'SGD'],
  [458, 'MYR'],
  [344, 'HKD'],
  [156, 'CNY'],
  [840, 'USD'],
])

function currencyOf(r: Reading, o: JsonObject): string {
  const value = o.currency
  // Required (Nullable N): "defaults to SGD for the tenant" describes the
  // tenant's setting, not a licence to assume SGD for a price without one.
  if (value === undefined || value === null) return r.fail('currency', 'is missing')
  const number = typeof value === 'number' || (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) ? numberOf(value) : undefined
  if (number !== undefined) {
    if (!Number.isInteger(number)) return r.fail('currency', 'is not a currency code')
    // An unknown numeric code stays visible as itself rather than guessed at.
    return currencyByNumber.get(number) ?? String(number)
  }
  if (typeof value !== 'string' || value.trim() === '') return r.fail('currency', 'is not a currency code')
  return value.trim().toUpperCase()
}

/**
 * A Monetary object (amount required, also as a numeric string; currency
 * required; formatted optional, else written as the screen writes money). An
 * amount in fractions of a cent is refused: Foyer could not charge it exactly.
 */
export function readMoney(r: Reading, o: JsonObject): Money {
  const amount = r.num(o, 'amount')
  if (!isCentsAmount(amount)) return r.fail('amount', 'is not a whole number of cents')
  const currency = currencyOf(r, o)
  const formatted = r.optStr(o, 'formatted') ?? formatMoney(centsOf(amount), 'en-SG', currency)
  return { amount, currency, formatted }
}

/**
 * Decodes one of the fields the spec marks HTML-escaped, exactly once:
 * "&amp;lt;" is the text "&lt;", which the renderer shows as typed. Most
 * texts hold no entity at all, so those skip the decoder.
 */
export function unescapeHtml(text: string): string {
  return text.includes('&') ? decodeHTML(text) : text
}

export const unescapeNullable = (text: string | null): string | null => (text === null ? null : unescapeHtml(text))

/**
 * Image paths are relative to the image host, but the real service (and the
 * sandbox under quirks) may start them with "/": one is stripped, so every
 * path joins the image base URL the same way.
 */
export function relativePath(path: string | null): string | null {
  return path !== null && path.startsWith('/') ? path.slice(1) : path
}

const [SPACE, DIGIT_0, DIGIT_9, POINT, MINUS, PLUS, LOWER_E, UPPER_E] = [...' 09.-+eE'].map((c) => c.charCodeAt(0)) as [
  number, number, number, number, number, number, number, number,
]
/** Exact powers of ten: a mantissa under 2^53 divided by one is rounded once, exactly as Number() rounds. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k)

/** The general case: a part with an exponent, or too many digits for the fast path. */
function slowPart(part: string): number {
  for (let i = 0; i < part.length; i++) {
    const c = part.charCodeAt(i)
    const allowed = (c >= DIGIT_0 && c <= DIGIT_9) || c === POINT || c === MINUS || c === PLUS || c === LOWER_E || c === UPPER_E || c === SPACE
    // With no letter but e, Number() cannot take "0x10", "Infinity" and the like.
    if (!allowed) return Number.NaN
  }
  return Number(part)
}

/**
 * The number in text[from, to): undefined when blank, NaN when not a plain
 * decimal. Plain "[-]digits[.digits]" of up to 15 digits (every coordinate
 * and quantity) is parsed in place, without a substring: a 3D offer carries
 * ten numbers per seat for hundreds of seats.
 */
function partValue(text: string, from: number, to: number): number | undefined {
  let i = from
  let last = to
  while (i < last && text.charCodeAt(i) === SPACE) i++
  while (last > i && text.charCodeAt(last - 1) === SPACE) last--
  if (i === last) return undefined
  const first = text.charCodeAt(i)
  const negative = first === MINUS
  if (negative || first === PLUS) i++
  let mantissa = 0
  let digits = 0
  let decimals = 0
  let point = false
  for (; i < last; i++) {
    const c = text.charCodeAt(i)
    if (c >= DIGIT_0 && c <= DIGIT_9) {
      mantissa = mantissa * 10 + (c - DIGIT_0)
      digits++
      if (point) decimals++
    } else if (c === POINT && !point) point = true
    else return slowPart(text.slice(from, to))
  }
  if (digits === 0) return Number.NaN
  if (digits > 15) return slowPart(text.slice(from, to))
  const value = decimals === 0 ? mantissa : mantissa / POWERS_OF_TEN[decimals]!
  return negative ? -value : value
}

/**
 * The numbers of a comma-separated string ("x1,y1,x2,y2", "1,2,3"); spaces
 * around a number and empty parts (a trailing comma) are tolerated, anything
 * else that is not a plain decimal is refused. `key` is the field's name (or
 * list index) for the error path, relative to the reading's position.
 */
export function numbersIn(r: Reading, text: string, key: string | number): number[] {
  const numbers: number[] = []
  let start = 0
  while (start <= text.length) {
    let end = text.indexOf(',', start)
    if (end < 0) end = text.length
    const value = partValue(text, start, end)
    if (value !== undefined) {
      if (Number.isNaN(value)) r.fail(key, 'has a part that is not a number')
      numbers.push(value)
    }
    start = end + 1
  }
  return numbers
}
