/**
 * `npm run bench:kiosk-day [-- <purchases>]`: does the kiosk's renderer stay
 * as small after a day's customers as after its first (issue #35)? One page,
 * never reloaded, in Debian's Chromium (Playwright) through a self-service
 * browser host on the sandbox (port BENCH_PORT, default 5334), sells
 * <purchases> (300) card purchases of two seats at the Kopi & Kaya musical the
 * way customers do, by touch through every screen: the attract screen, the
 * events, the show, the seat map's overview, a section, Best Available, the
 * seats map, tickets, delivery, payment, done. Every fifth customer walks away
 * at the seats map instead (the kiosk's idle reset gives the seats back;
 * Playwright's clock skips the quiet minute and counts the warning down).
 * Builds the renderer first unless --no-build.
 *
 * At purchase 10 and every 50th, on the attract screen after a forced garbage
 * collection: the JS heap, the DOM's documents, nodes and listeners, the
 * renderer and GPU processes' resident memory (RSS, and USS: their own pages, which other Chromiums on the machine do not change as they do PSS), and the WebGL
 * contexts the page created (tests/support/webgl-probe.js) and still has alive. Targets:
 * from purchase 50 to the last, each within 5 % growth, and one WebGL context
 * for the kiosk's life. Prints a table, then one JSON line.
 */
import { chromium, type Page } from '@playwright/test'
import { fileURLToPath } from 'node:url'
import type {} from '../../tests/support/webgl-probe'
import { chromiumArgs, chromiumPath } from '../chromium.mjs'
import { ChromiumMemory, type MemorySample } from './chromium-memory'
import { startKioskHost } from './kiosk-host'

const purchases = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? process.env.BENCH_PURCHASES ?? 300)
if (!Number.isInteger(purchases) || purchases < 1) throw new Error('give the number of purchases as a whole number: npm run bench:kiosk-day -- 300')
const port = Number(process.env.BENCH_PORT ?? 5334)
const EVENT = { code: 'FY26KOPIKAYA', promoter: 'Five Foot Way' }
/** Every this many customers, one walks away at the seats map. */
const WALK_AWAY_EVERY = 5
/** The kiosk's quiet time and idle warning (stores/idle.ts), skipped with the clock. */
const QUIET_MS = 61_000
const WARNING_MS = 21_000

const stage = (text: string) => process.stderr.write(`bench:kiosk-day: ${text}\n`)
const host = await startKioskHost(port)
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const page = await browser.newPage({ viewport: { width: 1080, height: 1920 }, hasTouch: true })
await page.addInitScript({ path: fileURLToPath(new URL('../../tests/support/webgl-probe.js', import.meta.url)) })
page.on('pageerror', (error) => stage(`page error: ${error.message}`))
// Time runs as usual; the clock only jumps over a walk-away's idle minute.
await page.clock.install()
const memory = await ChromiumMemory.attach(browser, page)

async function toSeatsMap(p: Page): Promise<void> {
  await p.getByTestId('touch-to-start').click()
  await p.getByTestId('event-search').fill(EVENT.promoter)
  await p.getByTestId(`event-${EVENT.code}`).click()
  await p.getByTestId('show-list').locator('button:enabled').first().click()
  await p.getByTestId('seat-map').and(p.locator('[data-seatmap-ready="1"]')).waitFor({ timeout: 30_000 })
  // A section the vendor has no two seats together in any more (earlier customers bought them) says so: the next.
  // A last pair of a section comes as one set, already the customer's (no "keep" button).
  const offered = p.getByTestId('set-0')
  for (let section = 0; !(await offered.isVisible()); section++) {
    if (section === 10) throw new Error('no section of the show offered two seats')
    await p.getByTestId('section-list').locator('button:enabled').nth(section).click()
    await p.getByTestId('find-seats').click()
    await offered.or(p.getByTestId('error-notice')).first().waitFor({ timeout: 30_000 })
  }
  await p.getByTestId('seat-map').and(p.locator('[data-seat-states][data-seatmap-ready="1"]')).waitFor({ timeout: 30_000 })
}

async function buy(p: Page): Promise<void> {
  await toSeatsMap(p)
  const keep = p.getByTestId('keep-set-0')
  if (await keep.isVisible()) await keep.click()
  await p.getByTestId('seats-continue').click()
  await p.getByTestId('tickets-continue').click()
  await p.getByTestId('payment-VISA').click()
  await p.getByTestId('delivery-continue').click()
  await p.getByTestId('review-pay').click()
  await p.getByTestId('test-card-approve').click({ timeout: 30_000 })
  await p.getByTestId('done-finish').click({ timeout: 30_000 })
  await p.getByTestId('attract-screen').waitFor()
}

