import type { Money, PriceCategory, SeatMapSection } from '@contract'
import { neutralCategoryColour } from '@contract/palette'
import { describe, expect, it } from 'vitest'
import { areasOf, priceBandsOf, sectionsMatching, type SectionRow } from '../../../renderer/src/seatmap/section-choice'

/** A big venue's sections narrowed by price band and area, as the seats screen offers them. */
const money = (amount: number): Money => ({ amount, currency: 'SGD', formatted: `S$${amount}` })

function row(sectionId: number, priceCategoryId: number, levelAlias: string | null, amount = 50): SectionRow {
  const section: SeatMapSection = {
    sectionId,
    sectionAlias: String(sectionId),
    levelAlias,
    sectionType: 'RS',
    entrance: null,
    priceCategoryId,
    price: money(amount),
    outlines: [],
  }
  return { section, availability: 'available' }
}

const categories: PriceCategory[] = [
  { priceCategoryId: 12, alias: 'CAT 2', num: 2, colour: '#A5C7F5', amount: null },
  { priceCategoryId: 11, alias: 'CAT 1', num: 1, colour: '#FECD84', amount: money(68) },
  { priceCategoryId: 13, alias: null, num: 3, colour: '#71BA64', amount: null },
  { priceCategoryId: 14, alias: 'CAT 4', num: 4, colour: '#D097F0', amount: money(28) },
]
const rows = [row(101, 11, 'Level 1'), row(102, 12, 'Level 1', 48), row(103, 12, 'Level 1', 45), row(201, 12, 'Level 2', 48), row(202, 13, ' Level 2 ', 38), row(301, 99, null, 20)]

describe('priceBandsOf', () => {
  const bands = priceBandsOf(categories, rows)

  it('lists the bands sections are sold in, by category number, leaving out unused ones', () => {
    expect(bands.map((b) => b.priceCategoryId)).toEqual([11, 12, 13, 99])
  })

  it("names a band by its alias, else its number, and prices it by its own amount, else its cheapest section's", () => {
    expect(bands[0]).toEqual({ priceCategoryId: 11, label: 'CAT 1', colour: '#FECD84', price: money(68) })
    expect(bands[1]!.price).toEqual(money(45))
    expect(bands[2]!.label).toBe('3')
  })

  it('gives a section whose category the overview does not list a neutral band of its own', () => {
    expect(bands[3]).toEqual({ priceCategoryId: 99, label: '99', colour: neutralCategoryColour, price: money(20) })
  })
})

describe('areasOf', () => {
  it('lists each level once, in map order, trimmed, without sections that have none', () => {
    expect(areasOf(rows)).toEqual(['Level 1', 'Level 2'])
  })
})

describe('sectionsMatching', () => {
  const ids = (list: SectionRow[]) => list.map((r) => r.section.sectionId)

  it('narrows by band and by area, each or both, and leaves everything with neither', () => {
    expect(ids(sectionsMatching(rows, { priceCategoryId: 12, area: null }))).toEqual([102, 103, 201])
    expect(ids(sectionsMatching(rows, { priceCategoryId: null, area: 'Level 2' }))).toEqual([201, 202])
    expect(ids(sectionsMatching(rows, { priceCategoryId: 12, area: 'Level 2' }))).toEqual([201])
    expect(ids(sectionsMatching(rows, { priceCategoryId: null, area: null }))).toHaveLength(rows.length)
  })
})
