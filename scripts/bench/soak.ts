/**
 * `npm run bench:soak`: does a kiosk stay as fast and as small after a day's
 * selling as after its first customers? One self-service kiosk as the hosts
 * start it (startHostRuntime, its own temporary data folder with the journal
 * and the log files on disk, the training sandbox in a child process so its
 * memory is not counted here) sells BENCH_SALES (1,000) card sales one after
 * another through the contract, as the renderer calls it (each payload
 * structured-cloned both ways, as Electron's IPC does): list the show, a
 * Best Available offer of two on the stadium show, keep it, the price
 * classes, submit the order, pay at the training terminal. Nothing is printed
 * (printer: none), so the figures are main's own.
 *
 * Prints one line of JSON: each sale's latency (first call to paid and
 * confirmed) p50/p99 over the first and the last 100 sales; the heap after a
 * full GC, RSS and open file descriptors (/proc/self/fd) once warmed up
 * (after the first 100) and at the end; each channel's p50 within a sale over
 * the first and the last 100 (which call a slower sale spent its time in);
 * main's and the sandbox's CPU per sale over the same (which does not grow
 * with a busy machine, as latency does);
 * and the journal's bytes per sale
 * (foyer.db's growth, its WAL checkpointed first). Targets: the last 100's p99 within 10 % of the
 * first 100's, heap growth at most 5 MB after warm-up, no descriptor growth.
 * Needs --expose-gc (the npm script gives it). BENCH_SALES shortens a smoke run.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { ChannelName } from '../../electron/contract'
import { openHostLog } from '../../electron/logging/host-log'
import { forkSandbox } from '../../electron/sandbox/process/fork-launcher'
import type { RunningSandbox, SandboxLauncher } from '../../electron/sandbox/process/sandbox-launcher'
import { startHostRuntime } from '../../electron/services/host-runtime'

const sales = Number(process.env.BENCH_SALES ?? 1000)
const window = Math.min(100, Math.floor(sales / 2))
const gc = (globalThis as { gc?: () => void }).gc
if (!gc || !Number.isInteger(sales) || window < 1) throw new Error('run with node --expose-gc (npm run bench:soak), BENCH_SALES at least 2')

const data = mkdtempSync(join(tmpdir(), 'foyer-bench-soak-'))
const hostLog = await openHostLog(data, {})
// The host's own launcher, tapped for the sandbox's pid: its CPU per sale is counted apart from main's.
let sandbox: RunningSandbox | undefined
const launch: SandboxLauncher = async (options, log) => (sandbox = await forkSandbox(options, log))
const runtime = await startHostRuntime({ mode: 'self-service', backend: 'sandbox' }, { appVersion: 'bench', host: 'browser' }, data, hostLog.log, launch)
const { dispatcher } = runtime.services

/** Each channel's latency within the current sale, so a slower sale says which call grew. */
let callsOfSale: Partial<Record<ChannelName, number>> = {}
async function ask(channel: ChannelName, request: unknown = {}): Promise<any> {
  const t0 = performance.now()
  const reply = structuredClone(await dispatcher.dispatch(channel, structuredClone(request), { transport: 'ipc' }))
  callsOfSale[channel] = (callsOfSale[channel] ?? 0) + performance.now() - t0
  if (!reply.ok) throw Object.assign(new Error(`${channel}: ${reply.error.code}`), { code: reply.error.code })
  return reply.value
}

// ---------------------------------------------------------------- the show: the stadium's, section after section

const lang = 'EN_SG'
let show: { eventCode: string; productId: number } | null = null
for (const event of (await ask('catalogue.events', { lang, search: 'Harbour Stadium', size: 100 })).events as { code: string }[]) {
  const found = ((await ask('catalogue.shows', { code: event.code, lang })).shows as { productId: number; availabilityStatus: number | null }[]).find((s) => (s.availabilityStatus ?? 0) >= 18)
  if (found) {
    show = { eventCode: event.code, productId: found.productId }
    break
  }
}
if (!show) throw new Error('no stadium show on sale in the training data')
const sections = ((await ask('seatmap.overview', { productId: show.productId })).sections as { sectionId: number; priceCategoryId: number }[]).map(({ sectionId, priceCategoryId }) => ({ sectionId, priceCategoryId }))
let section = 0

/** Two seats held and kept in the current section, moving on when it has none left. */
async function keptSeats(): Promise<{ sectionId: number; priceCategoryId: number; kept: number[] }> {
  for (; section < sections.length; section++) {
    const target = sections[section]!
    try {
      const offer = await ask('offers.request', { productId: show!.productId, ...target, mode: 'BA', quantity: 2 })
      const kept = await ask('offers.keep', { offerId: offer.offerId, setIndex: 0 })
      return { ...target, kept: kept.kept }
    } catch {
      // This section is sold out (training sales of earlier runs count too): the next one.
    }
  }
  throw new Error('the stadium show has no seats left')
}

