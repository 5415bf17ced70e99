/**
 * The numbers of a comma-separated string ("x1,y1,x2,y2", "1,2,3"), read in
 * place. A 3D offer carries ten numbers per seat for hundreds of seats; V8's
 * string-to-number (Number(), parseFloat, even a JSON array) costs about
 * 100 ns a number, which made this the larger part of reading an offer, so a
 * plain "[-]digits[.digits]" of up to 15 digits is read from its character
 * codes and any other form is handed to Number(). The result is exactly
 * Number()'s (tests/unit/api/reader-seats.test.ts checks 2,000 forms).
 */

/** A plain decimal number as text: what "12.50" or " 3 " carry; not "0x10", "", "Infinity". */
export const DECIMAL = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/

const [SPACE, DIGIT_0, DIGIT_9, POINT, MINUS, PLUS] = [...' 09.-+'].map((c) => c.charCodeAt(0)) as [number, number, number, number, number, number]
/** Exact powers of ten: a mantissa under 2^53 divided by one is rounded once, exactly as Number() rounds. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k)

/** The general case: a part with an exponent, or too many digits for the fast path. */
const slowPart = (part: string): number => (DECIMAL.test(part) ? Number(part) : Number.NaN)

/** The number in text[from, to): undefined when blank, NaN when not a plain decimal. */
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

/** The numbers in `text`, spaces and empty parts (a trailing comma) tolerated; null when a part is not a plain decimal. */
export function numbersIn(text: string): number[] | null {
  const numbers: number[] = []
  let start = 0
  while (start <= text.length) {
    let end = text.indexOf(',', start)
    if (end < 0) end = text.length
    const value = partValue(text, start, end)
    if (value !== undefined) {
      if (!Number.isFinite(value)) return null
      numbers.push(value)
    }
    start = end + 1
  }
  return numbers
}
