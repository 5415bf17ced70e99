import { z } from 'zod'
import type { OverviewSeatMap, PriceCategory, SeatMapSection, SectionAvailability } from '../../contract/model'
import { priceCategoryColour } from '../../contract/palette'
import { reader } from './reading'
import { either, flag, integer, list, numberList, optInteger, optText } from './scalars'
import { imagePath, money } from './values'

/** Operations 3 and 4: the overview seat map and the availability of its sections. */

/** coordinatesList: one outline per entry, "x1,y1,x2,y2,…"; empty entries (unconfigured) are skipped. */
const outlines = list(numberList.nullable()).transform((entries) => entries.filter((outline): outline is number[] => outline !== null && outline.length > 0))

/** A section of the overview, with the number of its price category (which only sections carry). */
const level = z
  .object({
    seatSectionId: integer,
    seatSectionAlias: optText,
    seatLevelAlias: optText,
    seatSectionType: optText,
    seatEntrance: optText,
    priceCategoryId: integer,
    priceCategoryNum: optInteger,
    price: money,
    coordinatesList: outlines,
  })
  .transform((o): { section: SeatMapSection; num: number | null } => ({
    section: {
      sectionId: o.seatSectionId,
      sectionAlias: o.seatSectionAlias,
      levelAlias: o.seatLevelAlias,
      sectionType: o.seatSectionType,
      entrance: o.seatEntrance,
      priceCategoryId: o.priceCategoryId,
      price: o.price,
      outlines: o.coordinatesList,
    },
    num: o.priceCategoryNum,
  }))

/**
 * One price category per entry; its key and number are on its sections (the
 * entry itself has none), so they come from the first. The sections come as
 * SeatLevel in responses and seatLevel in the field list.
 */
const category = z
  .object({
    priceCatAlias: optText,
    priceCatAmount: money.nullish(),
    SeatLevel: z.array(level).nullish(),
    seatLevel: z.array(level).nullish(),
  })
  .transform((o) => {
    const levels = either(o.SeatLevel, o.seatLevel) ?? []
    const first = levels[0]
    const category: PriceCategory | null = first
      ? { priceCategoryId: first.section.priceCategoryId, alias: o.priceCatAlias, num: first.num, colour: priceCategoryColour(first.num), amount: o.priceCatAmount ?? null }
      : null
    return { category, sections: levels.map(({ section }) => section) }
  })

const overview = z
  .object({
    mode: optText,
    interactive: flag,
    imageAvailable: flag,
    imageURL: imagePath,
    hideStandardPrice: flag,
    seatSectionList: list(category),
  })
  .transform(
    (o): OverviewSeatMap => ({
      mode: o.mode,
      interactive: o.interactive,
      imageAvailable: o.imageAvailable,
      imagePath: o.imageURL,
      hideStandardPrice: o.hideStandardPrice,
      // A category with no section has nothing to sell and no key to sell it by: it is left out.
      categories: o.seatSectionList.flatMap(({ category }) => (category ? [category] : [])),
      sections: o.seatSectionList.flatMap(({ sections }) => sections),
    }),
  )

const readOverviewAnswer = reader('overview seat map', overview)

/**
 * The overview seat map, or null for a product without seat-map data, which
 * the real service answers with an empty or null body (vendor notes).
 */
export function readOverview(raw: unknown): OverviewSeatMap | null {
  if (raw === null || raw === undefined || raw === '') return null
  if (typeof raw === 'object' && !Array.isArray(raw) && Object.keys(raw).length === 0) return null
  return readOverviewAnswer(raw)
}

const sectionAvailability = ['sold-out', 'available', 'limited', 'single-seat'] as const

const availability = z
  .object({ seatSectionId: integer, priceCategoryId: optInteger, seatSectionAvailability: integer })
  .transform(
    (o): SectionAvailability => ({
      sectionId: o.seatSectionId,
      priceCategoryId: o.priceCategoryId,
      code: o.seatSectionAvailability,
      availability: sectionAvailability[o.seatSectionAvailability] ?? 'unknown',
    }),
  )

/**
 * Section availability: a bare list in responses; the field list's wrapper
 * `seatAvailibilityList` (sic) under quirks; and the wrapper spelled right, in
 * case the vendor ever corrects it.
 */
export const readSectionAvailability = reader(
  'section availability',
  z.union([
    z.array(availability),
    z.object({ seatAvailibilityList: z.array(availability) }).transform((o) => o.seatAvailibilityList),
    z.object({ seatAvailabilityList: z.array(availability) }).transform((o) => o.seatAvailabilityList),
  ]),
)
