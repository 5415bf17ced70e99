import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryHistory, createRouter } from 'vue-router'
import type { SaleOutcomeView } from '../../electron/contract'
import SaleStanding from '../../renderer/src/components/SaleStanding.vue'
import { createFoyerI18n } from '../../renderer/src/i18n'
import { useSaleOutcomeStore } from '../../renderer/src/stores/sale-outcome'

/**
 * Issue #22, point 3: after a crash the screen says only what is true of the
 * sale. A booking reference only where a booking exists; where staff must find
 * the sale, its number named as the sale's number for staff; the red look only
 * for trouble. (The not-charged case on the kiosk itself: crash-customer.spec.ts.)
 */
let pinia: Pinia
// Each standing is taken down after its test: its countdown ticks every second, and a standing left mounted
// redrew its dock's buttons in whatever file ran next on the worker (three unhandled errors in a busy run).
const mounted: VueWrapper[] = []
beforeEach(() => {
  pinia = createPinia()
  setActivePinia(pinia)
})
afterEach(() => {
  for (const wrapper of mounted.splice(0)) wrapper.unmount()
  document.body.innerHTML = ''
})

function standingFor(outcome: SaleOutcomeView['outcome']) {
  const store = useSaleOutcomeStore()
  store.saleId = '6f1c2a8e-8d1b-4c53-9b7e-1f2a3b4c5d6e'
  store.outcome = { saleId: store.saleId, outcome, reference: 'FY20261126000007', amountCents: 13_600, order: null, printed: false }
  const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/', name: 'attract', component: { template: '<div />' } }] })
  // The dock its actions are drawn in (App.vue's #action-dock), there before it mounts, as in the app.
  const dock = document.createElement('div')
  dock.id = 'action-dock'
  document.body.append(dock)
  const wrapper = mount(SaleStanding, { global: { plugins: [pinia, createFoyerI18n('en-SG'), router] }, attachTo: document.body })
  mounted.push(wrapper)
  return wrapper
}

describe('the sale after a crash', () => {
  it('not charged: no booking reference, no number, not in the red look', () => {
    const standing = standingFor('not-charged')
    expect(standing.text()).not.toContain('FY20261126000007')
    expect(standing.text()).not.toContain('Booking reference')
    expect(standing.classes()).not.toContain('trouble')
    expect(standing.attributes('role')).toBe('status')
  })

  it('refunded: no booking, so its number is the sale number for staff, and it is information, not trouble', () => {
    const standing = standingFor('refunded')
    expect(standing.get('[data-testid="sale-standing-sale-number"]').text()).toBe('Sale number (for staff): FY20261126000007')
    expect(standing.find('[data-testid="sale-standing-reference"]').exists()).toBe(false)
    expect(standing.classes()).not.toContain('trouble')
  })

  it('with staff: the sale number for staff, in the red look of trouble', () => {
    const standing = standingFor('staff')
    expect(standing.get('[data-testid="sale-standing-sale-number"]').text()).toBe('Sale number (for staff): FY20261126000007')
    expect(standing.text()).not.toContain('Booking reference')
    expect(standing.classes()).toContain('trouble')
    expect(standing.attributes('role')).toBe('alert')
  })
})
