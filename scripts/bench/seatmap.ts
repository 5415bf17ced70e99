/**
 * `npm run bench:seatmap`: Foyer's seat map against a naive baseline (one
 * Graphics per seat, pixi's own hit-testing and events, continuous rendering),
 * both in the same run of Debian's Chromium (Playwright; WebGL is software,
 * SwiftShader), on synthetic sections of 10,000 and 100,000 seats. For each,
 * the figures of issue #15's table, all CPU time taken from Chromium itself
 * (CDP Performance metrics for the page's main thread, SystemInfo for the GPU
 * process), never frame rates:
 *
 * - first frame: main-thread CPU from nothing to the scene's first frame;
 * - click → seat callback p50: a real click's pointerup to the selection callback;
 * - 1,000 seats sold: the state-change call alone (median of 5);
 * - idle 3 s: requestAnimationFrame callbacks and main-thread CPU;
 * - wheel zoom step: main-thread and GPU-process CPU per wheel notch (mean of 10),
 *   beside the same wait with no notch (the measurement's own cost, in every step's figure),
 *   and what the map then costs once the wheel rests (Foyer previews the turning
 *   wheel with a CSS transform and draws the map when it rests: zoom-preview.ts);
 * - hit test called directly, p50/p99 (2,000 random points; the page is
 *   cross-origin isolated, so the clock steps by 5 µs);
 * - first hit test after 1,000 state changes (median of 5);
 * - JS heap growth: after GC, with the first frame drawn, against the data alone.
 *
 * Prints a table with the targets, then one JSON line. Run it twice and note
 * the load (`uptime`): the development machine is shared.
 */
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test'
import { spawn, spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { createInterface } from 'node:readline'
import { COUNT_FRAME_CALLBACKS, rafCalls } from '../../tests/seatmap-harness/frame-counter'
import { chromiumArgs, chromiumPath } from '../chromium.mjs'

const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'tests/seatmap-harness/vite.config.ts'], { stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)
const server = spawn(process.execPath, ['scripts/serve-static.mjs', 'out/seatmap-harness', '0'], { stdio: ['ignore', 'pipe', 'inherit'] })
// Also when the run fails part-way: the server must not outlive it.
process.once('exit', () => server.kill('SIGTERM'))
const base = await new Promise<string>((resolve) => createInterface({ input: server.stdout }).once('line', resolve))

interface Figures {
  renderer: string
  firstFrameCpuMs: number
  clickToCallbackP50Ms: number | null
  sold1000Ms: number
  idleRafCallbacks: number
  idleCpuMs: number
  zoomStepCpuMs: number
  zoomStepGpuMs: number
  /** Three frames waited for with no notch: what every step's figure includes of the measuring itself. */
  zoomStepFloorMs: number
  zoomRestCpuMs: number
  zoomRestGpuMs: number
  hitP50Us: number
  hitP99Us: number
  firstHitAfterChangesUs: number
  heapGrowthMB: number
  fineClock: boolean
}

const round = (n: number) => Math.round(n * 100) / 100
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function mainThreadMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000
}

async function gpuProcessMs(browserCdp: CDPSession): Promise<number> {
  const { processInfo } = (await browserCdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; cpuTime: number }[] }
  return processInfo.filter((p) => p.type === 'GPU').reduce((sum, p) => sum + p.cpuTime, 0) * 1000
}

async function heapMB(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  return (await cdp.send('Runtime.getHeapUsage')).usedSize / 1048576
}

/**
 * Waits for the page to draw `count` frames. A string: tsx names the functions
 * it compiles with a helper that does not exist in the page.
 */
const frames = (page: Page, count: number) =>
  page.evaluate(`new Promise((resolve) => { let left = ${count}; const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick)); requestAnimationFrame(tick) })`)

