import { createSeatMapView } from '../../renderer/src/seatmap/seat-map-view'
import type { MapSeat, MapSection, MapSelection } from '../../renderer/src/seatmap/model'
import type { SeatMapStats } from '../../renderer/src/seatmap/view-api'
import { createNaiveView } from './naive-view'
import { seatSize, stadiumSections, syntheticSeats } from './synthetic'

/**
 * The benchmark's page (?bench=1&impl=foyer|naive&scene=overview|seats&n=<seats>):
 * one implementation driven directly through `window.harness`. The data is
 * made first and the view only on `start()`, so the benchmark can take the
 * main thread's CPU and the JS heap (after GC) around the view alone.
 */
export interface HarnessApi {
  /** 'data' until start() has drawn the first frame, then 'ready'. */
  phase: 'data' | 'ready'
  start(): Promise<void>
  /** Whether performance.now() is fine-grained (5 µs: the page is cross-origin isolated) or 100 µs. */
  fineClock: boolean
  renderer: string
  /** Foyer's view statistics (null for the baseline). */
  stats(): SeatMapStats | null
  hitTest(x: number, y: number): unknown
  hitBench(n: number): { p50Us: number; p99Us: number }
  /** Applies the given state changes. */
  setStates(changes: { index: number; state: MapSeat['state'] }[]): void
  /** Sells `n` seats (or gives them back, on odd rounds) and times the call, then the first hit test after it. */
  sellThenHit(n: number, round: number): { applyMs: number; firstHitUs: number }
  /** CSS-pixel points (relative to the map) where a tap picks a seat. */
  seatPoints(n: number): { x: number; y: number }[]
  /** ms from each pointerup on the map to the selection callback, in order. */
  clickLatencies(): number[]
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

/** What the page needs of either implementation. */
interface Driven {
  renderer: string
  stats(): SeatMapStats | null
  hitTest(x: number, y: number): unknown
  setSeatStates(changes: { index: number; state: MapSeat['state'] }[]): void
  onSelect(listener: (selection: unknown) => void): void
}

export function startBenchPage(params: URLSearchParams, preference: 'webgl' | 'canvas'): void {
  const host = document.getElementById('app')!
  const scene = params.get('scene') === 'overview' ? 'overview' : 'seats'
  const n = Number(params.get('n') ?? 1000)
  const sections: MapSection[] = scene === 'overview' ? stadiumSections() : []
  const seats: MapSeat[] = scene === 'seats' ? syntheticSeats(n) : []
  let view: Driven | null = null
  const latencies: number[] = []
  let pointerUpAt = -1
  // Capture phase on the host: runs before the canvas's own listeners.
  host.addEventListener('pointerup', (e) => (pointerUpAt = e.timeStamp), { capture: true })

  async function make(): Promise<Driven> {
    if (params.get('impl') === 'naive') {
      const naive = await createNaiveView(host, preference)
      if (scene === 'overview') naive.showOverview(sections)
      else naive.showSeats(seats, seatSize)
      return { renderer: naive.app.renderer.name, stats: () => null, hitTest: naive.hitTest, setSeatStates: naive.setSeatStates, onSelect: naive.onSelect }
    }
    const foyer = await createSeatMapView(host, { preference })
    if (scene === 'overview') foyer.showOverview(sections)
    else foyer.showSeats(seats, seatSize)
    return {
      renderer: foyer.stats().renderer,
      stats: () => foyer.stats(),
      hitTest: foyer.hitTest,
      setSeatStates: foyer.setSeatStates,
      onSelect: (listener: (selection: MapSelection) => void) => void foyer.onSelect(listener),
    }
  }

  const harness: HarnessApi = {
    phase: 'data',
    fineClock: globalThis.crossOriginIsolated === true,
    renderer: '',
    async start() {
      view = await make()
      await nextFrame()
      view.onSelect(() => latencies.push(performance.now() - pointerUpAt))
      harness.renderer = view.renderer
      harness.phase = 'ready'
    },
    stats: () => view?.stats() ?? null,
    hitTest: (x, y) => view?.hitTest(x, y) ?? null,
    hitBench(count) {
      const times: number[] = []
      const { width, height } = host.getBoundingClientRect()
      let seed = 7
      const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
      for (let i = 0; i < count; i++) {
        const [x, y] = [random() * width, random() * height]
        const t = performance.now()
        view!.hitTest(x, y)
        times.push((performance.now() - t) * 1000)
      }
      return { p50Us: percentile(times, 50), p99Us: percentile(times, 99) }
    },
    setStates: (changes) => view!.setSeatStates(changes),
    sellThenHit(count, round) {
      // Seats spread over the whole section, a different set each pair of rounds.
      const state: MapSeat['state'] = round % 2 === 0 ? 'unavailable' : 'available'
      const first = Math.floor(round / 2) * 13
      const changes = Array.from({ length: count }, (_, i) => ({ index: (first + i * 89) % Math.max(1, seats.length), state }))
      const { width, height } = host.getBoundingClientRect()
      let t = performance.now()
      view!.setSeatStates(changes)
      const applyMs = performance.now() - t
      t = performance.now()
      view!.hitTest(width / 2, height / 2)
      return { applyMs, firstHitUs: (performance.now() - t) * 1000 }
    },
    seatPoints(count) {
      const { width, height } = host.getBoundingClientRect()
      const points: { x: number; y: number }[] = []
      for (let y = height * 0.2; y < height * 0.8 && points.length < count; y += 37) {
        for (let x = width * 0.2; x < width * 0.8 && points.length < count; x += 53) {
          if (view!.hitTest(x, y) !== null) points.push({ x, y })
        }
      }
      return points
    },
    clickLatencies: () => [...latencies],
  }
  window.harness = harness
}
