/**
 * The one way the hub's files write money: the journal's integer cents as a plain decimal, "1234.50",
 * "-0.05" (no currency sign or grouping, so a spreadsheet and the acquirer's report read it as a number).
 */
export function centsText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Money must be whole cents, not ${cents}.`)
  const sign = cents < 0 ? '-' : ''
  const whole = Math.abs(cents)
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`
}

/**
 * Money as a manager types it on the dashboard ("2.50", "5", "1,000.00" in dollars) to whole cents,
 * without passing through a floating-point number; null for anything else (a minus, three decimals, words).
 */
export function centsFromText(text: string): number | null {
  const typed = /^(\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!typed) return null
  const dollars = Number(typed[1]!.replaceAll(',', ''))
  const cents = Number((typed[2] ?? '').padEnd(2, '0'))
  return dollars * 100 + cents
}
