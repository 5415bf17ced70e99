/**
 * `npm run bench:host`: does the host stay responsive while the training
 * sandbox is busy? This process is a browser host, started as `npm run
 * start:web` starts it (startHostRuntime with its own temporary data folder,
 * the sandbox in a child process, startBrowserHost), and calls system.info
 * over the host's HTTP every ~20 ms: first with nothing else going on (the
 * baseline), then while a separate load process (host-load.ts) keeps the
 * sandbox busy: a storm of seat offers and releases on the stadium show and
 * wildcard searches built to be costly (`?*?*?*?*!!!`), straight at the
 * sandbox, plus one kiosk selling through this host. Prints p50/p95/p99/max of
 * system.info in both phases, the load carried and the CPU each process used;
 * then times the sales journal's synchronous SQLite writes (main makes them on
 * its event loop) on a file-backed database; last one line of JSON.
 *
 * Options (env): BENCH_SECONDS (10), BENCH_BASELINE_SECONDS (5),
 * BENCH_OFFER_CLIENTS (16), BENCH_SEARCH_CLIENTS (2), BENCH_JOURNAL_WRITES (400),
 * BENCH_KIOSK=0 to leave out the kiosk selling through the host (the sandbox busy alone).
 */
import { fork } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startBrowserHost } from '../../electron/browser-host/server'
import type { OrderRequest } from '../../electron/contract'
import { SalesJournal } from '../../electron/journal/sales-journal'
import { forkSandbox } from '../../electron/sandbox/process/fork-launcher'
import type { RunningSandbox, SandboxLauncher } from '../../electron/sandbox/process/sandbox-launcher'
import { startHostRuntime } from '../../electron/services/host-runtime'
import { openLocalDb } from '../../electron/database/local-db'
import type { LoadCarried, LoadPlan } from './host-load'
import { exchange } from './keep-alive'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const baselineSeconds = Number(process.env.BENCH_BASELINE_SECONDS ?? 5)
const offerClients = Number(process.env.BENCH_OFFER_CLIENTS ?? 16)
const searchClients = Number(process.env.BENCH_SEARCH_CLIENTS ?? 2)
const journalWrites = Number(process.env.BENCH_JOURNAL_WRITES ?? 400)
const kiosk = process.env.BENCH_KIOSK !== '0'
const PROBE_EVERY_MS = 20

// ---------------------------------------------------------------- the host

const data = mkdtempSync(join(tmpdir(), 'foyer-bench-host-'))
writeFileSync(join(data, 'index.html'), '<!doctype html><title>Foyer</title>')
const token = randomBytes(24).toString('base64url')
// The browser host's own launcher, tapped: the load process needs the sandbox's address and credentials.
let sandbox: RunningSandbox | undefined
const launch: SandboxLauncher = async (options, log) => (sandbox = await forkSandbox(options, log))
const quiet = { warn: () => {}, error: () => {} }
const runtime = await startHostRuntime({ mode: 'self-service', backend: 'sandbox' }, { appVersion: 'bench', host: 'browser' }, join(data, 'host'), quiet, launch)
const browserHost = await startBrowserHost({ services: runtime.services, rendererDir: data, token })
const hostUrl = new URL(browserHost.url)
if (!sandbox) throw new Error('the host did not start the training sandbox')

/** CPU seconds a process has used so far (user + system), from /proc. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return NaN
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return NaN
  }
}

// ---------------------------------------------------------------- calls over the host's HTTP

/** One keep-alive connection: the probe's calls are one at a time. */
const probeAgent = new Agent({ keepAlive: true, maxSockets: 1 })