/** One customer's card sale, from the offer to paid and confirmed. */
async function sell(customer: number): Promise<void> {
  await ask('catalogue.shows', { code: show!.eventCode, lang })
  const seats = await keptSeats()
  const classes = (await ask('pricing.ticketTypes', { productId: show!.productId, priceCategoryId: seats.priceCategoryId })) as { code: string; unitPrice: { amount: number }; fees: { charge: { amount: number } }[] }[]
  const chosen = classes[0]!
  const perTicket = Math.round(chosen.unitPrice.amount * 100) + chosen.fees.reduce((sum, fee) => sum + Math.round(fee.charge.amount * 100), 0)
  const order = {
    patron: { email: `soak-${customer}@example.com` },
    items: [{ productId: show!.productId, sectionId: seats.sectionId, priceCategoryId: seats.priceCategoryId, mode: 'BA', inventoryIds: seats.kept, lines: [{ priceClassCode: chosen.code, quantity: 2 }] }],
    deliveryMethodCode: 'ETICKET',
    paymentMethodCode: 'VISA',
    totalAmount: (perTicket * 2) / 100,
  }
  const invoice = await ask('checkout.submit', { order })
  const paid = await ask('checkout.pay', { saleId: invoice.saleId, tender: 'card', testCard: 'approve' })
  if (paid.state !== 'confirmed') throw new Error(`sale ${customer} ended ${paid.state}`)
}

// ---------------------------------------------------------------- measures

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100
const openFiles = () => readdirSync('/proc/self/fd').length
/** foyer.db's size with its WAL written back into it (a WAL file keeps its largest size, whatever it holds). */
function journalBytes(): number {
  const db = new Database(join(data, 'foyer.db'))
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return statSync(join(data, 'foyer.db')).size
}
function snapshot() {
  gc!()
  const memory = process.memoryUsage()
  return { heapMb: mb(memory.heapUsed), rssMb: mb(memory.rss), openFiles: openFiles(), journalBytes: journalBytes() }
}
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}
const round = (n: number) => Math.round(n * 100) / 100
/** CPU milliseconds (user + system) used so far: this process, and the sandbox's from /proc. */
const mainCpuMs = () => {
  const used = process.cpuUsage()
  return (used.user + used.system) / 1000
}
function sandboxCpuMs(): number {
  try {
    const fields = readFileSync(`/proc/${sandbox?.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) / 100) * 1000
  } catch {
    return NaN
  }
}
const summary = (values: number[]) => ({ p50: round(percentile(values, 50)), p99: round(percentile(values, 99)) })

// ---------------------------------------------------------------- run

const start = snapshot()
const latencies: number[] = []
const calls: Partial<Record<ChannelName, number>>[] = []
let warm = start
/** CPU per sale over the first and the last sales: unlike latency, it does not grow with a busy machine. */
const cpu = { main: [] as number[], sandbox: [] as number[] }
for (let customer = 1; customer <= sales; customer++) {
  callsOfSale = {}
  const [t0, main0, sandbox0] = [performance.now(), mainCpuMs(), sandboxCpuMs()]
  await sell(customer)
  latencies.push(performance.now() - t0)
  calls.push(callsOfSale)
  cpu.main.push(mainCpuMs() - main0)
  cpu.sandbox.push(sandboxCpuMs() - sandbox0)
  if (customer === window) warm = snapshot()
  if (customer % 100 === 0) process.stderr.write(`soak: ${customer}/${sales} sales\n`)
}
const end = snapshot()
await runtime.close()
await hostLog.close()
rmSync(data, { recursive: true, force: true })

const first = summary(latencies.slice(0, window))
const last = summary(latencies.slice(-window))
const heapGrowthMb = round(end.heapMb - warm.heapMb)
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length
/** Each channel's p50 per sale over the first and the last sales: which call a slower sale spent its time in. */
const channelP50 = (sample: Partial<Record<ChannelName, number>>[]) =>
  Object.fromEntries([...new Set(sample.flatMap((c) => Object.keys(c)))].map((channel) => [channel, round(percentile(sample.map((c) => c[channel as ChannelName] ?? 0), 50))]))
console.log(
  JSON.stringify({
    bench: 'soak',
    sales,
    window,
    firstSalesMs: first,
    lastSalesMs: last,
    lastP99OverFirst: round(last.p99 / first.p99),
    cpuMsPerSale: {
      main: { first: round(mean(cpu.main.slice(0, window))), last: round(mean(cpu.main.slice(-window))) },
      sandbox: { first: round(mean(cpu.sandbox.slice(0, window))), last: round(mean(cpu.sandbox.slice(-window))) },
    },
    channelsP50Ms: { first: channelP50(calls.slice(0, window)), last: channelP50(calls.slice(-window)) },
    heapAfterGcMb: { start: start.heapMb, warm: warm.heapMb, end: end.heapMb, growthAfterWarmUp: heapGrowthMb },
    rssMb: { start: start.rssMb, warm: warm.rssMb, end: end.rssMb },
    openFiles: { start: start.openFiles, warm: warm.openFiles, end: end.openFiles },
    journalBytesPerSale: Math.round((end.journalBytes - start.journalBytes) / sales),
    targets: { lastP99Within10Percent: last.p99 <= first.p99 * 1.1, heapGrowthWithin5Mb: heapGrowthMb <= 5, noDescriptorGrowth: end.openFiles <= warm.openFiles },
  }),
)
