import { spawn } from 'node:child_process'
import { statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A backup taken in the middle of `npm run bench:hub`, as a venue's cron or its manager takes one while
 * devices sell: `foyer-hub backup --to FILE` in a process of its own (for a served PGlite it asks the
 * running hub over its socket; for PostgreSQL it runs pg_dump). Its window is kept so the bench can set
 * the answers' p99 inside it against outside it.
 */
export interface BackupTaken {
  /** performance.now() at the command's start and end. */
  startedAt: number
  endedAt: number
  ok: boolean
  bytes: number
  /** The command's last words when it failed. */
  why: string
}

// The cluster the bench starts is PostgreSQL 15's (tests/support/postgres-cluster.ts): pg_dump of the same version.
const PG_BIN = process.env['FOYER_TEST_PG_BIN'] ?? '/usr/lib/postgresql/15/bin'
/** Longer than any backup of a bench's database; a command still running then is stopped. */
const LIMIT_MS = 300_000

export function takeBackup(hub: { dataDir: string; databaseUrl?: string }): Promise<BackupTaken> {
  const to = join(hub.dataDir, `bench-backup-${Date.now()}.foyer-backup`)
  const startedAt = performance.now()
  const child = spawn(process.execPath, ['bin/foyer-hub.mjs', 'backup', '--data', hub.dataDir, '--to', to], {
    env: { ...process.env, FOYER_HUB_DATABASE_URL: hub.databaseUrl ?? '', FOYER_HUB_PG_BIN: PG_BIN },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let said = ''
  const keep = (chunk: Buffer) => (said = (said + chunk.toString('utf8')).slice(-2000))
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const limit = setTimeout(() => child.kill('SIGTERM'), LIMIT_MS)
  return new Promise((resolve) => {
    const done = (ok: boolean, why: string) => {
      clearTimeout(limit)
      let bytes = 0
      try {
        bytes = statSync(to).size
      } catch {
        ok = false
      }
      resolve({ startedAt, endedAt: performance.now(), ok, bytes, why: ok ? '' : why.trim().split('\n').slice(-2).join(' ') })
    }
    child.once('error', (error) => done(false, error.message))
    child.once('close', (code) => done(code === 0, said || `exit ${code}`))
  })
}
