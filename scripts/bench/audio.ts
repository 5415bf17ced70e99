/**
 * `npm run bench:audio`: what a spoken focus move costs on the renderer's
 * thread (issue #33: under 16 ms, one frame). In Debian's Chromium through
 * the browser host (port BENCH_PORT, default 5332), the portrait kiosk in
 * audio guidance: the keypad's arrow walks the events list (45 events) and
 * then a seat list (a theatre section's rows of seats, a stop per seat), and
 * each move is timed from its keydown to the utterance handed to
 * speechSynthesis. The guide does the whole move in that one task (finding
 * the next control, focusing it, working out its words, speaking), so this
 * is the time the thread is held. Builds the renderer first unless --no-build.
 *
 * Prints figures, no verdicts, and last one JSON line. Timings depend on the
 * machine (and its load): compare runs on one machine.
 */
import { chromium, type Page } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../chromium.mjs'
import { startKioskHost } from './kiosk-host'

declare global {
  interface Window {
    __moves: { keyAt: number; spokenAt: number | null }[]
  }
}

const port = Number(process.env.BENCH_PORT ?? 5332)
const MOVES = Number(process.env.BENCH_MOVES ?? 40)

const host = await startKioskHost(port)

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const page = await browser.newPage({ viewport: { width: 1080, height: 1920 } })
// Installed before the app: this keydown listener runs before the guide's, and the speech is only recorded.
await page.addInitScript(() => {
  window.__moves = []
  window.addEventListener('keydown', () => window.__moves.push({ keyAt: performance.now(), spokenAt: null }), { capture: true })
  window.speechSynthesis.speak = () => {
    const last = window.__moves.at(-1)
    if (last && last.spokenAt === null) last.spokenAt = performance.now()
  }
  window.speechSynthesis.cancel = () => {}
})
const stage = (text: string) => process.stderr.write(`bench:audio: ${text}\n`)
page.on('pageerror', (error) => stage(`page error: ${error.message}`))

const round = (n: number) => Math.round(n * 100) / 100
const focused = (p: Page) => p.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? '')
async function press(key: string, until?: string): Promise<void> {
  await page.keyboard.press(key)
  if (until) await page.waitForFunction((id) => (document.activeElement as HTMLElement | null)?.dataset.testid === id, until, { timeout: 30_000 })
}

/** `count` arrow presses, each waited out; the figures of those moves. */
async function walk(key: string, count: number) {
  const from = await page.evaluate(() => window.__moves.length)
  for (let i = 0; i < count; i++) {
    const before = await focused(page)
    await page.keyboard.press(key)
    await page.waitForFunction((id) => (document.activeElement as HTMLElement | null)?.dataset.testid !== id, before, { timeout: 10_000 }).catch(() => undefined)
  }
  const moves = await page.evaluate((start) => window.__moves.slice(start), from)
  const ms = moves.filter((m) => m.spokenAt !== null).map((m) => m.spokenAt! - m.keyAt).sort((a, b) => a - b)
  const at = (q: number) => round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? NaN)
  return { moves: ms.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: round(ms.at(-1) ?? NaN), controls: await page.evaluate(() => document.querySelectorAll('button, input').length) }
}

await page.goto(host.entry)
await page.getByTestId('touch-to-start').waitFor()
await press('ArrowDown', 'touch-to-start')
await press('Enter', 'event-FY26NOVA9')
stage('the events list')
const events = await walk('ArrowDown', Math.min(MOVES, 44))

// The Mahler's first show, Stalls Centre, two seats offered: the seat list, a row a group, a stop per seat.
// Back up the list to the Mahler (the list draws only the rows near the focus).
for (let i = 0; i < 50 && (await focused(page)) !== 'event-FY26HPOMAHLER'; i++) await page.keyboard.press('ArrowUp')
await press('Enter', 'choose-10003')
await press('Enter', 'quantity-less')
await page.getByTestId('section-2002').focus()
await press('Enter', 'find-seats')
await press('Enter', 'keep-set-0')
await page.getByTestId('seat-list').locator('button').first().focus()
stage('the seat list')
const seatRows = await walk('ArrowDown', MOVES)
const seatsAlong = await walk('ArrowRight', Math.min(MOVES, 8))

const figures = { eventsList: events, seatRows, seatsAlong }
for (const [name, f] of Object.entries(figures)) {
  stage(`${name}: ${f.moves} spoken moves, keydown to speech p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms, max ${f.maxMs} ms (${f.controls} buttons and fields on the page)`)
}
console.log(JSON.stringify({ bench: 'audio', ...figures }))
await browser.close()
host.process.kill('SIGTERM')
