/**
 * `npm run bench:client`: what Foyer's contract and API client add to a call.
 * The sandbox runs as its own process; the same operations are called, in
 * alternation, (a) raw: fetch with a bearer token and JSON.parse, and (b)
 * through the contract: request validation, the API client (token, deadline,
 * reader, unescaping), response validation, and a structured clone of the
 * reply as Electron's IPC would make. Sequential calls, so nothing queues.
 * Prints p50/p99 of both per operation and the added time, and last a JSON line.
 * BENCH_CALLS (default 300) calls per operation and path.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { SalesApi } from '../../electron/api/sales-api'
import type { ChannelName } from '../../electron/contract'
import { createAppServices } from '../../electron/services/app-services'
import { salesContext, salesHandlers } from '../../electron/services/sales-service'
import { CheckoutService } from '../../electron/checkout/checkout-service'
import { SalesJournal } from '../../electron/journal/sales-journal'
import { ShiftBook } from '../../electron/journal/shift-book'
import { HoldManager } from '../../electron/holds/hold-manager'
import { openLocalDb } from '../../electron/store/local-db'

const calls = Number(process.env.BENCH_CALLS ?? 300)
const child = spawn(process.execPath, ['--import', 'tsx', 'electron/sandbox/cli.ts', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] })
const info = JSON.parse(
  await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)))
  }),
) as { baseUrl: string; authUrl: string; imageBaseUrl: string; tenant: string; clientId: string; clientSecret: string }

const api = new SalesApi({ endpoints: { kind: 'sandbox', ...info }, secret: async () => info.clientSecret })
const quiet = { warn: () => {}, error: () => {} }
const db = openLocalDb(null)
const holds = new HoldManager({ db, backend: 'bench', api, holdWindowMs: 900_000 })
const journal = new SalesJournal(db, 'bench')
const context = salesContext(api, holds, new CheckoutService({ api, holds, journal, terminal: null }), new ShiftBook(db, journal, 'bench'))
const { dispatcher } = createAppServices({ appVersion: 'bench', mode: 'self-service', backend: 'sandbox', host: 'electron', log: quiet, sales: salesHandlers(() => context) })
const token = await api.tokens.token()

const raw = async (path: string) => {
  const response = await fetch(`${info.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })
  return JSON.parse(await response.text()) as unknown
}
const viaContract = async (channel: ChannelName, request: unknown) => {
  const reply = await dispatcher.dispatch(channel, structuredClone(request), { transport: 'ipc' })
  if (!reply.ok) throw new Error(`${channel}: ${reply.error.code}`)
  return structuredClone(reply)
}

// Pick a theatre show on sale and one of its price categories, through the raw API.
const events = (await raw('/icc?size=100&venue=Grand%20Theatre')) as any
let productId = 0
let code = ''
for (const event of events.content) {
  const show = ((await raw(`/icc/${event.internetContentCode}`)) as any).showTimingList.find((s: any) => s.availabilityStatus >= 18)
  if (show) {
    productId = show.productId
    code = event.internetContentCode
    break
  }
}
const priceCatId = ((await raw(`/products/${productId}/seatmap/overview`)) as any).seatSectionList[0].SeatLevel[0].priceCategoryId

const operations: { name: string; raw: string; channel: ChannelName; request: unknown }[] = [
  { name: 'events page (20)', raw: '/icc?size=20&lang=ZH_HK', channel: 'catalogue.events', request: { lang: 'ZH_HK', size: 20 } },
  { name: 'shows of an event', raw: `/icc/${code}?lang=EN_SG`, channel: 'catalogue.shows', request: { code, lang: 'EN_SG' } },
  { name: 'overview seat map', raw: `/products/${productId}/seatmap/overview`, channel: 'seatmap.overview', request: { productId } },
  { name: 'section availability', raw: `/products/${productId}/seatmap/availability`, channel: 'seatmap.availability', request: { productId } },
  { name: 'ticket types', raw: `/products/${productId}/tickettype?priceCatId=${priceCatId}`, channel: 'pricing.ticketTypes', request: { productId, priceCategoryId: priceCatId } },
]

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}
const round = (n: number) => Math.round(n * 1000) / 1000

const results: Record<string, { rawP50: number; rawP99: number; contractP50: number; contractP99: number; addedP50: number; addedP99: number }> = {}
const allRaw: number[] = []
const allContract: number[] = []
for (const op of operations) {
  // Warm up both paths (JIT, connection pool, caches).
  for (let i = 0; i < 30; i++) {
    await raw(op.raw)
    await viaContract(op.channel, op.request)
  }
  const rawTimes: number[] = []
  const contractTimes: number[] = []
  for (let i = 0; i < calls; i++) {
    let t = performance.now()
    await raw(op.raw)
    rawTimes.push(performance.now() - t)
    t = performance.now()
    await viaContract(op.channel, op.request)
    contractTimes.push(performance.now() - t)
  }
  allRaw.push(...rawTimes)
  allContract.push(...contractTimes)
  const r = {
    rawP50: round(percentile(rawTimes, 50)),
    rawP99: round(percentile(rawTimes, 99)),
    contractP50: round(percentile(contractTimes, 50)),
    contractP99: round(percentile(contractTimes, 99)),
    addedP50: round(percentile(contractTimes, 50) - percentile(rawTimes, 50)),
    addedP99: round(percentile(contractTimes, 99) - percentile(rawTimes, 99)),
  }
  results[op.name] = r
  console.log(
    `${op.name.padEnd(22)} raw p50 ${r.rawP50} / p99 ${r.rawP99} ms   contract+client p50 ${r.contractP50} / p99 ${r.contractP99} ms   added p50 ${r.addedP50} / p99 ${r.addedP99} ms`,
  )
}
const addedP99 = round(percentile(allContract, 99) - percentile(allRaw, 99))
const addedP50 = round(percentile(allContract, 50) - percentile(allRaw, 50))
console.log(`all operations: added p50 ${addedP50} ms, p99 ${addedP99} ms (target ≤ 2 ms p99 added) → ${addedP99 <= 2 ? 'met' : 'NOT met'}`)
console.log(JSON.stringify({ bench: 'client', callsPerOperation: calls, addedP50Ms: addedP50, addedP99Ms: addedP99, operations: results }))
child.kill('SIGTERM')
