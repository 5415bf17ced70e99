/**
 * `npm run bench:events`: the events screen over 5,000 generated events
 * besides the training ones, in Debian's Chromium (Playwright) through the
 * browser host (port BENCH_PORT, default 5330; its sandbox started with
 * FOYER_SANDBOX_EXTRA_EVENTS). Builds the renderer first unless --no-build.
 *
 * - Scrolling: steps of one window down the whole list, each a scrollBy then
 *   two animation frames. Per step, the time from the scroll to the frame after
 *   the list has caught up ("settled"), p50/p95/max; long tasks (> 50 ms) seen
 *   by a PerformanceObserver during the scroll; main-thread and JavaScript time
 *   per frame (CDP Performance metrics over rAF-counted frames); the time spent
 *   waiting at the end of the loaded list for the next page.
 * - DOM: element count and list rows with 50 events loaded and with all 5,045.
 * - Heap after GC at both points.
 * - Search, typed into the whole list: the last keystroke to the list showing the answer, split into the
 *   250 ms typing pause (the debounce), the question's round trip, and from the
 *   answer to the updated list.
 *
 * Prints figures, no verdicts, and last one JSON line. Timings depend on the
 * machine (and its load): compare runs on one machine.
 */
import { chromium } from '@playwright/test'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { extraEventCode, extraEventMaker } from '../../electron/sandbox/seed/extra/extra-events'
import { buildVenues } from '../../electron/sandbox/seed/venues'
import { startSandbox } from '../../electron/sandbox/server'
import { chromiumArgs, chromiumPath } from '../chromium.mjs'
import { startKioskHost } from './kiosk-host'

/** The in-page drivers of events-probe.js, as window.__bench. */
interface BenchProbe {
  loadedEvents(): number
  firstListMs(): Promise<number>
  scrollThrough(lastTestId: string): Promise<{
    steps: number
    frames: number
    totalMs: number
    settleP50: number
    settleP95: number
    settleMax: number
    longTasks: number
    longTaskMs: number
    longestTaskMs: number
    pages: number
    pageWaitP50: number
    pageRenderP50: number
  }>
  armSearch(): void
  searchDone(): Promise<{ debounceMs: number; roundTripMs: number; renderMs: number; totalMs: number; results: number }>
}
declare global {
  interface Window {
    __bench: BenchProbe
  }
}

const EXTRA = Number(process.env.BENCH_EXTRA_EVENTS ?? 5000)
const port = Number(process.env.BENCH_PORT ?? 5330)

const kioskHost = await startKioskHost(port, { FOYER_SANDBOX_EXTRA_EVENTS: String(EXTRA) })
const host = kioskHost.process
const hostStartMs = kioskHost.startMs

const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, '--enable-precise-memory-info'] })
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
await page.addInitScript({ path: fileURLToPath(new URL('./events-probe.js', import.meta.url)) })
const cdp = await page.context().newCDPSession(page)
await cdp.send('Performance.enable')

const round = (n: number) => Math.round(n * 100) / 100
const cpu = async () => {
  const { metrics } = await cdp.send('Performance.getMetrics')
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0
  return { task: metric('TaskDuration'), script: metric('ScriptDuration') }
}
async function snapshot(p: Page) {
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = await cdp.send('Runtime.getHeapUsage')
  const dom = await p.evaluate(() => ({
    elements: document.getElementsByTagName('*').length,
    rows: document.querySelectorAll('[data-testid="event-list"] > li').length,
  }))
  const loaded = await p.evaluate(() => window.__bench.loadedEvents())
  return { loaded, ...dom, heapMB: round(heap.usedSize / 1048576) }
}
/** The sandbox alone, started in this process: with the training data only, and with the extra events. */
async function sandboxStartMs(extraEvents: number): Promise<number> {
  const started = performance.now()
  const sandbox = await startSandbox({ port: 0, extraEvents, log: () => {} })
  const ms = performance.now() - started
  await sandbox.close()
  return ms
}

// Warm once (module compilation), then the median of three of each.
await sandboxStartMs(0)
const medianOf3 = async (extra: number) => [await sandboxStartMs(extra), await sandboxStartMs(extra), await sandboxStartMs(extra)].sort((a, b) => a - b)[1]!
const sandboxStart = { trainingOnlyMs: round(await medianOf3(0)), withExtraMs: round(await medianOf3(EXTRA)) }

const stage = (text: string) => process.stderr.write(`bench:events: ${text}\n`)
page.on('pageerror', (error) => stage(`page error: ${error.message}`))
stage(`browser host up in ${round(hostStartMs)} ms; opening the events screen`)
await page.goto(kioskHost.entry)
await page.getByTestId('touch-to-start').click()
await page.getByTestId('event-list').getByRole('button').first().waitFor()
const firstList = await page.evaluate(() => window.__bench.firstListMs())
await page.waitForTimeout(500)
const at50 = await snapshot(page)

// ---------------------------------------------------------------- scrolling through all of them
stage('scrolling through every event')
await page.mouse.move(640, 500)
const before = await cpu()
const scroll = await page.evaluate((testId) => window.__bench.scrollThrough(testId), `event-${extraEventCode(EXTRA - 1)}`)
const after = await cpu()
const at5000 = await snapshot(page)
const frames = Math.max(1, scroll.frames)

