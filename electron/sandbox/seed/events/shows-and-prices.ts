/**
 * A show's date, time and seats sold beforehand, and the price categories
 * (price classes) of an event: facts, with no words in any language.
 */
import type { PreSold, SeedPriceCategory, SeedShow, ShowOverride } from '../types'

export const soldOut: PreSold = { kind: 'sold-out' }
export const singleSeats: PreSold = { kind: 'single-seats' }

/** A show; a number for `sold` is the share of seats pre-sold, omitted means nothing pre-sold. */
export function show(dayOffset: number, time: string, sold?: number | PreSold, override?: ShowOverride): SeedShow {
  const result: SeedShow = { dayOffset, time }
  if (sold !== undefined) result.preSold = typeof sold === 'number' ? { kind: 'fraction', value: sold } : sold
  if (override) result.override = override
  return result
}

export function cat(num: number, alias: string, amount: number, tiers: number[]): SeedPriceCategory {
  return { num, alias, amount, tiers }
}

/** "CAT 1" … "CAT n", one per venue tier, best tier first. */
export function cats(...amounts: number[]): SeedPriceCategory[] {
  return amounts.map((amount, i) => cat(i + 1, `CAT ${i + 1}`, amount, [i + 1]))
}

/** The one category of a general-admission venue, covering all of its tiers. */
export function ga(alias: string, amount: number, tiers: number[] = [1]): SeedPriceCategory[] {
  return [cat(1, alias, amount, tiers)]
}
