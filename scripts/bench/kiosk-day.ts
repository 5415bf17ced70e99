/**
 * `npm run bench:kiosk-day [-- <purchases>]`: does the kiosk's renderer stay
 * as small after a day's customers as after its first (issue #35)? One page,
 * never reloaded, in Debian's Chromium through a self-service browser host on
 * the sandbox (port BENCH_PORT, default 5334), sells <purchases> (300) card
 * purchases of two seats at the Kopi & Kaya musical the way customers do, by
 * touch through every screen: the attract screen, the events, the show, the
 * seat map's overview, a section, Best Available, the seats map, tickets,
 * delivery, payment, done. Every fifth customer walks away at the seats map
 * instead (the kiosk's idle reset gives the seats back; the page's clock skips
 * the quiet minute and counts the warning down). Builds the renderer first
 * unless --no-build.
 *
 * Chromium is driven over its DevTools pipe (cdp-pipe.ts), the customer's
 * touches made in the page (kiosk-robot.js): not through Playwright, whose
 * Network domain keeps a copy of every response the page receives, as a
 * kiosk's Chromium does not.
 *
 * At purchase 10 and every 50th, on the attract screen after a forced garbage
 * collection: the JS heap, the DOM's documents, nodes and listeners, the
 * renderer and GPU processes' resident memory (RSS, and USS: their own pages,
 * which other Chromiums on the machine do not change as they do PSS), and the
 * WebGL contexts the page created (tests/support/webgl-probe.js) and still has
 * alive; and from a heap snapshot (BENCH_SNAPSHOTS=<folder>: written there too), the heap's compiled code
 * apart from the page's objects (heap-split.ts says why). Targets: from purchase 50 to the last, each
 * within 5 % growth (the JS heap as a whole, and its objects without V8's compiled code; the code's own
 * growth is printed beside them); and no WebGL context made after the first customer. Prints a table,
 * then one JSON line.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type {} from '../../tests/support/webgl-probe'
import { heapSplit, type HeapSplit } from './heap-split'
import { chromiumArgs, chromiumPath } from '../chromium.mjs'
import { CdpPipe } from './cdp-pipe'
import { ChromiumMemory, type MemorySample } from './chromium-memory'
import { startKioskHost } from './kiosk-host'

const purchases = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? process.env.BENCH_PURCHASES ?? 300)
if (!Number.isInteger(purchases) || purchases < 1) throw new Error('give the number of purchases as a whole number: npm run bench:kiosk-day -- 300')
const port = Number(process.env.BENCH_PORT ?? 5334)
const EVENT = { code: 'FY26KOPIKAYA', promoter: 'Five Foot Way' }
/** Every this many customers, one walks away at the seats map. */
const WALK_AWAY_EVERY = 5
/** The kiosk's quiet time and idle warning (stores/idle.ts), skipped with the page's clock. */
const QUIET_MS = 61_000
const WARNING_SECONDS = 21

/** BENCH_SNAPSHOTS=<folder>: a heap snapshot there at each sample, to compare in DevTools when a figure grows. */
const snapshots = process.env.BENCH_SNAPSHOTS ?? null
const stage = (text: string) => process.stderr.write(`bench:kiosk-day: ${text}\n`)
const host = await startKioskHost(port)
const script = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8')
const chromium = CdpPipe.launch(chromiumPath, chromiumArgs)
process.on('exit', () => chromium.close())
const session = await chromium.openPage(1080, 1920, [script('../../tests/support/webgl-probe.js'), script('./kiosk-robot.js')])
const memory = new ChromiumMemory(
  (method, params) => chromium.send(method, params, session),
  (method, params) => chromium.send(method, params),
)
/** Runs one of the page's customer's actions (kiosk-robot.js). */
const customer = (action: string) => chromium.evaluate<unknown>(session, `window.__customer.${action}`)
const showing = (testId: string) => chromium.evaluate<boolean>(session, `window.__customer.showing(${JSON.stringify(testId)})`)
/** Presses where the page says the control is: mouse down and up there, trusted input as a touch is. */
async function touch(where: string): Promise<void> {
  const { x, y } = (await customer(where)) as { x: number; y: number }
  for (const type of ['mousePressed', 'mouseReleased']) await chromium.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 }, session)
}
const MAP_READY = '[data-testid="seat-map"][data-seatmap-ready="1"]'

