/**
 * `npm run bench:customer-display`: how soon the customer display follows the cashier's screen (issue #34:
 * within 200 ms). In Debian's Chromium through a counter's browser host (port BENCH_PORT, default 5334),
 * the cashier's page and the customer display's page (its own token) side by side: the cashier types the
 * cash handed over, amount after amount, and switches the customer's language back and forth; each is timed
 * from the cashier's input event to the customer display's page showing it (a MutationObserver there), both
 * on the machine's one clock (performance.timeOrigin + now). The path is the real one: the web bridge's call,
 * main deriving the view, its push over server-sent events, Vue's render. Builds the renderer first unless
 * --no-build.
 *
 * Prints figures, no verdicts, and last one JSON line. Timings depend on the machine (and its load).
 */
import { chromium, type Page } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../chromium.mjs'
import { startKioskHost } from './kiosk-host'

declare global {
  interface Window {
    __acted: number[]
    __shown: { text: string; at: number }[]
  }
}

const port = Number(process.env.BENCH_PORT ?? 5334)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30)
const ENROLMENT = 'BENCH-ENROL-CUSTOMER-DISPLAY'
const PIN = '258046'
const stage = (text: string) => process.stderr.write(`bench:customer-display: ${text}\n`)

const host = await startKioskHost(port, { FOYER_MODE: 'counter', FOYER_ENROLMENT_CODE: ENROLMENT })
if (!host.customerEntry) throw new Error('the host printed no customer display address')
const base = `http://127.0.0.1:${port}/`
const token = /#token=([^&]+)/.exec(host.entry)![1]!
async function ipc(channel: string, body: unknown): Promise<unknown> {
  const answer = await fetch(`${base}ipc/${channel}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const reply = (await answer.json()) as { ok: boolean; value: unknown; error?: { code: string } }
  if (!reply.ok) throw new Error(`${channel}: ${reply.error?.code}`)
  return reply.value
}
await ipc('staff.setPin', { name: 'Supervisor', currentPin: PIN, newPin: PIN, enrolmentCode: ENROLMENT })
await ipc('settings.update', { pin: PIN, patch: { customerDisplay: true } })

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const cashier = await browser.newPage({ viewport: { width: 1280, height: 800 } })
const display = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
// The cashier's input and change events, first of all listeners; the display's every change of what it shows.
await cashier.addInitScript(() => {
  window.__acted = []
  for (const kind of ['input', 'change']) window.addEventListener(kind, () => window.__acted.push(performance.timeOrigin + performance.now()), { capture: true })
})
await display.addInitScript(() => {
  window.__shown = []
  new MutationObserver(() => {
    const at = performance.timeOrigin + performance.now()
    const text = `${document.documentElement.lang}|${document.querySelector('[data-testid="customer-given"]')?.textContent ?? ''}`
    if (window.__shown.at(-1)?.text !== text) window.__shown.push({ text, at })
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
})
for (const page of [cashier, display]) page.on('pageerror', (error) => stage(`page error: ${error.message}`))

await display.goto(host.customerEntry)
await cashier.goto(host.entry)
await cashier.getByTestId('counter-name').fill('Supervisor')
await cashier.getByTestId('counter-pin').fill(PIN)
await cashier.keyboard.press('Enter')
await cashier.getByTestId('events-screen').waitFor()
stage('a shift, and two seats of Hamlet in the basket')
await cashier.getByTestId('counter-shift').click()
await cashier.getByTestId('shift-float').fill('200.00')
await cashier.getByTestId('shift-open').click()
await cashier.getByTestId('shift-report-X').waitFor()
await cashier.getByTestId('shift-back').click()
await cashier.getByTestId('event-search').fill('Hamlet')
await cashier.getByTestId('event-list').getByRole('button', { name: /Hamlet in the Straits/ }).click()
await cashier.getByTestId('show-list').getByRole('button', { name: 'Choose' }).first().click()
await cashier.locator('[data-seatmap-ready="1"]').waitFor({ timeout: 30_000 })
await cashier.getByTestId('section-list').locator('button:enabled').first().click()
await cashier.getByTestId('find-seats').click()
await cashier.getByTestId('keep-set-0').click()
await cashier.getByTestId('seats-continue').click()
await cashier.getByTestId('tickets-continue').click()
await cashier.getByTestId('delivery-screen').waitFor()
await display.locator('[data-state="basket"]').waitFor()

const round = (n: number) => Math.round(n * 10) / 10
/** What the display must show after an action: its language (`lang|…`), or the amount given in it. */
interface Shows {
  lang?: string
  given?: string
}
const matches = (text: string, shows: Shows) => (shows.lang ? text.startsWith(`${shows.lang}|`) : text.replace(/,/g, '').includes(shows.given ?? ''))

/** One action on the cashier's page, timed to the display's first change after it that shows it. */
async function timed(act: (page: Page) => Promise<void>, shows: Shows): Promise<number> {
  const from = await cashier.evaluate(() => window.__acted.length)
  const seen = await display.evaluate(() => window.__shown.length)
  await act(cashier)
  await display
    .waitForFunction(
      ([start, want]) => window.__shown.slice(start).some((s) => (want.lang ? s.text.startsWith(`${want.lang}|`) : s.text.replace(/,/g, '').includes(want.given ?? ''))),
      [seen, shows] as const,
      { timeout: 10_000 },
    )
    .catch(() => undefined)
  const actedAt = await cashier.evaluate((start) => window.__acted[start] ?? NaN, from)
  const shown = await display.evaluate((start) => window.__shown.slice(start), seen)
  const hit = shown.find((s) => matches(s.text, shows))
  return hit ? hit.at - actedAt : NaN
}
function figures(ms: number[]) {
  const sorted = ms.filter(Number.isFinite).sort((a, b) => a - b)
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN)
  return { actions: sorted.length, missed: ms.length - sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: round(sorted.at(-1) ?? NaN) }
}

stage(`the customer's language switched ${ROUNDS} times, the basket named again in it by main`)
const language: number[] = []
for (let i = 0; i < ROUNDS; i++) {
  const to = i % 2 === 0 ? 'zh-CN' : 'en-SG'
  language.push(await timed(async (page) => void (await page.getByTestId('customer-language').selectOption(to)), { lang: to }))
}

// The order placed and paid in cash: the tender.
await cashier.getByTestId('payment-CASH').click()
await cashier.getByTestId('delivery-continue').click()
await cashier.getByTestId('review-pay').click()
await cashier.getByTestId('cash-payment').waitFor()
stage(`the cash handed over, typed ${ROUNDS} times`)
const tender: number[] = []
for (let i = 0; i < ROUNDS; i++) {
  const amount = (500 + i).toFixed(2)
  tender.push(await timed((page) => page.getByTestId('cash-tendered').fill(amount), { given: amount }))
}
const result = { tender: figures(tender), language: figures(language), all: figures([...tender, ...language]) }
for (const [name, f] of Object.entries(result)) stage(`${name}: ${f.actions} actions (${f.missed} missed), cashier's input to the customer display p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms, max ${f.maxMs} ms`)
console.log(JSON.stringify({ bench: 'customer-display', ...result }))
await browser.close()
host.process.kill('SIGTERM')
