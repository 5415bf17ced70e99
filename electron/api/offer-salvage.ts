/**
 * The seats a seat offer reserved, found in an answer that could not be read
 * as an offer (cut short, not JSON, or not the expected shape). The vendor
 * reserved them for this kiosk all the same; unless they are released they
 * stay held from other customers until the hold lapses.
 *
 * Only ids under `setsReservedList` count: the answer's other seat lists
 * (available, unavailable) name seats that are not this offer's, among them
 * seats the kiosk holds for the basket, which must not be released.
 */
const OTHER_LISTS = ['"seatsAvailableList"', '"seatsUnavailableList"', '"groupBookingSeatList"']
const INVENTORY_ID = /"inventoryId"\s*:\s*"?(\d{1,15})"?/g

function idsIn(value: unknown, into: Set<number>): void {
  if (Array.isArray(value)) {
    for (const item of value) idsIn(item, into)
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'inventoryId') {
        const id = typeof inner === 'string' && /^\d{1,15}$/.test(inner.trim()) ? Number(inner) : inner
        if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) into.add(id)
      } else {
        idsIn(inner, into)
      }
    }
  }
}

/** Every inventory id the offer's reserved sets name, read as tolerantly as the text allows. */
export function salvageOfferedSeatIds(text: string): number[] {
  const found = new Set<number>()
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  if (parsed !== null && typeof parsed === 'object' && 'setsReservedList' in parsed) {
    idsIn((parsed as { setsReservedList: unknown }).setsReservedList, found)
    return [...found]
  }
  // Not JSON (cut short, garbled): the text from the reserved sets up to the next seat list.
  const start = text.indexOf('"setsReservedList"')
  if (start < 0) return []
  const ends = OTHER_LISTS.map((name) => text.indexOf(name, start)).filter((at) => at >= 0)
  const segment = text.slice(start, ends.length > 0 ? Math.min(...ends) : text.length)
  for (const match of segment.matchAll(INVENTORY_ID)) {
    const id = Number(match[1])
    if (Number.isSafeInteger(id) && id > 0) found.add(id)
  }
  return [...found]
}
