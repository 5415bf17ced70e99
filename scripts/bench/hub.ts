/**
 * `npm run bench:hub [-- --seconds 60 --devices 1000 --uploads-per-second 50 --db pglite|postgres|both]`:
 * Foyer Hub under a venue group's load. The hub runs in a process of its own (hub/cli/serve.ts, as
 * `npm run hub`), on PGlite and on a throwaway PostgreSQL 15 cluster (fsync on, as in production).
 * This process is the devices and the manager: it signs the first manager in, enrols every device
 * through the real protocol (one-time codes added on the dashboard API, in batches enrolled at once),
 * opens the dashboard's event stream, then for the run sends each device's heartbeat every 15 s
 * (spread evenly; after every device's first, unmeasured one) and sale uploads at a steady rate, each device on its own keep-alive HTTPS
 * connection pinned to the hub's certificate. Prints, per database: p50/p95/p99/max of the heartbeat
 * and upload answers and of a sale's appearance on the event stream (as its device's tile counting
 * it: the stream carries tiles, not records), the records sent against those the hub counts (lost,
 * duplicated), the hub's memory (RSS) at the end and its CPU (in all, and per request: heartbeats, uploads
 * and uploads sent again); then one line of JSON.
 *
 * `--profile DIR`: the hub runs under `--cpu-prof` and writes its profile to DIR when stopped.
 * `--port N`: the hub's port (the next one for the second database).
 * `--metrics-port N`: its /healthz and /metrics listener's (9470; the next for the second), scraped every
 * 15 s through the run as a venue's Prometheus would; `--metrics-port off` runs the hub without it.
 * `--busy N`: the bench keeps N cores busy (spinning worker threads) from just before the run to just
 * after it, so a figure under load is measured under the same load each time (0: none).
 * `--backup-at S`: `foyer-hub backup` is run S seconds into the run (a third of it by default; `off`:
 * none), and its time is printed with the heartbeats' and uploads' p99 inside its window and outside.
 *
 * A connection reset is counted by its code and handled as a device would: a heartbeat counts as
 * failed (the device beats again at its next), an upload goes to its outbox and is sent again, the
 * event stream is opened again (counted), the manager's and the enrolment's requests are sent again.
 */
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { seeCertificate } from '../../tests/support/hub-device'
import { createDatabase, startPostgresCluster } from '../../tests/support/postgres-cluster'
import { keepCoresBusy } from './busy-cores'
import { takeBackup, type BackupTaken } from './hub-backup'
import { enrolDevices } from './hub-devices'
import { retriedOutsideRun, retryingLostConnections } from './hub-http'
import { HubLoad, type LoadResult } from './hub-load'
import { benchManager } from './hub-manager-client'
import { startHubProcess } from './hub-process'
import { scrapeWhileRunning, type ScrapeFacts } from './hub-scraper'
import { openEventStream } from './hub-stream'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    devices: { type: 'string', default: '1000' },
    'uploads-per-second': { type: 'string', default: '50' },
    db: { type: 'string', default: 'both' },
    port: { type: 'string', default: '5470' },
    'enrol-batch': { type: 'string', default: '50' },
    profile: { type: 'string' },
    'metrics-port': { type: 'string', default: '9470' },
    busy: { type: 'string', default: '0' },
    'backup-at': { type: 'string' },
  },
})
const seconds = Number(values.seconds)
const deviceCount = Number(values.devices)
const uploadsPerSecond = Number(values['uploads-per-second'])
const busyCores = Number(values.busy)
if (!Number.isInteger(busyCores) || busyCores < 0) throw new Error('--busy is a number of cores (0 or more)')
const backupAtSeconds = values['backup-at'] === 'off' ? undefined : Number(values['backup-at'] ?? seconds / 3)
const isDatabase = (db: string): db is 'pglite' | 'postgres' => db === 'pglite' || db === 'postgres'
const databases = values.db === 'both' ? ['pglite', 'postgres'] : [values.db]
if (!databases.every(isDatabase)) throw new Error('--db is pglite, postgres or both')

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits
function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return { count: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? NaN) }
}
const loadAverage = () => round(loadavg()[0]!, 2)

