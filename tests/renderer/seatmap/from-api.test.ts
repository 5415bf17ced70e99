import type { Money, OverviewSeatMap, Seat, SeatOffer, SeatMapSection, SectionAvailability } from '@contract'
import { neutralCategoryColour } from '@contract/palette'
import { describe, expect, it } from 'vitest'
import { describeSeat, sectionsFrom, seatsFrom } from '../../../renderer/src/seatmap/from-api'
import type { MapSeat } from '../../../renderer/src/seatmap/model'

const money = (amount: number): Money => ({ amount, currency: 'SGD', formatted: `S$${amount}` })

function apiSection(sectionId: number, priceCategoryId: number, extra: Partial<SeatMapSection> = {}): SeatMapSection {
  return {
    sectionId,
    sectionAlias: `S${sectionId}`,
    levelAlias: 'Level 1',
    sectionType: 'RS',
    entrance: null,
    priceCategoryId,
    price: money(50),
    outlines: [[0, 0, 10, 0, 10, 10]],
    ...extra,
  }
}

const overview: OverviewSeatMap = {
  mode: 'BA',
  interactive: true,
  imageAvailable: true,
  imagePath: null,
  hideStandardPrice: false,
  categories: [
    { priceCategoryId: 7, alias: 'Cat 1', num: 1, colour: '#FECD84', amount: money(120) },
    { priceCategoryId: 8, alias: 'Cat 2', num: 2, colour: '#A5C7F5', amount: money(80) },
  ],
  sections: [
    apiSection(101, 7),
    apiSection(102, 8, { sectionAlias: null, levelAlias: null, outlines: [[0, 0, 1, 0, 1, 1], [5, 5, 6, 5, 6, 6]] }),
    apiSection(103, 9), // a category the overview does not list
    apiSection(104, 8),
  ],
}

const avail = (sectionId: number, availability: SectionAvailability['availability'], priceCategoryId: number | null = null): SectionAvailability => ({
  sectionId,
  priceCategoryId,
  code: ['sold-out', 'available', 'limited', 'single-seat'].indexOf(availability),
  availability,
})

describe('sectionsFrom', () => {
  const sections = sectionsFrom(overview, [avail(101, 'limited'), avail(102, 'sold-out'), avail(103, 'single-seat')])

  it('colours sections by their price category', () => {
    expect(sections.map((s) => s.colour)).toEqual(['#FECD84', '#A5C7F5', neutralCategoryColour, '#A5C7F5'])
  })

  it('labels sections by alias, else by id, and keeps level and outlines', () => {
    expect(sections[0]).toMatchObject({ id: 101, label: 'S101', levelLabel: 'Level 1', priceCategoryId: 7 })
    expect(sections[1]).toMatchObject({ id: 102, label: '102', levelLabel: null })
    expect(sections[1]!.outlines).toHaveLength(2)
  })

  it('maps availability by section id, unknown when absent', () => {
    expect(sections.map((s) => s.availability)).toEqual(['limited', 'sold-out', 'single-seat', 'unknown'])
    expect(sectionsFrom(overview, []).every((s) => s.availability === 'unknown')).toBe(true)
  })

  it("prefers the entry for the section's own price category", () => {
    const [first] = sectionsFrom(overview, [avail(101, 'sold-out', 99), avail(101, 'available', 7)])
    expect(first!.availability).toBe('available')
  })
})

let nextId = 1000
function apiSeat(row: string, seat: string, x: number, extra: Partial<Seat> = {}): Seat {
  return { inventoryId: nextId++, row, seat, seatType: 1, geometry: { x, y: 0, angle: 5, outline: [] }, ...extra }
}

function offer(extra: Partial<SeatOffer>): SeatOffer {
  return {
    reservedTime: null,
    expirationTime: null,
    imageAvailable: true,
    imagePath: null,
    sectionAlias: 'S101',
    sets: [],
    available: [],
    unavailable: [],
    ...extra,
  }
}

