/**
 * `npm run bench:client`: what Foyer's contract and API client add to a call.
 * The sandbox runs as its own process; the same operations are called, in
 * alternation, (a) raw: fetch with a bearer token and JSON.parse, and (b)
 * through the contract: request validation, the API client (token, deadline,
 * reader, unescaping), response validation, and a structured clone of the
 * reply as Electron's IPC would make. Sequential calls, so nothing queues.
 * Prints p50/p99 of both per operation and the added time, and last a JSON line.
 * Then each reader alone on the sandbox's answers, a large Hot Show offer among them.
 * BENCH_CALLS (default 300) calls per operation and path.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { SalesApi } from '../../electron/api/sales-api'
import * as readers from '../../electron/api/reader'
import type { ChannelName } from '../../electron/contract'
import { createAppServices } from '../../electron/services/app-services'
import { salesContext, salesHandlers } from '../../electron/services/sales-service'
import { CheckoutService } from '../../electron/checkout/checkout-service'
import { SalesJournal } from '../../electron/journal/sales-journal'
import { ShiftBook } from '../../electron/journal/shift-book'
import { HoldManager } from '../../electron/holds/hold-manager'
import { openLocalDb } from '../../electron/database/local-db'

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

/** The first show on sale at `venue`, its event's code and its overview seat map, through the raw API. */
async function firstShowOnSale(venue: string): Promise<{ code: string; productId: number; overview: any }> {
  const events = (await raw(`/icc?size=100&venue=${encodeURIComponent(venue)}`)) as any
  for (const event of events.content) {
    const show = ((await raw(`/icc/${event.internetContentCode}`)) as any).showTimingList.find((s: any) => s.availabilityStatus >= 18)
    if (show) return { code: event.internetContentCode, productId: show.productId, overview: await raw(`/products/${show.productId}/seatmap/overview`) }
  }
  throw new Error(`no show on sale at ${venue}`)
}

// A theatre show on sale and one of its price categories.
const { code, productId, overview } = await firstShowOnSale('Grand Theatre')
const priceCatId = overview.seatSectionList[0].SeatLevel[0].priceCategoryId

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
const readerFigures = await readerCosts()
console.log(JSON.stringify({ bench: 'client', callsPerOperation: calls, addedP50Ms: addedP50, addedP99Ms: addedP99, operations: results, readers: readerFigures }))
child.kill('SIGTERM')

/**
 * The reader alone (a zod schema per resource) on the sandbox's own answers,
 * already parsed from JSON: the part of "added" that grows with the answer.
 * The largest is a Hot Show offer in the stadium's biggest section, whose
 * seatsAvailableList carries every seat's geometry (3D mode).
 */
async function readerCosts(): Promise<Record<string, { items: number; readP50Ms: number; readP99Ms: number }>> {
  const stadium = await firstShowOnSale('Harbour Stadium')
  const section = stadium.overview.seatSectionList[0].SeatLevel[0]
  const offerPath = `/products/${stadium.productId}/seatmap/availability?mode=HS&quantity=2&priceCatId=${section.priceCategoryId}&seatSectionId=${section.seatSectionId}`
  const offer = await raw(offerPath)
  const samples: { name: string; body: unknown; read: (body: unknown) => unknown; items: (value: any) => number }[] = [
    { name: 'events page (100)', body: await raw('/icc?size=100'), read: readers.readEventPage, items: (page) => page.events.length },
    { name: 'overview seat map', body: stadium.overview, read: readers.readOverview, items: (map) => map.sections.length },
    { name: 'Hot Show offer', body: offer, read: readers.readSeatOffer, items: (o) => o.available.length + o.sets.flat().length },
  ]
  await api.releaseSeats(stadium.productId, readers.readSeatOffer(offer).sets.flat().map((seat) => seat.inventoryId))
  const costs: Record<string, { items: number; readP50Ms: number; readP99Ms: number }> = {}
  for (const sample of samples) {
    for (let i = 0; i < 50; i++) sample.read(sample.body)
    const times: number[] = []
    for (let i = 0; i < calls; i++) {
      const t = performance.now()
      sample.read(sample.body)
      times.push(performance.now() - t)
    }
    const items = sample.items(sample.read(sample.body))
    costs[sample.name] = { items, readP50Ms: round(percentile(times, 50)), readP99Ms: round(percentile(times, 99)) }
    console.log(`reader: ${sample.name.padEnd(18)} ${String(items).padStart(5)} items   p50 ${costs[sample.name]!.readP50Ms} / p99 ${costs[sample.name]!.readP99Ms} ms`)
  }
  return costs
}