async function benchOn(kind: 'pglite' | 'postgres', port: number, metricsPort: number | undefined) {
  const cluster = kind === 'postgres' ? await startPostgresCluster({ durable: true }) : undefined
  const stopCluster = () => cluster?.stop()
  process.once('exit', stopCluster)
  const databaseUrl = cluster && (await createDatabase(cluster.adminUrl))
  const profileDir = values.profile && resolve(values.profile, kind)
  const hub = await startHubProcess({ port, databaseUrl, profileDir, metricsPort })
  try {
    const pinned = await retryingLostConnections(() => seeCertificate(hub.url))
    const manager = benchManager(hub.url, pinned)
    const first = await manager.send('POST', '/api/managers/first', { code: hub.firstManagerCode, name: 'Bench manager', password: 'bench manager password' })
    if (first.status !== 200 || !manager.cookie) throw new Error(`the first manager was refused: ${first.status}`)
    const enrolStarted = performance.now()
    const devices = await enrolDevices(hub.url, manager, pinned, deviceCount, Number(values['enrol-batch']))
    const enrolSeconds = (performance.now() - enrolStarted) / 1000
    const load = new HubLoad(hub.url, devices)
    await load.warmUp(Number(values['enrol-batch']))
    const stream = await openEventStream(hub.url, pinned, manager.cookie, load.onTile)
    const before = { cpu: hub.cpuSeconds(), memory: hub.memoryMiB(), loadAverage: loadAverage() }
    const scraper = metricsPort === undefined ? undefined : scrapeWhileRunning(`http://127.0.0.1:${metricsPort}`)
    // Started just before the run and stopped just after; bounded besides, should the run hang.
    const busy = busyCores > 0 ? keepCoresBusy(busyCores, seconds + 120) : undefined
    const backup = backupDuring(hub)
    const result = await load.run(seconds, uploadsPerSecond).finally(() => busy?.stop())
    const backupTaken = await backup
    const metrics = await scraper?.stop()
    const after = { cpu: hub.cpuSeconds(), memory: hub.memoryMiB(), loadAverage: loadAverage() }
    stream.close()
    const tiles = await retryingLostConnections(() => manager.send('GET', '/api/devices'))
    const atHub = new Map((tiles.body as { devices: { id: string; salesToday: number }[] }).devices.map((d) => [d.id, d.salesToday]))
    const lost = devices.reduce((sum, d) => sum + Math.max(0, d.salesSent - (atHub.get(d.deviceId) ?? 0)), 0)
    const duplicated = devices.reduce((sum, d) => sum + Math.max(0, (atHub.get(d.deviceId) ?? 0) - d.salesSent), 0)
    const counted = [...atHub.values()].reduce((a, b) => a + b, 0)
    const streamFacts = { events: stream.events, reconnects: stream.reconnects, lost: Object.fromEntries(stream.lost) }
    return figures(kind, result, { enrolSeconds, before, after, counted, lost, duplicated, stream: streamFacts, metrics, backup: backupTaken })
  } finally {
    await hub.stop()
    process.removeListener('exit', stopCluster)
    cluster?.stop()
  }
}

/** The backup `--backup-at` seconds into the run (none with `off`). */
async function backupDuring(hub: { dataDir: string; databaseUrl?: string }): Promise<BackupTaken | undefined> {
  if (backupAtSeconds === undefined) return undefined
  await new Promise((resolve) => setTimeout(resolve, backupAtSeconds * 1000))
  return takeBackup(hub)
}

/** The answers' figures for requests in flight during the backup, and the others. */
function inAndOutOf(backup: BackupTaken, ms: number[], at: number[]) {
  // Inside: waiting for its answer at some moment of the backup (a request sent just before it and held up counts).
  const overlaps = (i: number) => at[i]! <= backup.endedAt && at[i]! + ms[i]! >= backup.startedAt
  const inside = ms.filter((_, i) => overlaps(i))
  const outside = ms.filter((_, i) => !overlaps(i))
  return { inside: summary(inside), outside: summary(outside) }
}

