import { createMemoryHistory, createRouter } from 'vue-router'
import AdminSettingsScreen from './screens/AdminSettingsScreen.vue'
import AttractScreen from './screens/AttractScreen.vue'
import EventsScreen from './screens/EventsScreen.vue'
import SeatsScreen from './screens/SeatsScreen.vue'
import ShowsScreen from './screens/ShowsScreen.vue'
import StaffPinScreen from './screens/StaffPinScreen.vue'

/**
 * Screens are driven by the sale's state, not by addresses: a kiosk has no
 * address bar and must not be deep-linked into the middle of a sale, so the
 * router keeps its history in memory.
 */
export function createFoyerRouter() {
  return createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', name: 'attract', component: AttractScreen },
      { path: '/events', name: 'events', component: EventsScreen },
      { path: '/events/:code', name: 'shows', component: ShowsScreen },
      { path: '/seats', name: 'seats', component: SeatsScreen },
      { path: '/staff', name: 'staff', component: StaffPinScreen },
      { path: '/admin', name: 'admin', component: AdminSettingsScreen },
      { path: '/:pathMatch(.*)*', redirect: { name: 'attract' } },
    ],
  })
}
