import { SGD_DENOMINATIONS, type CashCount } from '../../electron/contract/cash-count'

/** A drawer count adding up to `cents`, fewest notes and coins first (as a cashier would have it). */
export function countOf(cents: number): CashCount {
  let left = cents
  const count = SGD_DENOMINATIONS.map((d) => {
    const quantity = Math.floor(left / d.cents)
    left -= quantity * d.cents
    return { denominationCents: d.cents, quantity }
  })
  if (left !== 0) throw new Error(`${cents} cents cannot be counted in Singapore notes and coins`)
  return count
}
