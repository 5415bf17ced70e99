import {
  centsOf,
  type ApiLang,
  type BasketLine,
  type DisplayLine,
  type EventShows,
  type OverviewSeatMap,
  type PriceClass,
  type SaleLanguage,
  type Seat,
  type SeatOffer,
  type SectionPicture,
} from '../contract'
import { seatKindOf } from '../contract/seat-names'
import type { SeatKey } from '../holds/hold-table'

/**
 * The basket as the customer display shows it, derived in main from the ids the cashier's screen sends:
 * the show, its date and venue from the vendor's show list in the customer's language, the section from
 * the seat map, each seat from the offer main made (a seat not held here is not shown), and the price
 * classes priced from the vendor's list. The cashier's screen cannot put words or sums of its own there.
 */
export interface BasketSources {
  shows(code: string, lang: ApiLang): Promise<EventShows>
  overview(productId: number): Promise<OverviewSeatMap | null>
  prices(productId: number, priceCategoryId: number): Promise<PriceClass[]>
  seatShown(productId: number, inventoryId: number): { seat: Seat; offer: SeatOffer } | null
  holdsAll(seats: readonly SeatKey[]): boolean
}

export const API_LANGUAGE: Record<SaleLanguage, ApiLang> = { 'en-SG': 'EN_SG', 'zh-CN': 'ZH_CN', 'zh-HK': 'ZH_HK', 'ms-MY': 'MS_MY' }

const perTicketCents = (priceClass: PriceClass): number =>
  centsOf(priceClass.unitPrice.amount) + priceClass.fees.reduce((sum, fee) => sum + centsOf(fee.charge.amount), 0)

/** Seat positions in 0..1 of the section's own extent: a picture, not a map (no ids, nothing to pick). */
function sectionPicture(offer: SeatOffer, yours: readonly Seat[]): SectionPicture | null {
  const mine = new Set(yours.map((s) => s.inventoryId))
  const all = [...offer.sets.flat(), ...offer.available].filter((s) => s.geometry)
  const points = [...all.map((s) => s.geometry!), ...offer.unavailable]
  if (points.length === 0) return null
  const xs = points.map((p) => p.x)
  const ys = points.map((p) => p.y)
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)]
  const span = Math.max(Math.max(...xs) - minX, Math.max(...ys) - minY, 1)
  const at = (p: { x: number; y: number }): [number, number] => [(p.x - minX) / span, (p.y - minY) / span]
  const seen = new Set<number>()
  const others = [...all.filter((s) => !mine.has(s.inventoryId) && !seen.has(s.inventoryId) && seen.add(s.inventoryId)).map((s) => s.geometry!), ...offer.unavailable]
  return { others: others.slice(0, 3000).map(at), yours: yours.filter((s) => s.geometry).slice(0, 20).map((s) => at(s.geometry!)) }
}

/** The seats of a line that main holds here, with the offer they were shown in (for the picture). */
function heldSeats(line: BasketLine, sources: BasketSources): { seats: Seat[]; offer: SeatOffer | null } | null {
  const keys = line.inventoryIds.map((inventoryId) => ({ productId: line.productId, inventoryId }))
  if (keys.length > 0 && !sources.holdsAll(keys)) return null
  const shown = line.inventoryIds.map((inventoryId) => sources.seatShown(line.productId, inventoryId))
  if (shown.some((s) => s === null)) return null
  return { seats: shown.map((s) => s!.seat), offer: shown[0]?.offer ?? null }
}

/** The section as the seat map names it, its level left out where the section's name already says it ("Stalls Centre"). */
function sectionName(level: string | null, section: string | null): string | null {
  const named = section?.trim() || null
  const area = level?.trim() || null
  const parts = area && !named?.toLowerCase().includes(area.toLowerCase()) ? [area, named] : [named]
  return parts.filter(Boolean).join(' · ').slice(0, 100) || null
}

/** One line, or null when main cannot vouch for it (seats not held here, a show or section it does not know). */
export async function displayLine(line: BasketLine, language: SaleLanguage, sources: BasketSources): Promise<DisplayLine | null> {
  const held = heldSeats(line, sources)
  if (!held) return null
  const [shows, overview, classes] = await Promise.all([
    sources.shows(line.eventCode, API_LANGUAGE[language]),
    sources.overview(line.productId),
    sources.prices(line.productId, line.priceCategoryId),
  ])
  const show = shows.shows.find((s) => s.productId === line.productId)
  const section = overview?.sections.find((s) => s.sectionId === line.sectionId)
  if (!show || !section) return null
  const prices = line.tickets.flatMap(({ code, quantity }) => {
    const priceClass = classes.find((c) => c.code === code)
    return priceClass ? [{ name: (priceClass.alias ?? priceClass.code).slice(0, 100), quantity, cents: perTicketCents(priceClass) * quantity }] : []
  })
  return {
    show: show.title.slice(0, 200),
    date: show.date.slice(0, 40),
    venue: show.venue?.slice(0, 200) ?? null,
    section: sectionName(section.levelAlias, section.sectionAlias),
    seats: held.seats.map((s) => ({ row: s.row?.slice(0, 20) ?? null, seat: s.seat?.slice(0, 20) ?? null, kind: seatKindOf(s.seatType) })),
    picture: held.offer ? sectionPicture(held.offer, held.seats) : null,
    prices,
  }
}

/** Every line main can vouch for, and their total in cents (main's sum of the vendor's prices). */
export async function displayBasket(lines: readonly BasketLine[], language: SaleLanguage, sources: BasketSources): Promise<{ lines: DisplayLine[]; totalCents: number }> {
  const shown = (await Promise.all(lines.map((line) => displayLine(line, language, sources).catch(() => null)))).filter((l): l is DisplayLine => l !== null)
  const totalCents = shown.reduce((sum, line) => sum + line.prices.reduce((s, p) => s + p.cents, 0), 0)
  return { lines: shown, totalCents }
}
