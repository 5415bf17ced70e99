import { createMemoryHistory, createRouter } from 'vue-router'
import AttractScreen from './screens/AttractScreen.vue'

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
      { path: '/:pathMatch(.*)*', redirect: { name: 'attract' } },
    ],
  })
}
