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