async function toSeatsMap(): Promise<void> {
  await touch(`at('touch-to-start')`)
  // As a customer reading the list does: on until the search typed is answered (kiosk-robot.js). Touched at once,
  // the event (already listed) was touched before the search was asked, so the search was never made, nor what
  // it loads the first time (the pinyin reading of titles, 1.3 MB), until a busy moment a hundred customers in
  // let one through, and that one-off load read as the heap growing.
  await customer(`search('event-search', ${JSON.stringify(EVENT.promoter)}, 'event-list')`)
  await touch(`at('event-${EVENT.code}')`)
  await touch(`atNth('show-list', 0)`)
  await customer(`waitFor('${MAP_READY}')`)
  // A section the vendor has no two seats together in any more (earlier customers bought them) says so: the next.
  // A last pair of a section comes as one set, already the customer's (no "keep" button).
  for (let section = 0; !(await showing('set-0')); section++) {
    if (section === 10) throw new Error('no section of the show offered two seats')
    await touch(`atNth('section-list', ${section})`)
    await touch(`at('find-seats')`)
    await customer(`waitFor('[data-testid="set-0"], [data-testid="error-notice"]')`)
  }
  await customer(`waitFor('[data-testid="seat-map"][data-seat-states][data-seatmap-ready="1"]')`)
}

async function buy(): Promise<void> {
  await toSeatsMap()
  if (await showing('keep-set-0')) await touch(`at('keep-set-0')`)
  for (const step of ['seats-continue', 'tickets-continue', 'payment-VISA', 'delivery-continue', 'review-pay', 'test-card-approve', 'done-finish']) {
    await touch(`at('${step}')`)
  }
  await customer(`waitFor('attract-screen')`)
}

