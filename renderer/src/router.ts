import { createMemoryHistory, createRouter, type RouterHistory } from 'vue-router'
import { guardCounterRoutes } from './composables/counter-gate'
import AdminSettingsScreen from './screens/AdminSettingsScreen.vue'
import AttractScreen from './screens/AttractScreen.vue'
import CheckoutScreen from './screens/CheckoutScreen.vue'
import CounterSignInScreen from './screens/CounterSignInScreen.vue'
import DeliveryScreen from './screens/DeliveryScreen.vue'
import DoneScreen from './screens/DoneScreen.vue'
import EventsScreen from './screens/EventsScreen.vue'
import ReviewScreen from './screens/ReviewScreen.vue'
import SaleScreen from './screens/SaleScreen.vue'
import SeatsScreen from './screens/SeatsScreen.vue'
import ShiftScreen from './screens/ShiftScreen.vue'
import ShowsScreen from './screens/ShowsScreen.vue'
import StaffPinScreen from './screens/StaffPinScreen.vue'
import TicketsScreen from './screens/TicketsScreen.vue'

/**
 * vue-router's memory history keeps every address pushed, in order, for going back: a kiosk never goes
 * back (screens follow the sale's state), and a day of customers grew that list by thousands of entries
 * on a page never reloaded (bench:kiosk-day, issue #35). This one keeps only where the screen is now:
 * a push replaces.
 */
export function currentScreenHistory(): RouterHistory {
  const history = createMemoryHistory()
  history.push = (to, state) => history.replace(to, state)
  return history
}

/**
 * Screens are driven by the sale's state, not by addresses: a kiosk has no
 * address bar and must not be deep-linked into the middle of a sale, so the
 * router keeps its history in memory.
 */
export function createFoyerRouter() {
  const router = createRouter({
    history: currentScreenHistory(),
    routes: [
      { path: '/', name: 'attract', component: AttractScreen },
      { path: '/events', name: 'events', component: EventsScreen },
      { path: '/events/:code', name: 'shows', component: ShowsScreen },
      { path: '/seats', name: 'seats', component: SeatsScreen },
      { path: '/tickets', name: 'tickets', component: TicketsScreen },
      { path: '/delivery', name: 'delivery', component: DeliveryScreen },
      { path: '/review', name: 'review', component: ReviewScreen },
      { path: '/checkout', name: 'checkout', component: CheckoutScreen },
      { path: '/done', name: 'done', component: DoneScreen },
      { path: '/shift', name: 'shift', component: ShiftScreen },
      // A sale the counter's scanner found (composables/scan-to-sale.ts).
      { path: '/sale/:code', name: 'sale', component: SaleScreen },
      { path: '/staff', name: 'staff', component: StaffPinScreen },
      { path: '/admin', name: 'admin', component: AdminSettingsScreen },
      { path: '/counter', name: 'counter-sign-in', component: CounterSignInScreen },
      { path: '/:pathMatch(.*)*', redirect: { name: 'attract' } },
    ],
  })
  // Counter mode: no sale screen while signed out, no attract loop while signed in.
  guardCounterRoutes(router)
  return router
}
