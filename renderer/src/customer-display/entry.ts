import { createApp } from 'vue'
import { createFoyerI18n } from '../i18n'
import CustomerDisplayApp from './CustomerDisplayApp.vue'

/**
 * The customer display (issue #34) is the same renderer bundle, opened on its own page: the address
 * carries `display=customer` (Electron's second window, the browser host's second address). It mounts
 * its own small app, not the cashier's: nothing of the sale screens, the staff screens, speech or audio
 * guidance starts there, and it calls no channel but `customerDisplay.view` (the hosts refuse the rest).
 */
const FLAG = 'foyer.customerDisplay'

/** Whether this page is the customer display; kept for the tab's reloads (the host takes the address's fragment away). */
export function isCustomerDisplayPage(location: Location, storage: Storage): boolean {
  if (/(?:^#|&)display=customer(?:&|$)/.test(location.hash)) {
    storage.setItem(FLAG, '1')
    return true
  }
  return storage.getItem(FLAG) === '1'
}

export function mountCustomerDisplay(selector: string): void {
  createApp(CustomerDisplayApp).use(createFoyerI18n()).mount(selector)
}
