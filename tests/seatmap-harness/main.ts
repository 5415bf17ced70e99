import { createApp } from 'vue'
import { createFoyerI18n } from '../../renderer/src/i18n'
import HarnessApp from './HarnessApp.vue'
import { startBenchPage } from './bench-page'

/**
 * ?bench=1&impl=foyer|naive&scene=overview|seats&n=<seats>&renderer=webgl|canvas
 *   drives one implementation directly and exposes `window.harness` to the benchmark (bench-page.ts).
 * Otherwise: the real SeatMap and SeatList components, for the Playwright tests.
 */
const params = new URLSearchParams(location.search)
const preference = params.get('renderer') === 'canvas' ? 'canvas' : 'webgl'

if (params.get('bench') === '1') startBenchPage(params, preference)
else {
  // ?wheelRest=ms: how long the wheel takes to rest (a test on a busy machine wants more than 120 ms between notches).
  const wheelRest = Number(params.get('wheelRest'))
  const wheelRestMs = Number.isFinite(wheelRest) && wheelRest > 0 ? wheelRest : undefined
  createApp(HarnessApp, { preference, wheelRestMs }).use(createFoyerI18n()).mount('#app')
}
