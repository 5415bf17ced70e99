import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import SeatMapLegend from '../../renderer/src/components/SeatMapLegend.vue'
import { createFoyerI18n } from '../../renderer/src/i18n'

/**
 * The key beside the seat map: up close on a section's seats it names the
 * stage, the section's price band and every seat mark the map draws, couple
 * seats only where the section has them (most have none).
 */
const band = { priceCategoryId: 7, label: 'CAT 1', colour: '#ffcc80', price: { amount: 68, currency: 'SGD', formatted: 'S$68.00' } }

function mountLegend(props: Partial<InstanceType<typeof SeatMapLegend>['$props']>) {
  return mount(SeatMapLegend, {
    props: { mode: 'seats', bands: [band], stage: 'stage', offeredSets: 0, sectionBand: band, ...props },
    global: { plugins: [createFoyerI18n('en-SG')] },
  })
}

const keys = (wrapper: ReturnType<typeof mountLegend>) => wrapper.findAll('li').map((li) => li.attributes('data-testid'))

beforeEach(() => setActivePinia(createPinia()))

describe('the seat map key, up close', () => {
  it('names the stage, the price band, the customer’s seats and the seat marks; no couple seats where there are none', () => {
    const wrapper = mountLegend({})
    expect(keys(wrapper)).toEqual(['legend-stage', 'legend-band-7', 'legend-chosen', 'legend-available', 'legend-unavailable', 'legend-wheelchair', 'legend-companion'])
    expect(wrapper.get('[data-testid="legend-band-7"]').text()).toBe('CAT 1 S$68.00')
  })

  it('names couple seats in a section that has them', () => {
    const wrapper = mountLegend({ couples: true })
    expect(keys(wrapper)).toContain('legend-couple')
    expect(wrapper.get('[data-testid="legend-couple"]').text()).toBe('couple seat')
  })

  it('tells the two Best Available sets apart while both are offered', () => {
    const wrapper = mountLegend({ offeredSets: 2 })
    expect(keys(wrapper)).toEqual(expect.arrayContaining(['legend-offered-a', 'legend-offered-b']))
    expect(keys(wrapper)).not.toContain('legend-chosen')
  })
})