function backupFigures(backup: BackupTaken | undefined, result: LoadResult) {
  if (!backup) return undefined
  return {
    ok: backup.ok,
    why: backup.why,
    seconds: round((backup.endedAt - backup.startedAt) / 1000, 2),
    mebibytes: round(backup.bytes / 2 ** 20, 2),
    heartbeatMs: inAndOutOf(backup, result.heartbeatMs, result.heartbeatAt),
    uploadMs: inAndOutOf(backup, result.uploadMs, result.uploadAt),
  }
}

interface RunFacts {
  enrolSeconds: number
  before: { cpu: number; memory: { rss: number; peak: number }; loadAverage: number }
  after: { cpu: number; memory: { rss: number; peak: number }; loadAverage: number }
  counted: number
  lost: number
  duplicated: number
  stream: { events: number; reconnects: number; lost: Record<string, number> }
  metrics: ScrapeFacts | undefined
  backup: BackupTaken | undefined
}

function figures(kind: string, result: LoadResult, facts: RunFacts) {
  return {
    database: kind,
    devices: deviceCount,
    seconds,
    uploadsPerSecond,
    busyCores,
    enrolSeconds: round(facts.enrolSeconds),
    heartbeatMs: summary(result.heartbeatMs),
    uploadMs: summary(result.uploadMs),
    saleOnStreamMs: summary(result.streamMs),
    records: { sent: result.uploadsSent, answeredStored: result.hubRecordIds.size, countedAtHub: facts.counted, lost: facts.lost, duplicated: facts.duplicated },
    failed: { heartbeats: result.heartbeatsFailed, uploads: result.uploadsFailed, uploadsRetried: result.retried, why: Object.fromEntries(result.failures), notSeenOnStream: result.notSeenOnStream },
    stream: facts.stream,
    retriedOutsideRun: Object.fromEntries(retriedOutsideRun),
    backup: backupFigures(facts.backup, result),
    hubMemoryMiB: { beforeRun: facts.before.memory.rss, atEnd: facts.after.memory.rss, peak: facts.after.memory.peak },
    hubCpuSecondsInRun: round(facts.after.cpu - facts.before.cpu),
    // Comparable on a busy machine, where the answers' times are mostly waiting for a core.
    hubCpuMsPerRequest: round(((facts.after.cpu - facts.before.cpu) * 1000) / (result.heartbeatMs.length + result.heartbeatsFailed + result.uploadsSent + result.retried), 2),
    generatorSendLagMs: summary(result.sendLagMs),
    loadAverage: { before: facts.before.loadAverage, after: facts.after.loadAverage },
    metrics: facts.metrics && { ...facts.metrics, scrapeMs: summary(facts.metrics.scrapeMs) },
  }
}

