import { createApp } from 'vue'
import { createFoyerI18n } from '../../renderer/src/i18n'
import { createSeatMapView } from '../../renderer/src/seatmap/seat-map-view'
import type { MapSeat, MapSection } from '../../renderer/src/seatmap/model'
import HarnessApp from './HarnessApp.vue'
import { createNaiveView } from './naive-view'
import { seatSize, stadiumSections, syntheticSeats } from './synthetic'

/**
 * ?bench=1&impl=foyer|naive&scene=overview|seats&n=<seats>&renderer=webgl|canvas
 *   drives one implementation directly and exposes `window.harness` to the benchmark.
 * Otherwise: the real SeatMap and SeatList components, for the Playwright tests.
 */
const params = new URLSearchParams(location.search)
const preference = params.get('renderer') === 'canvas' ? 'canvas' : 'webgl'

interface HarnessApi {
  ready: boolean
  buildMs: number
  sceneMs: number
  renderer: string
  items: number
  renders(): number
  hitTest(x: number, y: number): unknown
  hitBench(n: number): { p50Us: number; p99Us: number; meanUs: number }
  applyStates(n: number): number
  heapMB(): number | null
}

declare global {
  interface Window {
    harness?: HarnessApi
  }
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function bench(): Promise<void> {
  const host = document.getElementById('app')!
  const scene = params.get('scene') === 'overview' ? 'overview' : 'seats'
  const n = Number(params.get('n') ?? 1000)
  const sections: MapSection[] = scene === 'overview' ? stadiumSections() : []
  const seats: MapSeat[] = scene === 'seats' ? syntheticSeats(n) : []
  const started = performance.now()
  const hitTimes = (hit: (x: number, y: number) => unknown, count: number) => {
    const times: number[] = []
    const { width, height } = host.getBoundingClientRect()
    let seed = 7
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647)
    for (let i = 0; i < count; i++) {
      const [x, y] = [random() * width, random() * height]
      const t = performance.now()
      hit(x, y)
      times.push((performance.now() - t) * 1000)
    }
    return { p50Us: percentile(times, 50), p99Us: percentile(times, 99), meanUs: times.reduce((a, b) => a + b, 0) / count }
  }
  const heapMB = () => {
    const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory
    return memory ? memory.usedJSHeapSize / 1048576 : null
  }
  const states: MapSeat['state'][] = ['offered-a', 'offered-b', 'chosen', 'available']

  if (params.get('impl') === 'naive') {
    const view = await createNaiveView(host, preference)
    const sceneStarted = performance.now()
    if (scene === 'overview') view.showOverview(sections)
    else view.showSeats(seats, seatSize)
    await nextFrame()
    window.harness = {
      ready: true,
      buildMs: performance.now() - started,
      sceneMs: performance.now() - sceneStarted,
      renderer: view.app.renderer.name,
      items: sections.length || seats.length,
      renders: view.renders,
      hitTest: (x, y) => view.hitTest(x, y),
      hitBench: (count) => hitTimes((x, y) => view.hitTest(x, y), count),
      applyStates(count) {
        const t = performance.now()
        view.setSeatStates(Array.from({ length: count }, (_, i) => ({ index: (i * 97) % Math.max(1, seats.length), state: states[i % 4]! })))
        return performance.now() - t
      },
      heapMB,
    }
    return
  }

  const view = await createSeatMapView(host, { preference })
  const sceneStarted = performance.now()
  if (scene === 'overview') view.showOverview(sections)
  else view.showSeats(seats, seatSize)
  await nextFrame()
  window.harness = {
    ready: true,
    buildMs: performance.now() - started,
    sceneMs: performance.now() - sceneStarted,
    renderer: view.stats().renderer,
    items: view.stats().items,
    renders: () => view.stats().renders,
    hitTest: (x, y) => view.hitTest(x, y),
    hitBench: (count) => hitTimes((x, y) => view.hitTest(x, y), count),
    applyStates(count) {
      const t = performance.now()
      view.setSeatStates(Array.from({ length: count }, (_, i) => ({ index: (i * 97) % Math.max(1, seats.length), state: states[i % 4]! })))
      return performance.now() - t
    },
    heapMB,
  }
}

if (params.get('bench') === '1') void bench()
else createApp(HarnessApp, { preference }).use(createFoyerI18n()).mount('#app')