async function walkAway(): Promise<void> {
  await toSeatsMap()
  await chromium.evaluate(session, `window.__skipTime(${QUIET_MS})`)
  await customer(`waitFor('idle-warning')`)
  // The warning counts down a second at a time; each second skipped, and a moment to run what it does.
  for (let second = 0; second < WARNING_SECONDS && !(await showing('attract-screen')); second++) {
    await chromium.evaluate(session, `window.__skipTime(1000)`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  await customer(`waitFor('attract-screen')`)
}

interface Row extends MemorySample {
  purchases: number
  customers: number
  webgl: { created: number; live: number }
  heap: HeapSplit
}
const rows: Row[] = []
async function sample(bought: number, customers: number): Promise<void> {
  const figures = await memory.sample()
  const heap = heapSplit(await chromium.heapSnapshot(session, snapshots ? join(snapshots, `kiosk-day-${bought}.heapsnapshot`) : undefined))
  const webgl = await chromium.evaluate<{ created: number; live: number }>(session, 'window.__webgl.count()')
  rows.push({ purchases: bought, customers, ...figures, webgl, heap })
  stage(`${bought} purchases (${customers} customers): heap ${figures.jsHeapMb} MB (snapshot: objects ${heap.objectsMb}, code ${heap.codeMb} MB), renderer RSS ${figures.renderer.rssMb} / USS ${figures.renderer.ussMb} MB, GPU RSS ${figures.gpu.rssMb} / USS ${figures.gpu.ussMb} MB, ${webgl.created} WebGL contexts`)
}

await chromium.send('Page.navigate', { url: host.entry }, session)
await new Promise((resolve) => setTimeout(resolve, 500))
await customer(`waitFor('attract-screen')`)
let bought = 0
let customers = 0
const started = performance.now()
await sample(0, 0)
try {
  while (bought < purchases) {
    customers++
    if (customers % WALK_AWAY_EVERY === 0) await walkAway()
    else {
      await buy()
      bought++
      if (bought === 10 || bought % 50 === 0 || bought === purchases) await sample(bought, customers)
    }
  }
} catch (error) {
  // The figures so far are still printed; the page as it stood is kept for a look.
  stage(`customer ${customers} failed: ${(error as Error).message.split('\n')[0]} (page: /tmp/kiosk-day-failed.png)`)
  const { data } = await chromium.send<{ data: string }>('Page.captureScreenshot', {}, session)
  writeFileSync('/tmp/kiosk-day-failed.png', Buffer.from(data, 'base64'))
  process.exitCode = 1
}
const minutes = (performance.now() - started) / 60_000
const stacks = process.argv.includes('--stacks') ? await chromium.evaluate<string[]>(session, 'window.__webgl.stacks') : []
chromium.close()
host.process.kill('SIGTERM')

// ---------------------------------------------------------------- report

const pad = (value: unknown, width: number) => String(value).padStart(width)
console.log(`\nkiosk day: ${purchases} purchases, ${customers} customers (every ${WALK_AWAY_EVERY}th walked away at the seats map), ${minutes.toFixed(1)} min`)
console.log(`${pad('bought', 7)}${pad('custs', 7)}${pad('heap MB', 9)}${pad('objects', 9)}${pad('code', 7)}${pad('docs', 6)}${pad('nodes', 7)}${pad('lstnrs', 8)}${pad('rend RSS', 10)}${pad('rend USS', 10)}${pad('GPU RSS', 9)}${pad('GPU USS', 9)}${pad('GL made', 9)}${pad('GL live', 9)}`)
for (const r of rows) {
  console.log(
    `${pad(r.purchases, 7)}${pad(r.customers, 7)}${pad(r.jsHeapMb, 9)}${pad(r.heap.objectsMb, 9)}${pad(r.heap.codeMb, 7)}${pad(r.documents, 6)}${pad(r.nodes, 7)}${pad(r.listeners, 8)}${pad(r.renderer.rssMb, 10)}${pad(r.renderer.ussMb, 10)}${pad(r.gpu.rssMb, 9)}${pad(r.gpu.ussMb, 9)}${pad(r.webgl.created, 9)}${pad(r.webgl.live, 9)}`,
  )
}
const from = rows.find((r) => r.purchases === 50) ?? rows[1] ?? rows[0]!
const to = rows.at(-1)!
const growth = (a: number, b: number) => (a > 0 ? Math.round(((b - a) / a) * 1000) / 10 : 0)
const growthPercent = {
  jsHeap: growth(from.jsHeapBytes, to.jsHeapBytes),
  heapObjects: growth(from.heap.objectsMb, to.heap.objectsMb),
  nodes: growth(from.nodes, to.nodes),
  listeners: growth(from.listeners, to.listeners),
  rendererRss: growth(from.renderer.rssMb, to.renderer.rssMb),
  rendererUss: growth(from.renderer.ussMb, to.renderer.ussMb),
  gpuRss: growth(from.gpu.rssMb, to.gpu.rssMb),
  gpuUss: growth(from.gpu.ussMb, to.gpu.ussMb),
}
const perCustomer = Math.round(((to.webgl.created - from.webgl.created) / Math.max(1, to.customers - from.customers)) * 100) / 100
// The heap's compiled code apart (heap-split.ts), printed to tell code V8 is still optimising from objects kept.
const codeGrowthPercent = { heapCode: growth(from.heap.codeMb, to.heap.codeMb) }
console.log(`growth from purchase ${from.purchases} to ${to.purchases}: ${JSON.stringify(growthPercent)} %; of the heap's compiled code ${JSON.stringify(codeGrowthPercent)} %; WebGL contexts created per customer since then ${perCustomer}`)
for (const stack of stacks) console.log(`\n${stack}`)
// pixi makes two short-lived contexts when the map first starts (its WebGL probe, and a test context for the
// shaders' precision) besides the map's own: what counts is that no customer after the first makes another.
const first = rows.find((r) => r.purchases > 0) ?? to
const targets = {
  eachWithin5Percent: Object.values(growthPercent).every((g) => g <= 5),
  noWebglContextAfterTheFirstCustomer: to.webgl.created === first.webgl.created && to.webgl.live === 1,
}
console.log(JSON.stringify({ bench: 'kiosk-day', purchases, customers, minutes: Math.round(minutes * 10) / 10, rows, growthPercent, codeGrowthPercent, webglPerCustomer: perCustomer, targets }))