async function walkAway(p: Page): Promise<void> {
  await toSeatsMap(p)
  await p.clock.fastForward(QUIET_MS)
  await p.getByTestId('idle-warning').waitFor()
  await p.clock.runFor(WARNING_MS)
  await p.getByTestId('attract-screen').waitFor()
}

interface Row extends MemorySample {
  purchases: number
  customers: number
  webgl: { created: number; live: number }
}
const rows: Row[] = []
async function sample(bought: number, customers: number): Promise<void> {
  const figures = await memory.sample()
  const webgl = await page.evaluate(() => window.__webgl.count())
  rows.push({ purchases: bought, customers, ...figures, webgl })
  stage(`${bought} purchases (${customers} customers): heap ${figures.jsHeapMb} MB, renderer RSS ${figures.renderer.rssMb} / USS ${figures.renderer.ussMb} MB, GPU RSS ${figures.gpu.rssMb} / USS ${figures.gpu.ussMb} MB, ${webgl.created} WebGL contexts`)
}

await page.goto(host.entry)
await page.getByTestId('attract-screen').waitFor()
let bought = 0
let customers = 0
const started = performance.now()
await sample(0, 0)
try {
  while (bought < purchases) {
    customers++
    if (customers % WALK_AWAY_EVERY === 0) await walkAway(page)
    else {
      await buy(page)
      bought++
      if (bought === 10 || bought % 50 === 0 || bought === purchases) await sample(bought, customers)
    }
  }
} catch (error) {
  // The figures so far are still printed; the page as it stood is kept for a look.
  stage(`customer ${customers} failed: ${(error as Error).message.split('\n')[0]} (page: /tmp/kiosk-day-failed.png)`)
  await page.screenshot({ path: '/tmp/kiosk-day-failed.png', fullPage: true })
  process.exitCode = 1
}
const minutes = (performance.now() - started) / 60_000
const stacks = process.argv.includes('--stacks') ? await page.evaluate(() => window.__webgl.stacks) : []
await browser.close()
host.process.kill('SIGTERM')

// ---------------------------------------------------------------- report

const pad = (value: unknown, width: number) => String(value).padStart(width)
console.log(`\nkiosk day: ${purchases} purchases, ${customers} customers (every ${WALK_AWAY_EVERY}th walked away at the seats map), ${minutes.toFixed(1)} min`)
console.log(`${pad('bought', 7)}${pad('custs', 7)}${pad('heap MB', 9)}${pad('docs', 6)}${pad('nodes', 7)}${pad('lstnrs', 8)}${pad('rend RSS', 10)}${pad('rend USS', 10)}${pad('GPU RSS', 9)}${pad('GPU USS', 9)}${pad('GL made', 9)}${pad('GL live', 9)}`)
for (const r of rows) {
  console.log(
    `${pad(r.purchases, 7)}${pad(r.customers, 7)}${pad(r.jsHeapMb, 9)}${pad(r.documents, 6)}${pad(r.nodes, 7)}${pad(r.listeners, 8)}${pad(r.renderer.rssMb, 10)}${pad(r.renderer.ussMb, 10)}${pad(r.gpu.rssMb, 9)}${pad(r.gpu.ussMb, 9)}${pad(r.webgl.created, 9)}${pad(r.webgl.live, 9)}`,
  )
}
const from = rows.find((r) => r.purchases === 50) ?? rows[1] ?? rows[0]!
const to = rows.at(-1)!
const growth = (a: number, b: number) => (a > 0 ? Math.round(((b - a) / a) * 1000) / 10 : 0)
const growthPercent = {
  jsHeap: growth(from.jsHeapMb, to.jsHeapMb),
  nodes: growth(from.nodes, to.nodes),
  listeners: growth(from.listeners, to.listeners),
  rendererRss: growth(from.renderer.rssMb, to.renderer.rssMb),
  rendererUss: growth(from.renderer.ussMb, to.renderer.ussMb),
  gpuRss: growth(from.gpu.rssMb, to.gpu.rssMb),
  gpuUss: growth(from.gpu.ussMb, to.gpu.ussMb),
}
const perCustomer = Math.round(((to.webgl.created - from.webgl.created) / Math.max(1, to.customers - from.customers)) * 100) / 100
console.log(`growth from purchase ${from.purchases} to ${to.purchases}: ${JSON.stringify(growthPercent)} %; WebGL contexts created per customer since then ${perCustomer}`)
for (const stack of stacks) console.log(`\n${stack}`)
const targets = { eachWithin5Percent: Object.values(growthPercent).every((g) => g <= 5), oneWebglContext: to.webgl.created <= 1 }
console.log(JSON.stringify({ bench: 'kiosk-day', purchases, customers, minutes: Math.round(minutes * 10) / 10, rows, growthPercent, webglPerCustomer: perCustomer, targets }))
