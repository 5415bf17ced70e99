import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * PGlite takes no lock against a second process on its folder (docs/hub-setup.md): two processes
 * writing one folder corrupt it. `serve` on PGlite keeps its process id in the data folder while it
 * runs, and `migrate` and `check` do not open a folder a live hub holds. A file left by a hub that
 * died (its process gone) is taken over.
 */
const PID_FILE = 'hub.pid'

/** The process serving this data folder's PGlite now, if any. */
export function runningHub(dataDir: string): number | null {
  const file = join(dataDir, PID_FILE)
  if (!existsSync(file)) return null
  const pid = Number(readFileSync(file, 'utf8').trim())
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch (error) {
    // EPERM: alive, under another account (the service's own user while root asks).
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null
  }
}

/** Refuses, in words, to let another process open the PGlite a live hub serves from `dataDir`. */
export function refuseWhileServed(dataDir: string): void {
  const running = runningHub(dataDir)
  if (running !== null) throw new Error(`the hub (process ${running}) is serving PGlite in ${dataDir}: stop it first (systemctl stop foyer-hub)`)
}

/** Marks the folder as this process's; refuses when a live hub holds it. The function it gives lets go. */
export function holdDataDir(dataDir: string): () => void {
  const other = runningHub(dataDir)
  if (other !== null) throw new Error(`another hub (process ${other}) serves PGlite in ${dataDir}: one process at a time may open it`)
  const file = join(dataDir, PID_FILE)
  writeFileSync(file, `${process.pid}\n`)
  return () => rmSync(file, { force: true })
}

/**
 * Why this account must not open the folder's PGlite, or null. Files PGlite writes as root in a
 * service user's folder would stop the service from opening its own database at its next start.
 */
export function foreignOwner(dataDir: string): string | null {
  const db = join(dataDir, 'db')
  if (!existsSync(db) || process.getuid === undefined) return null
  const owner = statSync(db).uid
  return owner === process.getuid() ? null : `${db} belongs to user id ${owner}, not to this account (${process.getuid()}): run as the hub's user (sudo -u foyer-hub …)`
}