async function measure(browser: Browser, browserCdp: CDPSession, url: string): Promise<Figures> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  try {
    await page.addInitScript({ content: COUNT_FRAME_CALLBACKS })
    await page.goto(url)
    await page.waitForFunction(() => window.harness?.phase === 'data', undefined, { timeout: 180_000 })
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')
    await cdp.send('HeapProfiler.enable')

    const heapBefore = await heapMB(cdp)
    const cpuBefore = await mainThreadMs(cdp)
    await page.evaluate(() => window.harness!.start())
    const firstFrameCpuMs = (await mainThreadMs(cdp)) - cpuBefore
    const heapGrowthMB = (await heapMB(cdp)) - heapBefore

    // Idle: nothing touched for 3 s (after a moment for the first frames to settle).
    await page.waitForTimeout(500)
    const idle = { raf: await rafCalls(page), cpu: await mainThreadMs(cdp) }
    await page.waitForTimeout(3000)
    const idleRafCallbacks = (await rafCalls(page)) - idle.raf
    const idleCpuMs = (await mainThreadMs(cdp)) - idle.cpu

    // Clicks on seats, at the fitted view.
    const points = await page.evaluate(() => window.harness!.seatPoints(15))
    const box = (await page.locator('#app').boundingBox())!
    for (const p of points) {
      await page.mouse.click(box.x + p.x, box.y + p.y)
      await frames(page, 2)
    }
    const latencies = await page.evaluate(() => window.harness!.clickLatencies())

    const hits = await page.evaluate(() => window.harness!.hitBench(2000))
    const sold = await page.evaluate(() => Array.from({ length: 6 }, (_, round) => window.harness!.sellThenHit(1000, round)).slice(1))

    // Wheel zoom: ten notches in, then out again, over the middle of the map; each
    // step's cost is the CPU taken from the wheel event until two frames later.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await frames(page, 3)
    let cpu = 0
    let gpu = 0
    const steps = 10
    // The measurement's own cost: the same three frames waited for, with no wheel notch.
    let floor = 0
    for (let i = 0; i < steps; i++) {
      const c0 = await mainThreadMs(cdp)
      await frames(page, 3)
      floor += (await mainThreadMs(cdp)) - c0
    }
    for (let i = 0; i < steps; i++) {
      const [c0, g0] = [await mainThreadMs(cdp), await gpuProcessMs(browserCdp)]
      await page.mouse.wheel(0, i < steps / 2 ? -120 : 120)
      await frames(page, 3)
      cpu += (await mainThreadMs(cdp)) - c0
      gpu += (await gpuProcessMs(browserCdp)) - g0
    }
    // Once the wheel rests (a fifth of a second after the last notch), the map is drawn for real.
    const [r0, rg0] = [await mainThreadMs(cdp), await gpuProcessMs(browserCdp)]
    await page.waitForTimeout(400)
    await frames(page, 3)
    const restCpu = (await mainThreadMs(cdp)) - r0
    const restGpu = (await gpuProcessMs(browserCdp)) - rg0
    const info = await page.evaluate(() => ({ renderer: window.harness!.renderer, fineClock: window.harness!.fineClock }))
    return {
      renderer: info.renderer,
      firstFrameCpuMs: round(firstFrameCpuMs),
      clickToCallbackP50Ms: latencies.length ? round(median(latencies)) : null,
      sold1000Ms: round(median(sold.map((s) => s.applyMs))),
      idleRafCallbacks,
      idleCpuMs: round(idleCpuMs),
      zoomStepCpuMs: round(cpu / steps),
      zoomStepGpuMs: round(gpu / steps),
      zoomStepFloorMs: round(floor / steps),
      zoomRestCpuMs: round(restCpu),
      zoomRestGpuMs: round(restGpu),
      hitP50Us: round(hits.p50Us),
      hitP99Us: round(hits.p99Us),
      firstHitAfterChangesUs: round(median(sold.map((s) => s.firstHitUs))),
      heapGrowthMB: round(heapGrowthMB),
      fineClock: info.fineClock,
    }
  } finally {
    await page.close()
  }
}

/** Issue #15's targets for Foyer's figures (the rest are only to keep the lead). */
const targets: Partial<Record<keyof Figures, (f: Figures, seats: number) => boolean>> = {
  idleRafCallbacks: (f) => f.idleRafCallbacks === 0,
  idleCpuMs: (f) => f.idleCpuMs < 2,
  zoomStepCpuMs: (f) => f.zoomStepCpuMs <= 4,
  hitP99Us: (f) => f.hitP99Us <= 50,
  firstHitAfterChangesUs: (f) => f.firstHitAfterChangesUs <= Math.max(50, f.hitP99Us),
  heapGrowthMB: (f, seats) => f.heapGrowthMB <= (seats >= 100_000 ? 25 : 3),
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, '--enable-precise-memory-info'] })
const browserCdp = await browser.newBrowserCDPSession()
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ')
console.log(`load average at start: ${load()}`)
const results: Record<string, { foyer: Figures; naive: Figures; met: Record<string, boolean> }> = {}
for (const seats of [10_000, 100_000]) {
  const url = (impl: string) => `${base}?bench=1&impl=${impl}&scene=seats&n=${seats}`
  const foyer = await measure(browser, browserCdp, url('foyer'))
  const naive = await measure(browser, browserCdp, url('naive'))
  const met = Object.fromEntries(Object.entries(targets).map(([key, ok]) => [key, ok(foyer, seats)]))
  results[`seats-${seats}`] = { foyer, naive, met }
  console.log(`\n${seats.toLocaleString('en')} seats (renderer: ${foyer.renderer}, fine clock: ${foyer.fineClock}, load ${load()})`)
  console.log(`  ${'metric'.padEnd(24)} ${'Foyer'.padStart(10)} ${'naive'.padStart(10)}   target`)
  for (const key of Object.keys(foyer) as (keyof Figures)[]) {
    if (key === 'renderer' || key === 'fineClock') continue
    const verdict = key in met ? (met[key] ? 'met' : 'MISSED') : ''
    console.log(`  ${key.padEnd(24)} ${String(foyer[key]).padStart(10)} ${String(naive[key]).padStart(10)}   ${verdict}`)
  }
}
console.log(`\nload average at end: ${load()}`)
console.log(JSON.stringify({ bench: 'seatmap', load: load(), results }))
await browser.close()
server.kill('SIGTERM')
