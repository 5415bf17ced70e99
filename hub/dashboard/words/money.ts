/**
 * Cents for display in a language: "S$1,234.50", the renderer's way (electron/contract/money.ts's
 * formatMoney, which this page may not import: it takes hub/protocol only). Singapore dollars are
 * written "S$" in every language, as the vendor writes them; a negative amount starts with a real minus (−).
 */
const formatters = new Map<string, Intl.NumberFormat>()

export function moneyWords(cents: number, locale: string): string {
  let format = formatters.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true })
    formatters.set(locale, format)
  }
  return `${cents < 0 ? '−' : ''}S$${format.format(Math.abs(cents) / 100)}`
}
