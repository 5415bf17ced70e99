import type { OverviewSeatMap, PriceCategory, SeatMapSection, SectionAvailability } from '../../contract/model'
import { priceCategoryColour } from '../../contract/palette'
import { either, isObject, Reading, type JsonObject } from './reading'
import { numbersIn, readMoney, relativePath } from './values'

/** Operations 3 and 4: the overview seat map and the availability of its sections. */

/** coordinatesList: one outline per entry, "x1,y1,x2,y2,…"; empty entries (unconfigured) are skipped. */
function readOutlines(r: Reading, o: JsonObject): number[][] {
  const entries = r.rawList(o, 'coordinatesList')
  if (entries === null) return []
  const outlines: number[][] = []
  r.enter('coordinatesList')
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]
    if (entry === null || entry === undefined || entry === '') continue
    if (typeof entry !== 'string') r.fail(i, 'is not a string')
    const outline = numbersIn(r, entry, i)
    if (outline.length > 0) outlines.push(outline)
  }
  r.leave()
  return outlines
}

function readSection(r: Reading, o: JsonObject): SeatMapSection {
  return {
    sectionId: r.int(o, 'seatSectionId'),
    sectionAlias: r.optStr(o, 'seatSectionAlias'),
    levelAlias: r.optStr(o, 'seatLevelAlias'),
    sectionType: r.optStr(o, 'seatSectionType'),
    entrance: r.optStr(o, 'seatEntrance'),
    priceCategoryId: r.int(o, 'priceCategoryId'),
    price: r.nested(o, 'price', readMoney),
    outlines: readOutlines(r, o),
  }
}

/**
 * The overview seat map, or null for a product without seat-map data, which
 * the real service answers with an empty or null body (vendor notes).
 */
export function readOverview(raw: unknown): OverviewSeatMap | null {
  if (raw === null || raw === undefined || raw === '') return null
  if (isObject(raw) && Object.keys(raw).length === 0) return null
  const r = new Reading('overview seat map')
  const o = r.object(raw)
  const categories: PriceCategory[] = []
  const sections: SeatMapSection[] = []
  r.list(o, 'seatSectionList', (r, entry) => {
    // One price category per entry; its key and number are on its sections (the
    // entry itself has none), so they come from the first. A category with no
    // section has nothing to sell and no key to sell it by: it is left out.
    let num = null as number | null
    const read = r.list(entry, either(entry, 'SeatLevel', 'seatLevel'), (r, level, index) => {
      if (index === 0) num = r.optInt(level, 'priceCategoryNum')
      return readSection(r, level)
    })
    if (read.length === 0) return
    for (const section of read) sections.push(section)
    categories.push({
      priceCategoryId: read[0]!.priceCategoryId,
      alias: r.optStr(entry, 'priceCatAlias'),
      num,
      colour: priceCategoryColour(num),
      amount: r.optNested(entry, 'priceCatAmount', readMoney),
    })
  })
  return {
    mode: r.optStr(o, 'mode'),
    interactive: r.flag(o, 'interactive'),
    imageAvailable: r.flag(o, 'imageAvailable'),
    imagePath: relativePath(r.optStr(o, 'imageURL')),
    hideStandardPrice: r.flag(o, 'hideStandardPrice'),
    categories,
    sections,
  }
}

const sectionAvailability = ['sold-out', 'available', 'limited', 'single-seat'] as const

function readAvailability(r: Reading, o: JsonObject): SectionAvailability {
  const code = r.int(o, 'seatSectionAvailability')
  return {
    sectionId: r.int(o, 'seatSectionId'),
    priceCategoryId: r.optInt(o, 'priceCategoryId'),
    code,
    availability: sectionAvailability[code] ?? 'unknown',
  }
}

/**
 * Section availability: a bare list in responses; the field list's wrapper
 * `seatAvailibilityList` (sic) under quirks; and the wrapper spelled right, in
 * case the vendor ever corrects it.
 */
export function readSectionAvailability(raw: unknown): SectionAvailability[] {
  const r = new Reading('section availability')
  if (Array.isArray(raw)) return r.items(raw, readAvailability)
  const o = r.object(raw)
  return r.list(o, either(o, 'seatAvailibilityList', 'seatAvailabilityList'), readAvailability, true)
}
