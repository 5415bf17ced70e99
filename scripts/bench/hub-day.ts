/**
 * `npm run bench:hub-day [-- --sales-per-day 20000 --days 5 --db pglite|postgres|both --runs 3]`: what the
 * dashboard's reads of a busy box office cost (issue #35), measured from outside. The hub's database is
 * filled first through the hub's storage API (./hub-day-seed.ts: `--days` days of `--sales-per-day` sales
 * each, the last one today), then the hub runs in a process of its own (hub/cli/serve.ts, as `npm run
 * hub`) and this process is the manager's browser. Prints, per database, the median of `--runs` answers
 * (and its size) of Today, the day's End of day, each of its files (CSV, workbook, PDF, the card file),
 * a page of its card payments where the hub has that route, then closing the day (once) and End of day
 * of the closed day; then one line of JSON.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { END_OF_DAY_PATHS } from '../../hub/protocol'
import { hubDate } from '../../hub/server/day/end-of-day-views'
import type { HubDatabase } from '../../hub/storage/database'
import { openHubDatabase } from '../../hub/storage/open-database'
import { managerBrowser, type ManagerBrowser } from '../../tests/support/hub-manager'
import { createDatabase, startPostgresCluster } from '../../tests/support/postgres-cluster'
import { seedDay, seedDevices } from './hub-day-seed'
import { startHubProcess } from './hub-process'

const { values } = parseArgs({
  options: {
    'sales-per-day': { type: 'string', default: '20000' },
    days: { type: 'string', default: '5' },
    db: { type: 'string', default: 'pglite' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '5480' },
  },
})
const salesPerDay = Number(values['sales-per-day'])
const days = Number(values.days)
const runs = Number(values.runs)
const databases = values.db === 'both' ? ['pglite', 'postgres'] : [values.db]
if (!databases.every((d) => d === 'pglite' || d === 'postgres')) throw new Error('--db is pglite, postgres or both')

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function seed(db: HubDatabase): Promise<{ date: string; seconds: number }> {
  const started = performance.now()
  const devices = await seedDevices(db)
  const today = new Date()
  for (let back = days - 1; back >= 0; back--) {
    const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - back)
    await seedDay(db, devices, hubDate(start.getTime()), start, salesPerDay)
  }
  return { date: hubDate(today.getTime()), seconds: round((performance.now() - started) / 1000, 1) }
}

interface Timed {
  what: string
  ms: number
  bytes: number
  status: number
}

async function timed(manager: ManagerBrowser, what: string, method: string, path: string, times = runs): Promise<Timed> {
  const ms: number[] = []
  let last = { status: 0, bytes: 0 }
  for (let i = 0; i < times; i++) {
    const started = performance.now()
    const answer = await manager.send(method, path)
    ms.push(performance.now() - started)
    last = { status: answer.status, bytes: answer.bytes.length }
  }
  return { what, ms: round(median(ms)), ...last }
}

async function benchOn(kind: 'pglite' | 'postgres', port: number) {
  const cluster = kind === 'postgres' ? await startPostgresCluster({ durable: true }) : undefined
  const databaseUrl = cluster && (await createDatabase(cluster.adminUrl))
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-bench-day-'))
  try {
    const db = await openHubDatabase({ dataDir, databaseUrl })
    const seeded = await seed(db)
    await db.close()
    const hub = await startHubProcess({ port, databaseUrl, dataDir })
    try {
      const manager = await managerBrowser(hub.url)
      const first = await manager.send('POST', '/api/managers/first', { code: hub.firstManagerCode, name: 'Bench manager', password: 'bench manager password' })
      if (first.status !== 200) throw new Error(`the first manager was refused: ${first.status}`)
      const { date } = seeded
      const rows: Timed[] = [
        await timed(manager, 'Today', 'GET', '/api/today'),
        await timed(manager, 'End of day', 'GET', END_OF_DAY_PATHS.day(date)),
        await timed(manager, 'CSV', 'GET', END_OF_DAY_PATHS.file(date, 'csv')),
        await timed(manager, 'XLSX', 'GET', END_OF_DAY_PATHS.file(date, 'xlsx')),
        await timed(manager, 'PDF', 'GET', END_OF_DAY_PATHS.file(date, 'pdf')),
        await timed(manager, 'card CSV', 'GET', END_OF_DAY_PATHS.file(date, 'cards.csv')),
        await timed(manager, 'card payments, a page', 'GET', `/api/days/${date}/card-payments?offset=10000&limit=100`),
        await timed(manager, 'close', 'POST', END_OF_DAY_PATHS.close(date), 1),
        await timed(manager, 'End of day, closed', 'GET', END_OF_DAY_PATHS.day(date)),
        await timed(manager, 'card CSV, closed', 'GET', END_OF_DAY_PATHS.file(date, 'cards.csv')),
      ]
      return { database: kind, salesPerDay, storedSales: salesPerDay * days, seedSeconds: seeded.seconds, rows }
    } finally {
      await hub.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    cluster?.stop()
  }
}

function print(f: Awaited<ReturnType<typeof benchOn>>): void {
  console.log(`\n${f.database === 'pglite' ? 'PGlite' : 'PostgreSQL 15 (fsync on)'}: ${f.storedSales} sales stored, ${f.salesPerDay} of them today (stored in ${f.seedSeconds} s); median of ${runs}`)
  console.log(`${'answer'.padEnd(26)}${'ms'.padStart(8)}${'KB'.padStart(10)}  status`)
  for (const r of f.rows) console.log(`${r.what.padEnd(26)}${String(r.ms).padStart(8)}${String(round(r.bytes / 1024, 1)).padStart(10)}  ${r.status}`)
}

const all = []
for (const [i, kind] of databases.entries()) {
  const f = await benchOn(kind as 'pglite' | 'postgres', Number(values.port) + i)
  print(f)
  all.push(f)
}
console.log(JSON.stringify({ bench: 'hub-day', runs: all }))
