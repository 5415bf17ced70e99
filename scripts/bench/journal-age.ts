/**
 * `npm run bench:journal-age`: what the journal costs main as it ages (issue #35). One counter's journal
 * (foyer.db in a temporary data folder, WAL, synchronous=FULL, as a kiosk keeps it) grows through the
 * journal's own steps (tests/support/journal-of-sales.ts: every sale ordered, paid, confirmed, printed;
 * every tenth refunded, every fiftieth reprinted; a shift closed every 200 sales), each batch of 500 sales
 * in one transaction, and every record uploaded (answered by the hub) as it would be. At 1,000, 10,000
 * and 100,000 past sales it times, on main's own thread, each repeated and its median taken:
 * - the heartbeat's journal work: the last sale, the sales under way, the uploads waiting, the upload
 *   kick finding nothing to send;
 * - an upload batch: the 100 oldest waiting records read and the hub's answers written;
 * - a sale's journal writes: every step of one sale, each record for the hub frozen with its step, each step
 *   committed as checkout commits it (four wait for the disk, three do not);
 * - start-up recovery's reading of the journal (nothing to recover: the sales open, unprinted, for staff);
 * - an X report of the open shift (50 sales in it at every size).
 *
 * Target: each ≤ 2 ms at 100,000 and within 20 % of its time at 1,000. Prints a table, then one line of
 * JSON. Times depend on the machine and its load (two shared cores here): compare the rows, not runs.
 * Options (env): BENCH_SIZES (default 1000,10000,100000), BENCH_REPEAT (default 200), BENCH_MEMORY=1 for the
 * journal in memory (no fsync: what the journal's own work costs, without the disk's wait at each commit).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { UPLOAD_BATCH_MAX } from '../../hub/protocol'
import { openLocalDb, type LocalDb } from '../../electron/database/local-db'
import { lastSaleAt } from '../../electron/hub-link/journal-records'
import { Outbox } from '../../electron/hub-link/outbox'
import { SalesJournal } from '../../electron/journal/sales-journal'
import { ShiftBook } from '../../electron/journal/shift-book'
import { PAST_BACKEND, pastJournal, sellOne, sellPast, type PastJournal } from '../../tests/support/journal-of-sales'

const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number)
const repeat = Number(process.env.BENCH_REPEAT ?? 200)
const stage = (text: string) => process.stderr.write(`bench:journal-age: ${text}\n`)

/** The median and the quickest of `times` runs: the quickest is what the work itself costs, least disturbed by the machine's other load. */
interface Timing {
  median: number
  min: number
}
function timed(times: number, work: () => unknown): Timing {
  const each: number[] = []
  for (let i = 0; i < times; i++) {
    const start = performance.now()
    work()
    each.push(performance.now() - start)
  }
  each.sort((a, b) => a - b)
  return { median: each[Math.floor(each.length / 2)]!, min: each[0]! }
}

/** Every record waiting is answered by the hub: the past is uploaded (its payloads, dropped on the answer, are not made). */
function uploadAll(db: LocalDb, outbox: Outbox): void {
  const waiting = db.prepare('SELECT record_id AS id FROM hub_outbox WHERE answered_at IS NULL ORDER BY seq LIMIT 1000')
  for (let ids = waiting.all() as { id: string }[]; ids.length > 0; ids = waiting.all() as { id: string }[]) {
    outbox.answered(ids.map(({ id }, i) => ({ deviceRecordId: id, outcome: 'stored', hubRecordId: String(i), receivedAt: new Date().toISOString() })), Date.now())
  }
}

interface Figures {
  sales: number
  heartbeatMs: Timing
  uploadBatchMs: Timing
  saleWritesMs: Timing
  recoveryMs: Timing
  xReportMs: Timing
}

/** The number the next sale is sold under. */
const numbering = { next: 1 }
function measure(db: LocalDb, past: PastJournal, outbox: Outbox, sales: number): Figures {
  const { journal, shifts } = past
  const next = numbering
  const heartbeatMs = timed(repeat, () => [lastSaleAt(db), journal.unfinished().some((s) => s.state === 'paying'), outbox.waiting(), outbox.nextBatch()])
  // A shift of 50 sales, each one timed: a sale's journal writes, its records for the hub with them; then its X report.
  // (A size not a whole number of the past's shifts leaves one open: it is closed first.)
  if (shifts.current()) shifts.close([], {})
  const shift = shifts.open(10_000, null)
  const saleWritesMs = timed(50, () => sellOne(journal, next.next++, shift.shiftId))
  const xReportMs = timed(repeat / 4, () => shifts.xReport(null))
  // 200 more sales: with the 50, 500 records waiting, five batches, each read and answered.
  for (let i = 0; i < 200; i++) sellOne(journal, next.next++, shift.shiftId)
  const answers = (batch: ReturnType<Outbox['nextBatch']>) => batch.map((r, i) => ({ deviceRecordId: r.deviceRecordId, outcome: 'stored' as const, hubRecordId: `b${i}`, receivedAt: new Date().toISOString() }))
  const uploadBatchMs = timed(5, () => outbox.answered(answers(outbox.nextBatch()), Date.now()))
  uploadAll(db, outbox)
  shifts.close([], {})
  // Start-up: recovery's reading of the journal opened for the backend (opening it, preparing its statements, costs the same at any age).
  const opened = new SalesJournal(db, PAST_BACKEND)
  const book = new ShiftBook(db, opened, PAST_BACKEND)
  const recoveryMs = timed(repeat, () => [opened.unfinished(), opened.unprinted(), opened.needingStaff(), book.current()])
  return { sales, heartbeatMs, uploadBatchMs, saleWritesMs, recoveryMs, xReportMs }
}

