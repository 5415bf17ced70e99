/**
 * `npm run bench:sandbox`: 32 concurrent clients doing seat offers (BA and HS,
 * 1–4 seats) and releases on the stadium show, against the sandbox started as
 * its own process with a data folder (WAL on disk, as in training use).
 * Prints offers/s and p50/p99 latency, and last one line of JSON.
 *
 * Options (env): BENCH_SECONDS (default 10), BENCH_CLIENTS (32),
 * BENCH_2D=1 to ask for 2D seat maps (no seat lists in the answers).
 *
 * The load generator must cost less than what it measures (it shares the
 * machine's two cores with the sandbox), so, as wrk does, it uses plain
 * keep-alive HTTP and reads every byte of each answer, but parses only the
 * reserved sets it needs to release, not the section's seat lists.
 */
import { spawn } from 'node:child_process'
import { Agent } from 'node:http'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { exchange } from './keep-alive'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const clients = Number(process.env.BENCH_CLIENTS ?? 32)
const twoD = process.env.BENCH_2D === '1'

const data = mkdtempSync(join(tmpdir(), 'foyer-bench-'))
const child = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), '--import', 'tsx', 'electron/sandbox/cli.ts', '--port', '0', ...(process.env.BENCH_MEMORY ? [] : ['--data', data])], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
const line = await new Promise<string>((resolve, reject) => {
  createInterface({ input: child.stdout }).once('line', resolve)
  child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)))
})
const info = JSON.parse(line) as { baseUrl: string; authUrl: string; clientId: string; clientSecret: string }

const tokenAnswer = await fetch(`${info.authUrl}?grant_type=client_credentials`, {
  method: 'POST',
  headers: { authorization: `Basic ${Buffer.from(`${info.clientId}:${info.clientSecret}`).toString('base64')}` },
})
const headers = { authorization: `Bearer ${((await tokenAnswer.json()) as { access_token: string }).access_token}` }
const get = async (path: string) => (await fetch(`${info.baseUrl}${path}`, { headers })).json() as Promise<any>

// The stadium show on sale (the training data's first stadium show) and its sections.
const events = (await get('/icc?size=100&venue=Harbour%20Stadium')).content as { internetContentCode: string }[]
let productId = 0
for (const event of events) {
  const show = (await get(`/icc/${event.internetContentCode}`)).showTimingList.find((s: any) => s.availabilityStatus >= 18)
  if (show) {
    productId = show.productId
    break
  }
}
if (!productId) throw new Error('no stadium show on sale in the training data')
const overview = await get(`/products/${productId}/seatmap/overview`)
const sections: { id: number; cat: number }[] = overview.seatSectionList.flatMap((c: any) =>
  c.SeatLevel.map((l: any) => ({ id: l.seatSectionId, cat: l.priceCategoryId })),
)

/** A small deterministic PRNG, so every run asks the same sequence. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const offerLatencies: number[] = []
const releaseLatencies: number[] = []
let refused = 0
let failed = 0
/** CPU seconds the sandbox process has used so far (user + system), from /proc. */
function serverCpuSeconds(): number {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return NaN
  }
}

const warmupUntil = performance.now() + 1000
let cpuAtStart = NaN
setTimeout(() => (cpuAtStart = serverCpuSeconds()), 1000)
const end = warmupUntil + seconds * 1000

const agent = new Agent({ keepAlive: true, maxSockets: clients })
const api = new URL(info.baseUrl)

/** One HTTP exchange with the sandbox's API on the keep-alive pool. */
const send = (method: string, path: string, body?: string) => exchange(agent, new URL(`${api.pathname}${path}`, api), method, headers, body)

/** The inventory ids of the reserved sets: they come before the section's seat lists. */
function reservedIds(text: string): number[] {
  const cut = text.indexOf('"seatsAvailableList"')
  if (cut < 0) {
    const body = JSON.parse(text) as any
    return body.setsReservedList.flatMap((s: any) => s.setsReserved.map((x: any) => x.inventoryId))
  }
  return [...text.slice(0, cut).matchAll(/"inventoryId":(\d+)/g)].map((m) => Number(m[1]))
}

async function worker(index: number): Promise<void> {
  const random = prng(index + 1)
  let n = 0
  while (performance.now() < end) {
    const section = sections[Math.floor(random() * sections.length)]!
    const mode = n++ % 2 === 0 ? 'BA' : 'HS'
    const quantity = 1 + Math.floor(random() * 4)
    const query = `priceCatId=${section.cat}&seatSectionId=${section.id}&mode=${mode}&quantity=${quantity}${twoD ? '&2DSeatmap=1' : ''}`
    const t0 = performance.now()
    const offer = await send('GET', `/products/${productId}/seatmap/availability?${query}`)
    const t1 = performance.now()
    const measured = t0 >= warmupUntil
    if (measured) offerLatencies.push(t1 - t0)
    if (offer.status !== 200) {
      if (measured && offer.status === 400) refused++
      else if (measured) failed++
      continue
    }
    const t2 = performance.now()
    const released = await send('POST', `/products/${productId}/seats`, JSON.stringify({ releasedSeatList: reservedIds(offer.text) }))
    if (measured) {
      releaseLatencies.push(performance.now() - t2)
      if (!released.text.includes('"status":0')) failed++
    }
  }
}

await Promise.all(Array.from({ length: clients }, (_, i) => worker(i)))
const serverCpu = serverCpuSeconds() - cpuAtStart
agent.destroy()
child.kill('SIGTERM')
await new Promise((resolve) => child.once('exit', resolve))
rmSync(data, { recursive: true, force: true })

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits
const figures = {
  bench: 'sandbox',
  clients,
  seconds,
  seatMap: twoD ? '2D' : '3D',
  offers: offerLatencies.length,
  offersPerSecond: round(offerLatencies.length / seconds, 1),
  offerP50Ms: round(percentile(offerLatencies, 50)),
  offerP99Ms: round(percentile(offerLatencies, 99)),
  releasesPerSecond: round(releaseLatencies.length / seconds, 1),
  releaseP99Ms: round(percentile(releaseLatencies, 99)),
  /** Sandbox CPU per offer + release, in ms: steadier than latency on a shared machine. */
  serverCpuMsPerCycle: round((serverCpu * 1000) / Math.max(1, releaseLatencies.length), 3),
  refused,
  failed,
}
console.log(`stadium show ${productId}, ${sections.length} sections, ${clients} clients, ${seconds} s, ${figures.seatMap} seat maps`)
console.log(`offers:   ${figures.offersPerSecond}/s  p50 ${figures.offerP50Ms} ms  p99 ${figures.offerP99Ms} ms  (${refused} refused, ${failed} failed)`)
console.log(`releases: ${figures.releasesPerSecond}/s  p99 ${figures.releaseP99Ms} ms`)
console.log(`sandbox CPU: ${figures.serverCpuMsPerCycle} ms per offer + release`)
console.log(`target:   p99 ≤ 25 ms and ≥ 500 offers/s → ${figures.offerP99Ms <= 25 && figures.offersPerSecond >= 500 ? 'met' : 'NOT met'}`)
console.log(JSON.stringify(figures))
