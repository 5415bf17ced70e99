import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

/**
 * Foyer Hub in a process of its own, started as `npm run hub` starts it (`foyer-hub serve`, hub/cli/serve.ts), so the
 * load generator's CPU is not in the hub's answers and the hub's memory can be read from /proc.
 */
export interface HubProcess {
  url: string
  fingerprint: string
  firstManagerCode: string
  /** Its data folder and PostgreSQL address (none on PGlite): what `foyer-hub backup` is given. */
  dataDir: string
  databaseUrl?: string
  /** Resident memory now and at its peak (VmRSS, VmHWM), in MiB. */
  memoryMiB(): { rss: number; peak: number }
  /** CPU seconds the hub has used so far (user + system). */
  cpuSeconds(): number
  stop(): Promise<void>
}

function statusField(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`))
  return Math.round((Number(line?.split(/\s+/)[1] ?? NaN) / 1024) * 10) / 10
}

/**
 * @param profileDir with it, the hub runs under `--cpu-prof` and writes its profile there when stopped.
 * @param dataDir a data folder made beforehand (the hub's database already filled), kept when stopped.
 * @param metricsPort the hub's /healthz and /metrics listener's port (on 127.0.0.1); switched off without it.
 */
export async function startHubProcess(options: { port: number; databaseUrl?: string; profileDir?: string; dataDir?: string; metricsPort?: number }): Promise<HubProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'foyer-bench-hub-'))
  const profile = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : []
  const args = [...profile, '--import', 'tsx', 'hub/cli/foyer-hub.ts', 'serve', '--data', dataDir, '--port', String(options.port), '--host', '127.0.0.1']
  // No dashboard page: the bench reads the dashboard's API and event stream, as the page does.
  args.push('--dashboard', join(dataDir, 'no-page'))
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      FOYER_HUB_DATABASE_URL: options.databaseUrl ?? '',
      FOYER_HUB_ALERT_WEBHOOK: '',
      // At info the hub logs a line a request (hub/server/logging/request-log.ts): thousands a second
      // that the bench would read and drop, its CPU beside the hub's. Warnings and errors still show.
      FOYER_HUB_LOG_LEVEL: 'warn',
      // /healthz and /metrics on loopback, as a venue runs it (hub/server/ops/ops-settings.ts); off without a port.
      ...(options.metricsPort === undefined ? { FOYER_HUB_METRICS: 'off' } : { FOYER_HUB_METRICS: 'on', FOYER_HUB_METRICS_HOST: '127.0.0.1', FOYER_HUB_METRICS_PORT: String(options.metricsPort) }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  // The bench stopped by Ctrl-C or a failure (hub.ts exits on SIGINT so that 'exit' runs) takes its hub with it.
  const killOnExit = () => child.kill('SIGTERM')
  process.once('exit', killOnExit)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  void exited.then(() => process.removeListener('exit', killOnExit))
  const printed: { url?: string; fingerprint?: string; code?: string } = {}
  await new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout })
    lines.on('line', (line) => {
      printed.url ??= /^Foyer Hub at (\S+)/.exec(line)?.[1]
      printed.fingerprint ??= /fingerprint \(SHA-256\): (\S+)/.exec(line)?.[1]
      printed.code ??= /one-time enrolment code: (\S+)/.exec(line)?.[1]
      if (printed.url && printed.fingerprint && printed.code) resolve()
    })
    void exited.then(() => reject(new Error('the hub stopped before it printed its address and first manager code')))
  })
  const pid = child.pid!
  return {
    url: printed.url!,
    fingerprint: printed.fingerprint!,
    firstManagerCode: printed.code!,
    dataDir,
    databaseUrl: options.databaseUrl,
    memoryMiB: () => ({ rss: statusField(pid, 'VmRSS'), peak: statusField(pid, 'VmHWM') }),
    cpuSeconds() {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      return (Number(fields[11]) + Number(fields[12])) / 100
    },
    async stop() {
      child.kill('SIGTERM')
      await exited
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