/**
 * The steps of one sale in sellOne (journal-of-sales.ts) that wait for the disk at their commit, as in checkout: four
 * of its seven (the order's answer, the cash payment's start and the vendor's confirm are written unwaited,
 * SalesJournal.unwaited).
 */
const SALE_STEPS = 4

/**
 * What one durable commit costs on this disk: a one-row insert, each its own transaction, in foyer.db itself
 * (WAL, synchronous=FULL: the fsync a sale's step waits for, so a power cut after it still finds it).
 */
function diskCommit(db: LocalDb): Timing {
  db.exec('CREATE TABLE bench_commit (n INTEGER PRIMARY KEY, text TEXT)')
  const insert = db.prepare('INSERT INTO bench_commit (text) VALUES (?)')
  const timing = timed(repeat, () => insert.run('a step'.repeat(40)))
  db.exec('DROP TABLE bench_commit')
  return timing
}

const inMemory = process.env.BENCH_MEMORY === '1'
const dir = mkdtempSync(join(tmpdir(), 'foyer-bench-journal-age-'))
const db = openLocalDb(inMemory ? null : dir)
const past = pastJournal(db)
// The past is written without each record's payload (its upload drops the payload at once): half the build time.
const builder = pastJournal(db, { clock: past.clock, frozen: false })
const outbox = new Outbox(db, () => 30)
const figures: Figures[] = []
/** One durable commit's time on this disk, when the journal is on it. */
const commits: Timing[] = []
try {
  // Every measurement once on a journal of its own first, untimed: the first size is not charged for the code's warming up.
  const warm = openLocalDb(null)
  measure(warm, pastJournal(warm), new Outbox(warm, () => 30), 0)
  warm.close()
  numbering.next = 1
  for (const size of sizes) {
    const started = performance.now()
    while (numbering.next <= size) {
      numbering.next = sellPast(db, builder, Math.min(size + 1 - numbering.next, 10_000), numbering.next)
      uploadAll(db, outbox)
    }
    stage(`journal of ${numbering.next - 1} past sales built in ${((performance.now() - started) / 1000).toFixed(0)} s`)
    figures.push(measure(db, past, outbox, size))
  }
  if (!inMemory) commits.push(diskCommit(db))
} finally {
  db.close()
  rmSync(dir, { recursive: true, force: true })
}

type Figure = Exclude<keyof Figures, 'sales'>
const columns: [Figure, string][] = [['heartbeatMs', 'heartbeat'], ['uploadBatchMs', 'upload batch'], ['saleWritesMs', 'sale writes'], ['recoveryMs', 'recovery'], ['xReportMs', 'X report']]
const cell = (text: string) => text.padStart(18)
console.log(`ms, median (quickest), ${inMemory ? 'journal in memory' : 'on foyer.db (WAL, synchronous=FULL)'}; ${repeat} repeats (sale writes: 50 sales; X report: ${repeat / 4}; upload batch: 5 of ${UPLOAD_BATCH_MAX})`)
console.log(['past sales'.padStart(10), ...columns.map(([, name]) => cell(name))].join(''))
for (const row of figures) console.log([String(row.sales).padStart(10), ...columns.map(([key]) => cell(`${row[key].median.toFixed(3)} (${row[key].min.toFixed(3)})`))].join(''))
const [first, last] = [figures[0]!, figures.at(-1)!]
for (const [key, name] of columns) {
  const [at, was] = [last[key].median, first[key].median]
  console.log(`${name.padEnd(13)} at ${last.sales}: ${at <= 2 ? '≤ 2 ms' : '> 2 ms'}, ${at <= was * 1.2 ? 'within' : 'NOT within'} 20 % of ${first.sales} (median ${((at / was - 1) * 100).toFixed(0)} %, quickest ${((last[key].min / first[key].min - 1) * 100).toFixed(0)} %)`)
}
const commitMs = commits[0] ?? null
if (commitMs) {
  const waits = SALE_STEPS * commitMs.median
  console.log(
    `one durable commit on this disk: ${commitMs.median.toFixed(3)} ms (quickest ${commitMs.min.toFixed(3)}); the ${SALE_STEPS} steps of a sale that wait for the disk wait for ${waits.toFixed(2)} ms of them, ` +
      `its journal's own work at ${last.sales} is the other ${Math.max(0, last.saleWritesMs.median - waits).toFixed(2)} ms (BENCH_MEMORY=1 times it alone)`,
  )
}
console.log(JSON.stringify({ inMemory, figures, commitMs }))