// ---------------------------------------------------------------- search
stage('searching')
const make = extraEventMaker(buildVenues())
const searches = [make(4321).title.EN_SG, 'Durian Days', 'Tampines', make(17).title.EN_SG, 'Symphony Concert']
await page.evaluate(() => window.scrollTo(0, 0))
const searchFigures = []
for (const text of searches) {
  // From the whole list, typed a key at a time (faster than the typing pause, so one question).
  const field = page.getByTestId('event-search')
  await field.fill('')
  await page.waitForTimeout(800)
  await page.evaluate(() => window.__bench.armSearch())
  await field.pressSequentially(text, { delay: 20 })
  searchFigures.push({ text, ...(await page.evaluate(() => window.__bench.searchDone())) })
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const results = {
  extraEvents: EXTRA,
  hostStartMs: round(hostStartMs),
  sandboxStart,
  firstListMs: round(firstList),
  scroll: {
    steps: scroll.steps,
    frames: scroll.frames,
    settleP50Ms: round(scroll.settleP50),
    settleP95Ms: round(scroll.settleP95),
    settleMaxMs: round(scroll.settleMax),
    longTasks: scroll.longTasks,
    longTaskTotalMs: round(scroll.longTaskMs),
    longestTaskMs: round(scroll.longestTaskMs),
    cpuPerFrameMs: round(((after.task - before.task) * 1000) / frames),
    scriptPerFrameMs: round(((after.script - before.script) * 1000) / frames),
    pagesLoaded: scroll.pages,
    waitForPageP50Ms: round(scroll.pageWaitP50),
    pageAnswerToListP50Ms: round(scroll.pageRenderP50),
    totalMs: round(scroll.totalMs),
  },
  dom: { at50, at5000 },
  search: {
    debounceMs: round(median(searchFigures.map((s) => s.debounceMs))),
    roundTripMs: round(median(searchFigures.map((s) => s.roundTripMs))),
    answerToListMs: round(median(searchFigures.map((s) => s.renderMs))),
    keystrokeToListMs: round(median(searchFigures.map((s) => s.totalMs))),
    keystrokeToListWithoutDebounceMs: round(median(searchFigures.map((s) => s.totalMs - s.debounceMs))),
    each: searchFigures.map((s) => ({ text: s.text, totalMs: round(s.totalMs), debounceMs: round(s.debounceMs), roundTripMs: round(s.roundTripMs), renderMs: round(s.renderMs), results: s.results })),
  },
}

console.log(`\nevents screen with ${EXTRA} generated events (+ training), 1280×800`)
console.log(`  sandbox start, in process: training data ${sandboxStart.trainingOnlyMs} ms, with ${EXTRA} extra ${sandboxStart.withExtraMs} ms`)
console.log(`  browser host start (process, with the extra events)  ${results.hostStartMs} ms`)
console.log(`  first list (touch to start → rows drawn)            ${results.firstListMs} ms`)
console.log(`\nscrolling through all (${scroll.steps} steps of one window, ${scroll.pages} pages loaded, ${results.scroll.totalMs} ms)`)
console.log(`  scroll → settled frame    p50 ${results.scroll.settleP50Ms} ms   p95 ${results.scroll.settleP95Ms} ms   max ${results.scroll.settleMaxMs} ms`)
console.log(`  long tasks (> 50 ms)      ${results.scroll.longTasks}, ${results.scroll.longTaskTotalMs} ms in all, longest ${results.scroll.longestTaskMs} ms`)
console.log(`  main thread per frame     ${results.scroll.cpuPerFrameMs} ms (JavaScript ${results.scroll.scriptPerFrameMs} ms) over ${frames} frames`)
console.log(`  at the end of the loaded list: waiting for the next page p50 ${results.scroll.waitForPageP50Ms} ms; its answer → rows drawn p50 ${results.scroll.pageAnswerToListP50Ms} ms`)
console.log(`\nDOM and heap`)
console.log(`  ${String(at50.loaded).padStart(5)} loaded: ${at50.elements} elements, ${at50.rows} list rows, heap ${at50.heapMB} MB`)
console.log(`  ${String(at5000.loaded).padStart(5)} loaded: ${at5000.elements} elements, ${at5000.rows} list rows, heap ${at5000.heapMB} MB`)
console.log(`\nsearch (median of ${searches.length}: last keystroke → list updated)`)
console.log(`  in all ${results.search.keystrokeToListMs} ms = typing pause (debounce) ${results.search.debounceMs} ms + the rest ${results.search.keystrokeToListWithoutDebounceMs} ms`)
console.log(`  the rest: question round trip ${results.search.roundTripMs} ms, answer → list drawn ${results.search.answerToListMs} ms`)
for (const s of results.search.each) console.log(`    ${JSON.stringify(s.text).padEnd(48)} ${String(s.totalMs).padStart(8)} ms  (${s.results} found)`)
console.log(JSON.stringify({ bench: 'events', results }))

await browser.close()
host.kill('SIGTERM')