async function call(agent: Agent, channel: string, body: unknown): Promise<{ ok: boolean; value?: any; code?: string }> {
  const answer = await exchange(agent, new URL(`/ipc/${channel}`, hostUrl), 'POST', { authorization: `Bearer ${token}` }, JSON.stringify(body))
  const reply = JSON.parse(answer.text) as { ok: boolean; value?: unknown; error?: { code: string } }
  return { ok: reply.ok, value: reply.value, code: reply.error?.code }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** system.info every PROBE_EVERY_MS until `until`; each call's latency in ms. */
async function probe(until: number): Promise<number[]> {
  const latencies: number[] = []
  while (performance.now() < until) {
    const t0 = performance.now()
    const reply = await call(probeAgent, 'system.info', {})
    const ms = performance.now() - t0
    if (!reply.ok) throw new Error(`system.info failed: ${reply.code}`)
    latencies.push(ms)
    await sleep(Math.max(0, PROBE_EVERY_MS - ms))
  }
  return latencies
}

// ---------------------------------------------------------------- the load

// The stadium show on sale and its sections, through the host.
const lang = 'EN_SG'
const stadiumEvents = (await call(probeAgent, 'catalogue.events', { lang, search: 'Harbour Stadium', size: 100 })).value.events as { code: string }[]
let productId = 0
for (const event of stadiumEvents) {
  const shows = (await call(probeAgent, 'catalogue.shows', { code: event.code, lang })).value.shows as { productId: number; availabilityStatus: number | null }[]
  const show = shows.find((s) => (s.availabilityStatus ?? 0) >= 18)
  if (show) {
    productId = show.productId
    break
  }
}
if (!productId) throw new Error('no stadium show on sale in the training data')
const sections = ((await call(probeAgent, 'seatmap.overview', { productId })).value as { sections: { sectionId: number; priceCategoryId: number }[] }).sections
  .map(({ sectionId, priceCategoryId }) => ({ sectionId, priceCategoryId }))

/** Starts the load process and resolves with what it carried. */
function runLoad(): Promise<LoadCarried> {
  const loader = fork(join(import.meta.dirname, 'host-load.ts'), [], { execArgv: ['--import', 'tsx'] })
  const plan: LoadPlan = {
    seconds,
    offerClients,
    searchClients,
    kiosk,
    sandbox: { baseUrl: sandbox!.baseUrl, authUrl: sandbox!.authUrl, clientId: sandbox!.clientId, clientSecret: sandbox!.clientSecret },
    host: { url: browserHost.url, token },
    show: { productId, sections },
  }
  loader.send(plan)
  return new Promise((resolve, reject) => {
    loader.once('message', (answer: { carried?: LoadCarried; error?: string }) => (answer.carried ? resolve(answer.carried) : reject(new Error(answer.error))))
    loader.once('exit', (code) => reject(new Error(`the load process stopped (exit ${code})`)))
  })
}

// ---------------------------------------------------------------- run

const baseline = await probe(performance.now() + baselineSeconds * 1000)

const cpuBefore = { host: process.cpuUsage(), sandbox: cpuSeconds(sandbox.pid) }
const loading = runLoad()
// The load process takes a second to start: probe from when it is under way until it is done.
await sleep(1500)
let loadDone = false
const carried = loading.finally(() => (loadDone = true))
const loaded: number[] = []
while (!loadDone) loaded.push(...(await probe(performance.now() + 200)))
const load = await carried
const hostCpu = process.cpuUsage(cpuBefore.host)
const cpu = { host: (hostCpu.user + hostCpu.system) / 1e6, sandbox: cpuSeconds(sandbox.pid) - cpuBefore.sandbox }
probeAgent.destroy()
await browserHost.close()
await runtime.close()

// The sales journal's writes, as main makes them: synchronous, on a file-backed database (WAL, synchronous=FULL).
const journalDir = join(data, 'journal')
const db = openLocalDb(journalDir)
const journal = new SalesJournal(db, 'bench/journal')
const order: OrderRequest = {
  patron: { email: 'bench@example.com' },
  items: [{ productId, sectionId: sections[0]!.sectionId, priceCategoryId: sections[0]!.priceCategoryId, mode: 'BA', quantity: 2, lines: [{ priceClassCode: 'A', quantity: 2 }] }],
  deliveryMethodCode: 'E-TICKET',
  paymentMethodCode: 'CARD',
  totalAmount: 120,
}
const beginMs: number[] = []
const recordMs: number[] = []
for (let i = 0; i < journalWrites; i++) {
  const saleId = randomUUID()
  let t0 = performance.now()
  journal.begin({ saleId, tender: 'card', request: order })
  beginMs.push(performance.now() - t0)
  // The four writes of a card sale: the order placed, the payment started and approved (a payment record), confirmed.
  const writes = [
    () => journal.record(saleId, 'order-placed', 'submitted', { reference: `R${i}` }),
    () => journal.startPayment(saleId, 'payment-started', { tender: 'card', amountCents: 12_000, attemptKey: `R${i}-1` }),
    () => journal.settlePayment(saleId, 'payment-approved', 1, 'approved', { reference: `T${i}` }),
    () => journal.record(saleId, 'order-confirmed', 'confirmed'),
  ]
  for (const write of writes) {
    t0 = performance.now()
    write()
    recordMs.push(performance.now() - t0)
  }
}
db.close()
rmSync(data, { recursive: true, force: true })

// ---------------------------------------------------------------- report

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits
const summary = (values: number[]) => ({
  count: values.length,
  p50: round(percentile(values, 50)),
  p95: round(percentile(values, 95)),
  p99: round(percentile(values, 99)),
  max: round(Math.max(...values)),
})
const figures = {
  bench: 'host',
  seconds,
  offerClients,
  searchClients,
  kiosk,
  systemInfoBaselineMs: summary(baseline),
  systemInfoUnderLoadMs: summary(loaded),
  load: { ...load, offersPerSecond: round(load.offers / seconds, 1), searchesPerSecond: round(load.searches / seconds, 1) },
  cpuSecondsUnderLoad: { host: round(cpu.host), sandbox: round(cpu.sandbox) },
  journalBeginMs: summary(beginMs),
  journalRecordMs: summary(recordMs),
}
const line = (name: string, s: ReturnType<typeof summary>) => `${name} p50 ${s.p50} ms  p95 ${s.p95} ms  p99 ${s.p99} ms  max ${s.max} ms  (${s.count} calls)`
console.log(`stadium show ${productId}, ${sections.length} sections; ${offerClients} offer clients, ${searchClients} search clients${kiosk ? ' and one kiosk' : ''}, ${seconds} s`)
console.log(line('system.info, baseline:  ', figures.systemInfoBaselineMs))
console.log(line('system.info, under load:', figures.systemInfoUnderLoadMs))
console.log(`load carried at the sandbox: ${load.offers} offers (${load.refused} refused), ${load.releases} releases, ${load.searches} costly searches; through the host: ${load.kioskCalls} kiosk calls; ${load.failed} failed`)
console.log(`CPU under load: host (this process) ${figures.cpuSecondsUnderLoad.host} s, sandbox ${figures.cpuSecondsUnderLoad.sandbox} s, over about ${seconds} s`)
console.log(line('journal begin (file, FULL):', figures.journalBeginMs))
console.log(line('journal record (file, FULL):', figures.journalRecordMs))
console.log(`target: system.info p99 ≤ 50 ms under load → ${figures.systemInfoUnderLoadMs.p99 <= 50 ? 'met' : 'NOT met'}`)
console.log(JSON.stringify(figures))
