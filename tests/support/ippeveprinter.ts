import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from './free-port'

/**
 * A real IPP Everywhere printer on loopback for a test file: CUPS's
 * ippeveprinter (package cups-ipp-utils), taking PDFs and keeping each job's
 * file in a throwaway spool folder (-k). Its web forms are its test controls:
 * /media sets the main tray's paper level, 0 sheets is "media-empty".
 *
 * It registers itself with Avahi (DNS-SD) and will not start without it, so
 * .ci/run starts the system D-Bus and avahi-daemon; the printer is named
 * "localhost" (-n), as an address of 127.0.0.1 fails its own host check.
 * Nothing here skips: a machine without them fails with what to install.
 *
 * Each document is printed by a command of ippeveprinter's own (-c; without
 * one, ippeveprinter pretends to print by sleeping 5 to 15 s a job: CUPS's
 * ippeveprinter.c, process_job) that keeps how many documents the paper
 * left is good for (unlimited until a test says): once none,
 * the printer says media-empty (a `STATE:` line, as its manual has it) and
 * aborts the job, and the job's file leaves the spool, so the spool holds
 * only what came out. `paperFor(1)`: the paper runs out after the next one.
 */
const IPPEVEPRINTER = ['/usr/sbin/ippeveprinter', '/usr/bin/ippeveprinter'].find((path) => existsSync(path))

export interface TestIppPrinter {
  uri: string
  spoolDir: string
  /** The main tray's sheets: 0 reports media-empty, 250 is full. */
  setPaper(sheets: 0 | 5 | 25 | 250): Promise<void>
  /** The PDFs printed so far (file names in the spool folder). */
  spooled(): Promise<string[]>
  /** The paper left is good for this many more documents, then runs out (setPaper(250) loads a full roll). */
  paperFor(documents: number): Promise<void>
  stop(): Promise<void>
}

function needs(): void {
  if (!IPPEVEPRINTER) throw new Error('ippeveprinter is not installed: apt-get install cups-ipp-utils (.ci/run does)')
  if (spawnSync('pgrep', ['-x', 'avahi-daemon']).status !== 0) {
    throw new Error(
      'avahi-daemon is not running, and ippeveprinter will not start without it: as root, `mkdir -p /run/dbus; dbus-daemon --system --fork; ' +
        'avahi-daemon --no-drop-root --no-chroot --daemonize` (apt packages avahi-daemon dbus; .ci/run does both)',
    )
  }
}

async function answering(port: number, child: ChildProcess, log: () => string): Promise<void> {
  // Generous: a loaded two-core machine can take seconds to bring it up.
  for (let tries = 0; tries < 300; tries++) {
    if (child.exitCode !== null) throw new Error(`ippeveprinter exited (${child.exitCode}): ${log()}`)
    const up = await fetch(`http://localhost:${port}/`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false)
    if (up) return
    await sleep(100)
  }
  throw new Error(`ippeveprinter did not answer on port ${port}: ${log()}`)
}

/** The roll: a file holding how many documents are left ("unlimited" when absent), and the command that prints against it. */
async function paperRoll(): Promise<{ dir: string; left: string; command: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'foyer-ipp-roll-'))
  const left = join(dir, 'documents-left')
  const command = join(dir, 'print-on-roll')
  const script = [
    '#!/bin/sh',
    `left=$(cat '${left}' 2>/dev/null || echo unlimited)`,
    `if [ "$left" = 0 ]; then echo 'STATE: +media-empty' >&2; echo 'ERROR: out of paper' >&2; rm -f "$1"; exit 1; fi`,
    `if [ "$left" != unlimited ]; then echo $((left - 1)) > '${left}'; fi`,
    'exit 0',
  ]
  await writeFile(command, `${script.join('\n')}\n`, { mode: 0o755 })
  return { dir, left, command }
}

export async function startIppEvePrinter(name = 'FoyerTest'): Promise<TestIppPrinter> {
  needs()
  const port = await freePort()
  const spoolDir = await mkdtemp(join(tmpdir(), 'foyer-ipp-'))
  const roll = await paperRoll()
  const args = ['-n', 'localhost', '-p', String(port), '-d', spoolDir, '-k', '-f', 'application/pdf', '-c', roll.command, name]
  const child = spawn(IPPEVEPRINTER!, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)))
  await answering(port, child, () => stderr).catch(async (error) => {
    child.kill('SIGKILL')
    await rm(spoolDir, { recursive: true, force: true })
    await rm(roll.dir, { recursive: true, force: true })
    throw error
  })
  return {
    uri: `ipp://localhost:${port}/ipp/print`,
    spoolDir,
    async setPaper(sheets) {
      // Every field of the form: the by-pass tray left as it was, or the form is taken only in part.
      const form = new URLSearchParams({ size1: 'na_letter_8.5x11in', type1: 'stationery', level1: String(sheets), size3: 'na_number-10_4.125x9.5in', type3: 'envelope', level3: '-2' })
      const answer = await fetch(`http://localhost:${port}/media?${form}`)
      if (!answer.ok || !(await answer.text()).includes('Media updated')) throw new Error(`ippeveprinter did not take the paper level ${sheets}`)
      if (sheets > 0) await rm(roll.left, { force: true })
    },
    async paperFor(documents) {
      await writeFile(roll.left, String(documents))
    },
    spooled: async () => (await readdir(spoolDir)).filter((file) => file.endsWith('.pdf')).sort(),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      await rm(spoolDir, { recursive: true, force: true })
      await rm(roll.dir, { recursive: true, force: true })
    },
  }
}
