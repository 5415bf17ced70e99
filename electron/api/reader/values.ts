import { decodeHTML } from 'entities'
import { z } from 'zod'
import type { Money } from '../../contract/model'
import { centsOf, formatMoney, isCentsAmount } from '../../contract/money'
import { scalarWords } from './reading'
import { number, optText } from './scalars'

/** The value kinds of the spec shared by the resources: Monetary objects, HTML-escaped text, image paths. */

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

/**
 * Required (Nullable N): "defaults to SGD for the tenant" describes the
 * tenant's setting, not a licence to assume SGD for a price without one. An
 * unknown numeric code stays visible as itself rather than guessed at.
 */
const currency = z.union(
  [
    z.union([z.int(), z.string().regex(/^\s*\d+\s*$/).transform(Number)]).transform((code) => currencyByNumber.get(code) ?? String(code)),
    z.string().trim().min(1).toUpperCase(),
  ],
  { error: scalarWords('is not a currency code') },
)

/**
 * A Monetary object (amount required, also as a numeric string; currency
 * required; formatted optional, else written as the screen writes money). An
 * amount in fractions of a cent is refused: Foyer could not charge it exactly.
 */
export const money = z
  .object({ amount: number.refine(isCentsAmount, 'is not a whole number of cents'), currency, formatted: optText })
  .transform(({ amount, currency, formatted }): Money => ({ amount, currency, formatted: formatted ?? formatMoney(centsOf(amount), 'en-SG', currency) }))

/**
 * Decodes one of the fields the spec marks HTML-escaped, exactly once:
 * "&amp;lt;" is the text "&lt;", which the renderer shows as typed. Most
 * texts hold no entity at all, so those skip the decoder.
 */
export function unescapeHtml(text: string): string {
  return text.includes('&') ? decodeHTML(text) : text
}

/** A field the spec marks HTML-escaped, read as the text it stands for. */
export const escapedText = optText.transform((text) => (text === null ? null : unescapeHtml(text)))

/**
 * An image path. Paths are relative to the image host, but the real service
 * (and the sandbox under quirks) may start them with "/": one is stripped, so
 * every path joins the image base URL the same way.
 */
export const imagePath = optText.transform((path) => (path !== null && path.startsWith('/') ? path.slice(1) : path))
