import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createInterface } from 'node:readline'

/**
 * A self-service browser host on the sandbox, for the benches that drive the
 * real renderer in Chromium (events, audio): the renderer built first unless
 * the bench was given --no-build, the host started on `port` with `env` added,
 * and stopped with the bench however it ends (a failed step included).
 */
export interface KioskHost {
  process: ChildProcess
  /** The kiosk's address, with the host's token in the fragment. */
  entry: string
  /** The customer display's page, with its own token (a counter's second screen, issue #34). */
  customerEntry: string | null
  startMs: number
}

export async function startKioskHost(port: number, env: Record<string, string> = {}): Promise<KioskHost> {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] })
    if (build.status !== 0) process.exit(build.status ?? 1)
  }
  const token = randomBytes(24).toString('base64url')
  const host = spawn(process.execPath, ['--import', 'tsx', 'electron/browser-host/cli.ts', '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, FOYER_HOST_TOKEN: token, FOYER_DATA_DIR: 'memory', FOYER_MODE: 'self-service', FOYER_BACKEND: 'sandbox', ...env },
  })
  process.on('exit', () => host.kill('SIGTERM'))
  const startedAt = performance.now()
  let customerEntry: string | null = null
  // The customer display's address comes first, then the host's own: ready at that one.
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: host.stdout! }).on('line', (line) => {
      const customer = /^Foyer customer display: (\S+)$/.exec(line)
      if (customer) customerEntry = customer[1]!
      else resolve()
    })
    host.once('exit', (code) => reject(new Error(`browser host exited with ${code}`)))
  })
  return { process: host, entry: `http://127.0.0.1:${port}/#token=${token}`, customerEntry, startMs: performance.now() - startedAt }
}