function print(f: Awaited<ReturnType<typeof benchOn>>): void {
  const row = (name: string, s: ReturnType<typeof summary>, target: number) =>
    `${name.padEnd(26)}${String(s.count).padStart(7)}${[s.p50, s.p95, s.p99, s.max].map((v) => String(v).padStart(9)).join('')}   p99 ≤ ${target} ms: ${s.p99 <= target ? 'met' : 'NOT met'}`
  console.log(`\n${f.database === 'pglite' ? 'PGlite' : 'PostgreSQL 15 (fsync on)'}: ${f.devices} devices, ${f.uploadsPerSecond} sale uploads/s, ${f.seconds} s; ${f.busyCores} cores kept busy by the bench (--busy); load average ${f.loadAverage.before} → ${f.loadAverage.after}`)
  console.log(`${''.padEnd(26)}${'count'.padStart(7)}${['p50', 'p95', 'p99', 'max'].map((h) => `${h} ms`.padStart(9)).join('')}`)
  console.log(row('heartbeat answer', f.heartbeatMs, 50))
  console.log(row('upload answer', f.uploadMs, 100))
  console.log(row('sale on the event stream', f.saleOnStreamMs, 1000))
  const r = f.records
  console.log(`records: ${r.sent} sent, ${r.answeredStored} answered stored, ${r.countedAtHub} counted at the hub → ${r.lost} lost, ${r.duplicated} duplicated`)
  const why = Object.entries(f.failed.why).map(([reason, n]) => `${n}× ${reason}`).join(', ')
  console.log(`failed: ${f.failed.heartbeats} heartbeats, ${f.failed.uploads} uploads${why ? ` (${why})` : ''}, the uploads sent again after the run (${f.failed.uploadsRetried} tries)`)
  const streamLost = Object.entries(f.stream.lost).map(([reason, n]) => `${n}× ${reason}`).join(', ')
  console.log(`event stream: ${f.stream.events} events; ${f.failed.notSeenOnStream} sales never shown on it; opened again ${f.stream.reconnects} times${streamLost ? ` (lost: ${streamLost})` : ''}`)
  const retried = Object.entries(f.retriedOutsideRun).map(([reason, n]) => `${n}× ${reason}`).join(', ')
  if (retried) console.log(`sent again outside the run (enrolment, manager, warm-up): ${retried}`)
  printBackup(f.backup)
  console.log(`hub: RSS ${f.hubMemoryMiB.atEnd} MiB at the end (${f.hubMemoryMiB.beforeRun} before the run, peak ${f.hubMemoryMiB.peak}), ${f.hubCpuSecondsInRun} CPU s in the run (${f.hubCpuMsPerRequest} ms a request); enrolling took ${f.enrolSeconds} s`)
  console.log(`generator's lag behind its schedule: p99 ${f.generatorSendLagMs.p99} ms, max ${f.generatorSendLagMs.max} ms`)
  const m = f.metrics
  if (!m) console.log('metrics: off (--metrics-port off)')
  else if (m.scrapes === 0) console.log(`metrics: /metrics never answered (${m.failed} tries): does the CLI read FOYER_HUB_METRICS_PORT?`)
  else {
    const mean = m.last?.statements ? round(((m.last.statementSeconds ?? 0) * 1000) / m.last.statements, 2) : NaN
    const why = Object.entries(m.failedWhy).map(([reason, n]) => `${n}× ${reason}`).join(', ')
    console.log(`metrics: ${m.scrapes} scrapes (max ${m.scrapeMs.max} ms, ${m.failed} failed${why ? `: ${why}` : ''}); the hub counted ${m.last?.heartbeatsOk} heartbeats, ${m.last?.uploads} uploads, ${m.last?.statements} statements (mean ${mean} ms)`)
  }
}

function printBackup(b: ReturnType<typeof backupFigures>): void {
  if (!b) return console.log('backup: none during the run (--backup-at off)')
  if (!b.ok) return console.log(`backup: FAILED after ${b.seconds} s: ${b.why}`)
  const p99 = (name: string, s: { inside: ReturnType<typeof summary>; outside: ReturnType<typeof summary> }) =>
    `${name} p99 ${s.inside.p99} ms inside its window (${s.inside.count}) vs ${s.outside.p99} outside (${s.outside.count})`
  console.log(`backup during the run: ${b.seconds} s (the command's whole run, its start included), ${b.mebibytes} MiB; ${p99('heartbeat', b.heartbeatMs)}; ${p99('upload', b.uploadMs)}`)
}

// Ctrl-C or a kill: exit through 'exit', where the hub process and the PostgreSQL cluster are stopped
// (the busy threads end with the process; Node's default for these signals skips 'exit').
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130))

const all = []
for (const [i, kind] of databases.filter(isDatabase).entries()) {
  const f = await benchOn(kind, Number(values.port) + i, values['metrics-port'] === 'off' ? undefined : Number(values['metrics-port']) + i)
  print(f)
  all.push(f)
}
console.log(JSON.stringify({ bench: 'hub', runs: all }))
