import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import SeatList from '../../renderer/src/components/SeatList.vue'
import { createFoyerI18n, type Locale } from '../../renderer/src/i18n'
import type { MapSeat, MapSection } from '../../renderer/src/seatmap/model'

const square = (x: number, y: number, s = 10) => [x, y, x + s, y, x + s, y + s, x, y + s]

const sections: MapSection[] = [
  { id: 101, label: '101', levelLabel: 'Level 1', colour: '#cc3333', priceCategoryId: 1, outlines: [square(0, 0, 100)], availability: 'available' },
  { id: 102, label: '102', levelLabel: 'Level 1', colour: '#3333cc', priceCategoryId: 2, outlines: [square(100, 0, 100)], availability: 'limited' },
  { id: 201, label: '201', levelLabel: null, colour: '#33cc33', priceCategoryId: 3, outlines: [square(0, 100, 100)], availability: 'sold-out' },
  { id: 202, label: '202', levelLabel: 'Level 2', colour: '#999933', priceCategoryId: 3, outlines: [square(100, 100, 100)], availability: 'single-seat' },
]

function seat(partial: Partial<MapSeat> & Pick<MapSeat, 'x' | 'y'>): MapSeat {
  return { inventoryId: null, row: null, seat: null, seatType: 1, angle: 0, outline: [], state: 'available', ...partial }
}

const seats: MapSeat[] = [
  seat({ inventoryId: 11, row: 'A', seat: '1', x: 0, y: 0 }),
  seat({ inventoryId: 12, row: 'A', seat: '2', x: 20, y: 0, state: 'unavailable' }),
  seat({ inventoryId: 13, row: 'A', seat: '3', x: 40, y: 0, seatType: 2, state: 'offered-a' }),
  seat({ inventoryId: 21, row: 'B', seat: '1', x: 0, y: 20, seatType: 3, state: 'chosen' }),
  seat({ inventoryId: 22, row: 'B', seat: '2', x: 20, y: 20, state: 'offered-b' }),
  // Geometry only: nothing to say or choose, so not listed.
  seat({ x: 40, y: 20, state: 'unavailable' }),
]

function mountList(props: InstanceType<typeof SeatList>['$props'], locale: Locale = 'en-SG') {
  return mount(SeatList, { props, global: { plugins: [createFoyerI18n(locale)] } })
}

describe('SeatList, overview', () => {
  it('lists every section as a button with a spoken-style label', () => {
    const wrapper = mountList({ mode: 'overview', sections })
    const text = (id: number) => wrapper.get(`[data-testid="seat-list-section-${id}"]`).text()
    expect(text(101)).toBe('Section 101, Level 1, available')
    expect(text(102)).toBe('Section 102, Level 1, few seats left')
    expect(text(201)).toBe('Section 201, sold out')
    expect(text(202)).toBe('Section 202, Level 2, single seats only')
    for (const button of wrapper.findAll('button')) expect(button.attributes('type')).toBe('button')
  })

  it('disables sold-out sections and emits a section selection for the others', async () => {
    const wrapper = mountList({ mode: 'overview', sections })
    const soldOut = wrapper.get('[data-testid="seat-list-section-201"]')
    expect(soldOut.attributes('disabled')).toBeDefined()
    await soldOut.trigger('click')
    expect(wrapper.emitted('select')).toBeUndefined()

    await wrapper.get('[data-testid="seat-list-section-102"]').trigger('click')
    await wrapper.get('[data-testid="seat-list-section-101"]').trigger('click')
    expect(wrapper.emitted('select')).toEqual([[{ kind: 'section', sectionId: 102 }], [{ kind: 'section', sectionId: 101 }]])
  })

  it('speaks the kiosk language', () => {
    const wrapper = mountList({ mode: 'overview', sections }, 'zh-CN')
    expect(wrapper.get('[data-testid="seat-list-section-201"]').text()).toBe('201区, 已售罄')
    expect(wrapper.get('[data-testid="seat-list"]').attributes('aria-label')).toBe('座位列表')
  })
})

