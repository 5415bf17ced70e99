import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

/**
 * A browser host in a process of its own for e2e specs: in memory, against its
 * own sandbox, printing PDFs to a fresh spool folder, on a free port. Every
 * spec that needs a host (the workers' own, the accessibility spec's PIN-set
 * one, the XSS corpus one) starts it here.
 */
export interface HostProcess {
  /** The host's address, with a trailing slash. */
  url: string
  /** The address that opens the kiosk: `url` with the run token in the fragment. */
  entry: string
  token: string
  /** The customer display's page (its own token in the fragment), which the host prints before its own address. */
  customerEntry: string | null
  /** Where its printer writes the PDFs of tickets and receipts. */
  spoolDir: string
  /** Settles when the process has ended, however (stopped, crashed, killed). */
  exited: Promise<void>
  stop(): Promise<void>
  /** Kills it outright (SIGKILL), as a crash or power cut would: nothing closed, nothing given back. */
  kill(): Promise<void>
}

const repoRoot = join(import.meta.dirname, '..', '..')

/**
 * The host as plain JavaScript (scripts/build-browser-host.mjs, which the Playwright run's first web
 * server runs before anything starts): an E2E run starts about fifteen hosts, and loading the
 * TypeScript sources through tsx cost each (and its sandbox child) seconds of CPU.
 */
const hostBundle = join(repoRoot, 'out', 'browser-host', 'cli.js')

/** The enrolment code every e2e host starts with (FOYER_ENROLMENT_CODE, as an installer provides it): it sets the first staff PIN. */
export const E2E_ENROLMENT_CODE = 'E2E-ENROL-2026-KIOSK'

/**
 * `env` overrides the host's environment: FOYER_DATA_DIR for a data folder that
 * outlives the process, FOYER_HOST_PORT for a port of its own (a host started
 * again where the page left it), FOYER_PRINT_SPOOL for the printer's folder.
 */
export async function startHostProcess(env: Record<string, string> = {}, token = process.env.FOYER_HOST_TOKEN!): Promise<HostProcess> {
  if (!existsSync(hostBundle)) throw new Error(`${hostBundle} is missing: \`npm run build:browser-host\` makes it (Playwright's web server does at the start of a run)`)
  const spoolDir = env.FOYER_PRINT_SPOOL ?? mkdtempSync(join(tmpdir(), 'foyer-e2e-print-'))
  const child = spawn(process.execPath, [hostBundle, '--port', env.FOYER_HOST_PORT ?? '0'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      FOYER_HOST_TOKEN: token,
      FOYER_DATA_DIR: 'memory',
      FOYER_MODE: 'self-service',
      FOYER_BACKEND: 'sandbox',
      FOYER_PRINT_SPOOL: spoolDir,
      FOYER_ENROLMENT_CODE: E2E_ENROLMENT_CODE,
      // Staff PINs hashed at a test run's cost (electron/settings/staff-pin.ts, pinHashCostForTests).
      FOYER_TEST_PIN_COST: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = once(child, 'exit').then(() => {})
  // A host that has ended already (crashed, killed) is not signalled again.
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  let customerEntry: string | null = null
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      customerEntry ??= /^Foyer customer display: (\S+)$/.exec(line)?.[1] ?? null
      const found = /(http:\/\/127\.0\.0\.1:\d+\/)#token=/.exec(line)
      if (found) resolve(found[1]!)
    })
    child.once('exit', (code) => reject(new Error(`the browser host stopped (exit ${code}) before it was ready:\n${stderr}`)))
  })
  return {
    url,
    entry: `${url}#token=${token}`,
    token,
    customerEntry,
    spoolDir,
    exited,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  }
}
