/**
 * `npm run bench:support-file`: what making a support file the hub asked for (issue #36 §5) costs main. A
 * data folder with a full log budget (4 MB of pino lines) and an empty journal; the file is made as the
 * device makes it for the hub (supportFileText: the logs read, redacted and written on a worker thread),
 * while a 1 ms timer on main notes the longest gap between its ticks: how long main was held at once.
 * Printed beside the same gap with main idle, which is what the machine's load alone costs (two shared
 * cores here); then, once, the logs made on main as they were before (recentLogs, then JSON.stringify).
 * Prints a line per run.
 * Options (env): BENCH_RUNS (default 5), BENCH_LOG_MB (default 4.5: the budget takes the newest 4 MB).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { openLocalDb } from '../../electron/database/local-db'
import { logDirOf } from '../../electron/logging/file-logger'
import { recentLogs } from '../../electron/logging/recent-logs'
import type { CredentialVault } from '../../electron/vault/credential-vault'
import { supportFileText } from '../../electron/services/support-bundle'
import { SystemInfoService } from '../../electron/services/system-info'
import { SettingsFile } from '../../electron/settings/settings-file'
import { StaffAccounts } from '../../electron/settings/staff-accounts'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const LOG_BYTES = Number(process.env.BENCH_LOG_MB ?? 4.5) * 1024 * 1024

/** Runs `work` with a 1 ms timer on main: the longest gap between its ticks, in ms. */
async function longestGap(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now()
  let worst = 0
  const tick = setInterval(() => {
    const now = performance.now()
    worst = Math.max(worst, now - last)
    last = now
  }, 1)
  await work()
  await sleep(5)
  clearInterval(tick)
  return worst
}

function logFile(dir: string): number {
  mkdirSync(logDirOf(dir))
  const lines: string[] = []
  for (let i = 0, size = 0; size < LOG_BYTES; i++) {
    const line = JSON.stringify({ level: 30, time: 1764576000000 + i, msg: 'a sale step was journalled', saleId: `sale-${i}`, step: 'paid', amountCents: 2500 + i })
    lines.push(line)
    size += line.length + 1
  }
  writeFileSync(join(logDirOf(dir), 'foyer.2026-12-01.1.log'), `${lines.join('\n')}\n`)
  return lines.length
}

const dir = mkdtempSync(join(tmpdir(), 'foyer-bench-support-'))
const lineCount = logFile(dir)
const db = openLocalDb(dir)
const ctx = {
  settings: await SettingsFile.open(dir),
  accounts: await StaffAccounts.open(dir, null),
  vault: { read: async () => null, store: async () => {}, remove: async () => {} } as unknown as CredentialVault,
  system: new SystemInfoService({ appVersion: 'bench', mode: 'counter', host: 'browser', backend: 'sandbox' }),
}
const source = { dataDir: dir, db, log: { warn: () => {}, error: () => {} } }
console.log(`support file of ${lineCount} log lines (${(LOG_BYTES / 1024 / 1024).toFixed(1)} MB written, 4 MB read back)`)
for (let run = 1; run <= RUNS; run++) {
  const idle = await longestGap(() => sleep(300))
  let text = ''
  const started = performance.now()
  const held = await longestGap(async () => {
    text = `{"requestId":"bench","file":${await supportFileText(ctx, source, new Date())}}`
  })
  const took = performance.now() - started
  console.log(`run ${run}: ${(text.length / 1024 / 1024).toFixed(1)} MiB in ${took.toFixed(0)} ms; longest hold of main: ${held.toFixed(0)} ms (idle main on this machine now: ${idle.toFixed(0)} ms)`)
}
// After the runs: the garbage this leaves would otherwise be collected inside the next run's window.
const onMain = await longestGap(async () => JSON.stringify(await recentLogs(logDirOf(dir))))
console.log(`the logs made on main instead, as before: longest hold of main ${onMain.toFixed(0)} ms`)
db.close()
rmSync(dir, { recursive: true, force: true })