describe('SeatList, seats', () => {
  it('groups seats by row in labelled sections', () => {
    const wrapper = mountList({ mode: 'seats', seats })
    const rows = wrapper.findAll('section')
    expect(rows.map((r) => r.attributes('aria-label'))).toEqual(['Row A', 'Row B'])
    expect(rows[0]!.findAll('button').map((b) => b.attributes('data-testid'))).toEqual(['seat-list-seat-0', 'seat-list-seat-1', 'seat-list-seat-2'])
    expect(rows[1]!.findAll('button').map((b) => b.attributes('data-testid'))).toEqual(['seat-list-seat-3', 'seat-list-seat-4'])
    expect(wrapper.find('[data-testid="seat-list-seat-5"]').exists()).toBe(false)
  })

  it('lists rows and seats in the venue’s order, whatever order the offer listed them in (the customer’s seats first, then the free ones)', () => {
    const shuffled: MapSeat[] = [
      seat({ inventoryId: 31, row: 'B', seat: '9', x: 0, y: 20, state: 'chosen' }),
      seat({ inventoryId: 32, row: 'A', seat: '10', x: 0, y: 0, state: 'chosen' }),
      seat({ inventoryId: 33, row: 'B', seat: '10', x: 20, y: 20 }),
      seat({ inventoryId: 34, row: 'A', seat: '2', x: 20, y: 0 }),
      seat({ inventoryId: 35, row: 'B', seat: '1', x: 40, y: 20 }),
    ]
    const wrapper = mountList({ mode: 'seats', seats: shuffled })
    const rows = wrapper.findAll('section')
    expect(rows.map((r) => r.attributes('aria-label'))).toEqual(['Row A', 'Row B'])
    expect(rows.map((r) => r.findAll('button').map((b) => b.text()))).toEqual([
      ['2', '10'],
      ['1', '9', '10'],
    ])
  })

  it('labels each seat as it would be spoken', () => {
    const wrapper = mountList({ mode: 'seats', seats })
    const label = (index: number) => wrapper.get(`[data-testid="seat-list-seat-${index}"]`).attributes('aria-label')
    expect(label(0)).toBe('Row A, seat 1')
    expect(label(1)).toBe('Row A, seat 2, not available')
    expect(label(2)).toBe('Row A, seat 3, wheelchair space, offered')
    expect(label(3)).toBe('Row B, seat 1, companion seat, chosen')
    expect(label(4)).toBe('Row B, seat 2, offered')
  })

  it('disables unavailable seats and emits seat selections for the rest', async () => {
    const wrapper = mountList({ mode: 'seats', seats })
    const unavailable = wrapper.get('[data-testid="seat-list-seat-1"]')
    expect(unavailable.attributes('disabled')).toBeDefined()
    await unavailable.trigger('click')
    expect(wrapper.emitted('select')).toBeUndefined()

    await wrapper.get('[data-testid="seat-list-seat-2"]').trigger('click')
    await wrapper.get('[data-testid="seat-list-seat-0"]').trigger('click')
    expect(wrapper.emitted('select')).toEqual([
      [{ kind: 'seat', index: 2, inventoryId: 13 }],
      [{ kind: 'seat', index: 0, inventoryId: 11 }],
    ])
  })

  it('follows state changes in the seat list', async () => {
    const wrapper = mountList({ mode: 'seats', seats })
    const changed = seats.map((s, i) => (i === 0 ? { ...s, state: 'unavailable' as const } : s))
    await wrapper.setProps({ seats: changed })
    const button = wrapper.get('[data-testid="seat-list-seat-0"]')
    expect(button.attributes('disabled')).toBeDefined()
    expect(button.attributes('aria-label')).toBe('Row A, seat 1, not available')
  })
})
