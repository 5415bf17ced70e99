import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryHistory, createRouter, type Router } from 'vue-router'
import { ETICKET_DELIVERY, PRINTED_HERE_DELIVERY, type Order } from '../../electron/contract'
import { provideFoyer } from '../../renderer/src/bridge/foyer'
import { createFoyerI18n } from '../../renderer/src/i18n'
import DoneScreen from '../../renderer/src/screens/DoneScreen.vue'
import { useCheckoutStore } from '../../renderer/src/stores/checkout'
import { useDeliveryStore } from '../../renderer/src/stores/delivery'
import { useIdleStore } from '../../renderer/src/stores/idle'
import { useSystemStore } from '../../renderer/src/stores/system'
import { createInProcessFoyer } from '../support/in-process-foyer'
import { kioskServices } from '../support/mount-app'

/**
 * The kiosk's done screen (#24): tickets that printed leave the screen for the
 * next customer after 15 s; tickets that did not print leave the customer
 * their reference to read or photograph, for far longer (the idle reset waits too).
 */
let pinia: Pinia
let router: Router
let wrapper: ReturnType<typeof mount> | null = null
beforeEach(() => {
  vi.useFakeTimers()
  pinia = createPinia()
  setActivePinia(pinia)
  provideFoyer(createInProcessFoyer(kioskServices()))
})
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
  vi.useRealTimers()
  provideFoyer(null)
  document.body.innerHTML = ''
})

const order: Order = {
  orderId: 7,
  reference: 'FY20261126000007',
  status: 'CONFIRMED',
  patronAccountNo: null,
  amountToBePaid: { amount: 68, currency: 'SGD', formatted: 'S$68.00' },
  reservedTime: null,
  expirationTime: null,
  deliveryMethodCode: PRINTED_HERE_DELIVERY,
  deliveryCharge: null,
  paymentMethodCode: null,
  items: [],
  confirmedTime: null,
  paymentReference: null,
  tickets: [],
}

async function doneScreen(printed: boolean, mode: 'self-service' | 'counter' = 'self-service') {
  useSystemStore().info = { appName: 'Foyer', appVersion: '1.0.0', mode, backend: 'sandbox', host: 'browser', backendReachable: true, kioskLock: 'none' }
  useCheckoutStore().outcome = { saleId: '6f1c2a8e-8d1b-4c53-9b7e-1f2a3b4c5d6e', state: 'confirmed', order, changeCents: null, printed }
  const stub = { template: '<div />' }
  router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/', name: 'attract', component: stub }, { path: '/events', name: 'events', component: stub }, { path: '/shift', name: 'shift', component: stub }, { path: '/done', name: 'done', component: DoneScreen }] })
  await router.push('/done')
  wrapper = mount({ template: '<div><router-view /><div id="action-dock" /></div>' }, { global: { plugins: [pinia, createFoyerI18n('en-SG'), router] }, attachTo: document.body })
  // As App.vue does on a customer's screen: the kiosk's idle reset is armed.
  useIdleStore().arm(() => void router.push('/'))
  await flushPromises()
  return wrapper
}

const seconds = async (n: number) => {
  await vi.advanceTimersByTimeAsync(n * 1000)
  await flushPromises()
}

describe('the kiosk done screen', () => {
  it('goes back to the start after 15 s when the tickets printed', async () => {
    await doneScreen(true)
    await seconds(16)
    expect(router.currentRoute.value.name).toBe('attract')
  })

  it('keeps the reference on screen for minutes when the tickets did not print, and says why', async () => {
    const wrapper = await doneScreen(false)
    expect(wrapper.get('[data-testid="done-qr-reference"]').text()).toBe('FY20261126000007')
    await seconds(120)
    expect(router.currentRoute.value.name).toBe('done')
    expect(wrapper.get('[data-testid="done-keep-reference"]').text()).toContain('photo')
    await wrapper.get('[data-testid="done-finish"]').trigger('click')
    await flushPromises()
    expect(router.currentRoute.value.name).toBe('attract')
  })

  it('at a counter, a sale that did not all print offers staff Retry, and no countdown', async () => {
    const wrapper = await doneScreen(false, 'counter')
    expect(wrapper.find('[data-testid="counter-printer-help"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="counter-printer-eticket"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="done-countdown"]').exists()).toBe(false)
  })

  it('an e-ticket sale made while the printer could not print: the screen is the receipt, the e-tickets on their way, no call to the box office', async () => {
    const delivery = useDeliveryStore()
    delivery.offer([{ code: ETICKET_DELIVERY, order: 1, addressRequired: false } as never])
    delivery.email = 'mei.tan@example.com'
    useCheckoutStore().invoice = { saleId: '6f1c2a8e-8d1b-4c53-9b7e-1f2a3b4c5d6e', reference: order.reference, amountCents: 6800, expiresAt: null }
    const wrapper = await doneScreen(false)
    useCheckoutStore().outcome = { ...useCheckoutStore().outcome!, order: { ...order, deliveryMethodCode: ETICKET_DELIVERY }, eticketsOnly: true }
    await flushPromises()
    expect(wrapper.get('[data-testid="done-etickets-only"]').text()).toBe(
      'Nothing was printed here, as the printer cannot print: this screen is your receipt, and your e-tickets and booking are e-mailed to mei.tan@example.com.',
    )
    expect(wrapper.get('[data-testid="done-paid"]').text()).toBe('Paid: S$68.00')
    expect(wrapper.find('[data-testid="done-not-printed"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="done-show-at-box-office"]').exists()).toBe(false)
  })

  it('at a counter, Done and then Shift before main has given the holds back: the shift stays on screen, not the events', async () => {
    // Main answers the giving back only once the cashier has tapped Shift, as on a busy machine.
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const foyer = createInProcessFoyer(kioskServices())
    provideFoyer({ ...foyer, holds: { ...foyer.holds, releaseAll: async () => (await answered, foyer.holds.releaseAll()) } })
    const wrapper = await doneScreen(true, 'counter')
    await wrapper.get('[data-testid="done-finish"]').trigger('click')
    await router.push('/shift')
    answer()
    await flushPromises()
    expect(router.currentRoute.value.name).toBe('shift')
  })
})
