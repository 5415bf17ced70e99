/**
 * The spec's colour for each price category number (priceCategoryNum 1–20).
 * Kept in the contract because both sides draw with it: the renderer colours
 * seat maps and price chips, the sandbox its generated seat-map images, and
 * the tolerant reader puts the colour on each PriceCategory.
 */
export const priceCategoryColours = [
  '#FECD84', '#A5C7F5', '#71BA64', '#D097F0', '#F7F19F', '#B5EDF3', '#D9C297', '#A6F0B9', '#FB9CC0', '#D6CC1B',
  '#929E92', '#4AD1B1', '#8C65A0', '#A80717', '#FF0049', '#D89D61', '#3D7717', '#AE9FD6', '#EC826A', '#FFC7CE',
] as const

/**
 * A neutral grey for a category without a number, or with one the spec gives
 * no colour for: wrapping round the table would make two categories look alike.
 */
export const neutralCategoryColour = '#B0B0B0'

/** The colour of priceCategoryNum `num`, or the neutral grey outside 1–20. */
export function priceCategoryColour(num: number | null): string {
  if (num === null || !Number.isInteger(num) || num < 1 || num > priceCategoryColours.length) return neutralCategoryColour
  return priceCategoryColours[num - 1]!
}