describe('seatsFrom', () => {
  const setA = [apiSeat('A', '1', 0), apiSeat('A', '2', 10)]
  const setB = [apiSeat('B', '1', 0), apiSeat('B', '2', 10)]
  const ba = offer({
    sets: [setA, setB],
    available: [apiSeat('C', '1', 0), apiSeat('C', '2', 10, { geometry: null })],
    unavailable: [{ x: 50, y: 60, angle: 0, outline: [50, 60, 60, 60, 60, 70, 50, 70] }],
  })

  it('tells two BA sets apart, then available and unavailable seats', () => {
    const seats = seatsFrom(ba, null)
    expect(seats.map((s) => [s.row, s.seat, s.state])).toEqual([
      ['A', '1', 'offered-a'],
      ['A', '2', 'offered-a'],
      ['B', '1', 'offered-b'],
      ['B', '2', 'offered-b'],
      ['C', '1', 'available'],
      [null, null, 'unavailable'],
    ])
    expect(seats[0]).toMatchObject({ inventoryId: setA[0]!.inventoryId, x: 0, y: 0, angle: 5, outline: [], seatType: 1 })
    expect(seats[5]).toMatchObject({ inventoryId: null, seatType: null, x: 50, y: 60, outline: [50, 60, 60, 60, 60, 70, 50, 70] })
  })

  it('marks the chosen set; the set given back is drawn as available, no longer offered', () => {
    expect(seatsFrom(ba, 1).map((s) => s.state).slice(0, 4)).toEqual(['available', 'available', 'chosen', 'chosen'])
    expect(seatsFrom(ba, 0).map((s) => s.state).slice(0, 4)).toEqual(['chosen', 'chosen', 'available', 'available'])
  })

  it('skips seats without geometry (2D mode)', () => {
    const twoD = offer({ sets: [[apiSeat('A', '1', 0, { geometry: null })]], available: [apiSeat('A', '2', 0, { geometry: null })] })
    expect(seatsFrom(twoD, null)).toEqual([])
    expect(seatsFrom(ba, null).some((s) => s.row === 'C' && s.seat === '2')).toBe(false)
  })

  it('does not draw a listed seat twice', () => {
    const s = apiSeat('D', '1', 20)
    const twice = offer({ sets: [[s]], available: [s], unavailable: [{ x: 20, y: 0, angle: 0, outline: [] }] })
    expect(seatsFrom(twice, null).map((m) => m.state)).toEqual(['offered-a'])
  })
})

describe('describeSeat', () => {
  const t = (key: string, values?: Record<string, unknown>) => (values ? `${key}${JSON.stringify(values)}` : key)
  const base: MapSeat = { inventoryId: 1, row: 'A', seat: '14', seatType: 1, x: 0, y: 0, angle: 0, outline: [], state: 'available' }

  it.each<[Partial<MapSeat>, string]>([
    [{}, 'seatmap.row{"row":"A"}, seatmap.seat{"seat":"14"}'],
    [{ seatType: 2, state: 'offered-a' }, 'seatmap.row{"row":"A"}, seatmap.seat{"seat":"14"}, seatmap.wheelchair, seatmap.offered'],
    [{ seatType: 3, state: 'offered-b' }, 'seatmap.row{"row":"A"}, seatmap.seat{"seat":"14"}, seatmap.companion, seatmap.offered'],
    [{ seatType: 6, state: 'chosen' }, 'seatmap.row{"row":"A"}, seatmap.seat{"seat":"14"}, seatmap.couple, seatmap.chosen'],
    [{ row: null, seatType: null }, 'seatmap.seat{"seat":"14"}'],
    [{ inventoryId: null, row: null, seat: null, seatType: null, state: 'unavailable' }, 'seatmap.unavailable'],
  ])('%o → %s', (extra, expected) => {
    expect(describeSeat({ ...base, ...extra }, t)).toBe(expected)
  })
})
