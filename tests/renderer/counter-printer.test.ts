import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PrinterStateView } from '../../electron/contract'
import { provideFoyer } from '../../renderer/src/bridge/foyer'
import CounterPrinterHelp from '../../renderer/src/components/CounterPrinterHelp.vue'
import { createFoyerI18n } from '../../renderer/src/i18n'
import { usePrinterStore } from '../../renderer/src/stores/printer'
import { createInProcessFoyer } from '../support/in-process-foyer'
import { kioskServices } from '../support/mount-app'

/**
 * The counter's printer help (#24): the printer's state in words, and Retry,
 * Choose another printer and, before the money only, E-ticket instead. Main
 * is real and in process (no printer set up: the system printer, taken as ready).
 */
let pinia: Pinia
beforeEach(() => {
  pinia = createPinia()
  setActivePinia(pinia)
  provideFoyer(createInProcessFoyer(kioskServices()))
})
afterEach(() => provideFoyer(null))

const outOfPaper: PrinterStateView = { state: 'cannot-print', problems: ['no-paper', 'cover-open'], printer: 'Ticket printer (IPP, localhost:631)', kind: 'ipp' }

function help(locale: 'en-SG' | 'zh-HK', saleId?: string) {
  usePrinterStore().state = outOfPaper
  return mount(CounterPrinterHelp, { props: saleId ? { saleId } : {}, global: { plugins: [pinia, createFoyerI18n(locale)] } })
}

describe('the counter printer help', () => {
  it('before the money: says why, offers e-tickets instead, and that only one printer is set up here', async () => {
    const wrapper = help('en-SG')
    expect(wrapper.get('[data-testid="counter-printer-state"]').text()).toBe('Printer cannot print: out of paper and cover open')
    await wrapper.get('[data-testid="counter-printer-eticket"]').trigger('click')
    expect(wrapper.emitted('eticket')).toHaveLength(1)
    await wrapper.get('[data-testid="counter-printer-choose"]').trigger('click')
    expect(wrapper.get('[data-testid="counter-printer-only-one"]').text()).toContain('Ticket printer (IPP, localhost:631)')
  })

  it('Choose another printer offers the system printer, then the way back to the chosen one', async () => {
    const wrapper = help('en-SG')
    await wrapper.get('[data-testid="counter-printer-choose"]').trigger('click')
    await wrapper.get('[data-testid="counter-printer-use-system"]').trigger('click')
    await flushPromises()
    expect(usePrinterStore().state).toMatchObject({ state: 'ready', kind: 'system' })
    expect(wrapper.get('[data-testid="counter-printer-on-system"]').text()).toBe('Printing on the system printer until you switch back or Foyer restarts.')
    expect(wrapper.get('[data-testid="counter-printer-use-chosen"]').text()).toBe('Back to Ticket printer (IPP, localhost:631)')
  })

  it('Retry asks main for the printer again', async () => {
    const wrapper = help('en-SG')
    await wrapper.get('[data-testid="counter-printer-retry"]').trigger('click')
    await flushPromises()
    expect(usePrinterStore().state).toMatchObject({ state: 'ready' })
    expect(wrapper.get('[data-testid="counter-printer-state"]').text()).toBe('Printer ready')
  })

  it('after a stopped print: no e-ticket (the sale is paid), and a Retry main refuses says it still did not print, in the screen language', async () => {
    const wrapper = help('zh-HK', '6f1c2a8e-8d1b-4c53-9b7e-1f2a3b4c5d6e')
    expect(wrapper.find('[data-testid="counter-printer-eticket"]').exists()).toBe(false)
    await wrapper.get('[data-testid="counter-printer-retry"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="counter-printer-still"]').text()).toBe('仍然未能列印。請處理打印機問題，或將訂票編號交給顧客。')
    expect(wrapper.emitted('printed')).toBeUndefined()
  })
})
