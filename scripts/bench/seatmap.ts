/**
 * `npm run bench:seatmap`: the seat map in Debian's Chromium (Playwright), over
 * synthetic sections of 1,000, 10,000 and 100,000 seats and the stadium
 * overview, for Foyer's view and a naive baseline (one Graphics per seat,
 * pixi's own hit-testing, continuous rendering). For each: build time to first
 * frame, main-thread CPU per rendered frame during a scripted pan and zoom
 * (real mouse drags and wheel), tap hit-test p50/p99, time to apply 1,000 seat
 * state changes, renders per second while idle, and JS heap after GC. Prints
 * Foyer's figures with their ratio to the baseline, and last one JSON line.
 * WebGL here is software (SwiftShader): judge the CPU-side figures.
 */
import { chromium, type Page } from '@playwright/test'
import { spawn, spawnSync } from 'node:child_process'
import { createInterface } from 'node:readline'
import { chromiumArgs, chromiumPath } from '../chromium.mjs'


const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'tests/seatmap-harness/vite.config.ts'], { stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)
const server = spawn(process.execPath, ['scripts/serve-static.mjs', 'out/seatmap-harness', '0'], { stdio: ['ignore', 'pipe', 'inherit'] })
const base = await new Promise<string>((resolve) => createInterface({ input: server.stdout }).once('line', resolve))

const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, '--enable-precise-memory-info'] })

interface Figures {
  renderer: string
  /** From nothing to the first frame: pixi's start (WebGL context, shaders) plus the scene. */
  buildMs: number
  /** The scene alone: from showing the data to its first frame, on a started view. */
  sceneMs: number
  /** Main-thread CPU per frame; with SwiftShader this includes rasterising in software. */
  cpuPerFrameMs: number
  /** The JavaScript part of it: scene updates, labels, input handling. */
  scriptPerFrameMs: number
  framesDuringPanZoom: number
  hitP50Us: number
  hitP99Us: number
  /** Mean over 2,000 taps: finer than one call's time (Chromium's clock steps by 100 µs without isolation). */
  hitMeanUs: number
  stateChanges1000Ms: number | null
  idleRendersPerSecond: number
  heapMB: number
}

async function measure(page: Page, url: string, seats: boolean): Promise<Figures> {
  await page.goto(url)
  await page.waitForFunction(() => window.harness?.ready === true, undefined, { timeout: 180_000 })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  /** Main-thread seconds so far: all tasks (incl. software WebGL here), and JavaScript alone. */
  const cpu = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics')
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0
    return { task: metric('TaskDuration'), script: metric('ScriptDuration') }
  }
  const renders = () => page.evaluate(() => window.harness!.renders())

  // A scripted pan and zoom: drags across the map, then wheel zooms in and out.
  const [cx, cy] = [640, 400]
  const before = { cpu: await cpu(), frames: await renders() }
  for (let i = 0; i < 6; i++) {
    await page.mouse.move(cx, cy)
    await page.mouse.down()
    for (let step = 1; step <= 8; step++) await page.mouse.move(cx + (i % 2 ? -1 : 1) * step * 20, cy + step * 6)
    await page.mouse.up()
  }
  for (let i = 0; i < 8; i++) {
    await page.mouse.move(cx, cy)
    await page.mouse.wheel(0, i < 4 ? -240 : 240)
    await page.waitForTimeout(30)
  }
  await page.waitForTimeout(800)
  const after = { cpu: await cpu(), frames: await renders() }
  const frames = Math.max(1, after.frames - before.frames)

  const hits = await page.evaluate(() => window.harness!.hitBench(2000))
  // One warm-up call (the first one compiles the code path), then the median of five.
  const stateMs = seats
    ? await page.evaluate(() => {
        window.harness!.applyStates(1000)
        const times = Array.from({ length: 5 }, () => window.harness!.applyStates(1000)).sort((a, b) => a - b)
        return times[2]!
      })
    : null
  await page.waitForTimeout(300)
  const idleStart = await renders()
  await page.waitForTimeout(2000)
  const idleRenders = ((await renders()) - idleStart) / 2
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = await cdp.send('Runtime.getHeapUsage')
  const info = await page.evaluate(() => ({ renderer: window.harness!.renderer, buildMs: window.harness!.buildMs, sceneMs: window.harness!.sceneMs }))
  return {
    renderer: info.renderer,
    buildMs: round(info.buildMs),
    sceneMs: round(info.sceneMs),
    cpuPerFrameMs: round(((after.cpu.task - before.cpu.task) * 1000) / frames),
    scriptPerFrameMs: round(((after.cpu.script - before.cpu.script) * 1000) / frames),
    framesDuringPanZoom: frames,
    hitP50Us: round(hits.p50Us),
    hitP99Us: round(hits.p99Us),
    hitMeanUs: round(hits.meanUs),
    stateChanges1000Ms: stateMs === null ? null : round(stateMs),
    idleRendersPerSecond: round(idleRenders),
    heapMB: round(heap.usedSize / 1048576),
  }
}

const round = (n: number) => Math.round(n * 100) / 100
const scenarios = [
  { name: 'seats-1000', query: 'scene=seats&n=1000', seats: true },
  { name: 'seats-10000', query: 'scene=seats&n=10000', seats: true },
  { name: 'seats-100000', query: 'scene=seats&n=100000', seats: true },
  { name: 'stadium-overview', query: 'scene=overview', seats: false },
]

const results: Record<string, { foyer: Figures; naive: Figures }> = {}
for (const scenario of scenarios) {
  const run = async (impl: 'foyer' | 'naive') => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    try {
      return await measure(page, `${base}?bench=1&impl=${impl}&${scenario.query}`, scenario.seats)
    } finally {
      await page.close()
    }
  }
  const foyer = await run('foyer')
  const naive = await run('naive')
  results[scenario.name] = { foyer, naive }
  const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? 'n/a' : `${round(a / b)}×`)
  console.log(`\n${scenario.name} (renderer: ${foyer.renderer})`)
  for (const key of Object.keys(foyer) as (keyof Figures)[]) {
    if (key === 'renderer') continue
    console.log(`  ${key.padEnd(22)} ${String(foyer[key]).padStart(10)}   naive ${String(naive[key]).padStart(10)}   ratio ${ratio(foyer[key] as number, naive[key] as number)}`)
  }
}

const big = results['seats-100000']!.foyer
const targets = {
  firstFrameUnder1s: big.buildMs <= 1000,
  hitP99Under1ms: big.hitP99Us <= 1000,
  stateChangesUnder4ms: (big.stateChanges1000Ms ?? Infinity) <= 4,
  zeroIdleRenders: big.idleRendersPerSecond === 0,
  heapUnder150MB: big.heapMB <= 150,
}
console.log(`\ntargets at 100,000 seats: ${JSON.stringify(targets)}`)
console.log(JSON.stringify({ bench: 'seatmap', results, targets }))
await browser.close()
server.kill('SIGTERM')
