import { existsSync, mkdirSync } from 'node:fs'
import { networkInterfaces } from 'node:os'
import { resolve } from 'node:path'
import type { Hub } from '../server/hub-server'
import { opsOptionsFromEnv } from '../server/ops/ops-settings'
import { backupScheduleFromEnv, type BackupSchedule } from '../server/backups/backup-settings'
import type { Subcommand } from './command'
import { holdDataDir } from './pglite-guard'
import { DATA_HELP, DATA_OPTIONS, describeDatabase, hubSettings } from './settings'

/** The managers' page as `npm run build:hub-dashboard` builds it, wherever the command is run from. */
const BUILT_DASHBOARD = resolve(import.meta.dirname, '../../out/hub-dashboard')

/** What a person starting the hub needs: where it is, what devices pin, and the first manager's code. */
function printStarted(hub: Hub, settings: { host: string; dashboardDir: string; database: string; backups: BackupSchedule | null }): void {
  console.log(`Foyer Hub at ${hub.url} (${settings.database})`)
  const { backups } = settings
  if (backups) console.log(`Backs itself up daily at ${String(backups.hour).padStart(2, '0')}:00 into ${backups.folder}, keeping the newest ${backups.keep}`)
  else console.log('No daily backups: set FOYER_HUB_BACKUP_DIR (docs/hub-install.md)')
  if (settings.host === '0.0.0.0') {
    // What devices on the venue network type or scan: this machine's own addresses.
    const port = new URL(hub.url).port
    const addresses = Object.values(networkInterfaces()).flatMap((nics) => nics ?? []).filter((nic) => nic.family === 'IPv4' && !nic.internal)
    for (const nic of addresses) console.log(`  on the venue network: https://${nic.address}:${port}`)
  }
  if (!existsSync(resolve(settings.dashboardDir, 'index.html'))) {
    // The API serves devices without it; a manager opening the address would get nothing but a 404.
    console.log(`No managers’ page in ${settings.dashboardDir}: \`npm run build:hub-dashboard\` builds it (\`npm run hub\` does so by itself)`)
  }
  if (hub.metricsUrl) console.log(`Health and metrics (plain HTTP, for monitoring): ${hub.metricsUrl}/healthz and ${hub.metricsUrl}/metrics`)
  console.log(`Certificate fingerprint (SHA-256): ${hub.fingerprint}`)
  if (hub.firstManagerCode) {
    console.log(`Kept until a first manager is made, in ${hub.firstManagerFile}`)
    // Under systemd stdout is the journal, which more accounts read than the hub's own file: the code stays in the file.
    if (process.env['JOURNAL_STREAM']) console.log(`First manager's one-time enrolment code: in that file (not written to the journal)`)
    else console.log(`First manager's one-time enrolment code: ${hub.firstManagerCode}`)
  }
}

/**
 * `foyer-hub serve` (`npm run hub`): Foyer Hub on PGlite in the data folder (or on
 * FOYER_HUB_DATABASE_URL's PostgreSQL), with its own certificate unless FOYER_HUB_TLS_CERT and
 * FOYER_HUB_TLS_KEY give the venue's. Prints its address, certificate fingerprint and, while no
 * manager exists, the first manager's one-time code. Serves the dashboard's built page from
 * `--dashboard` and POSTs each alert to FOYER_HUB_ALERT_WEBHOOK. Runs until SIGINT or SIGTERM.
 */
export const serve: Subcommand = {
  name: 'serve',
  summary: 'Serve the devices and the managers’ page over HTTPS until stopped (SIGTERM, SIGINT).',
  help: `${DATA_HELP}  --port N            the port (FOYER_HUB_PORT; 7443)
  --host ADDR         the address to listen on (FOYER_HUB_HOST; 0.0.0.0)
  --dashboard DIR     the managers' page as built (FOYER_HUB_DASHBOARD_DIR; out/hub-dashboard)
  --log-file PATH     JSON log lines to PATH, rolled daily and at 10 MB (FOYER_HUB_LOG_FILE; stdout)

Environment: FOYER_HUB_DATABASE_URL (PostgreSQL; PGlite in the data folder without it),
FOYER_HUB_TLS_CERT and FOYER_HUB_TLS_KEY (the venue's certificate, PEM), FOYER_HUB_ALERT_WEBHOOK,
FOYER_HUB_VENUE, FOYER_HUB_ORIGINS (names the dashboard is also reached at, comma-separated),
FOYER_HUB_LOG_LEVEL (debug, info, warn, error; info), FOYER_HUB_METRICS (on/off; on),
FOYER_HUB_METRICS_HOST (127.0.0.1), FOYER_HUB_METRICS_PORT (9464), FOYER_HUB_METRICS_ON_NETWORK (yes to
allow an address beyond loopback): GET /healthz and /metrics on a listener of their own.
FOYER_HUB_BACKUP_DIR (an existing folder: a backup there daily; none without it), FOYER_HUB_BACKUP_HOUR
(0-23, this machine's time; 3), FOYER_HUB_BACKUP_KEEP (the newest N kept; 7).
`,
  options: {
    ...DATA_OPTIONS,
    port: { type: 'string' },
    host: { type: 'string' },
    dashboard: { type: 'string' },
    'log-file': { type: 'string' },
  },
  async run(values) {
    const settings = hubSettings(values)
    const host = (values['host'] as string | undefined) ?? process.env['FOYER_HUB_HOST'] ?? '0.0.0.0'
    const port = Number((values['port'] as string | undefined) ?? process.env['FOYER_HUB_PORT'] ?? '7443')
    const dashboard = (values['dashboard'] as string | undefined) ?? (process.env['FOYER_HUB_DASHBOARD_DIR'] || BUILT_DASHBOARD)
    if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port must be a port number, not ${JSON.stringify(values['port'] ?? process.env['FOYER_HUB_PORT'])}`)
    const backups = backupScheduleFromEnv(process.env, settings.dataDir)
    // The server (fastify and its routes, the day's PDF and workbook writers, pino) is loaded only to serve:
    // migrate, check and backup, which a venue's scripts and the service's own start run, start without it.
    const [{ startHub }, { openHubLog }] = await Promise.all([import('../server/hub-server'), import('../server/logging/hub-logger')])
    mkdirSync(settings.dataDir, { recursive: true })
    const log = await openHubLog({ file: (values['log-file'] as string | undefined) ?? (process.env['FOYER_HUB_LOG_FILE'] || undefined), level: process.env['FOYER_HUB_LOG_LEVEL'] || undefined })
    const held = settings.databaseUrl ? () => undefined : holdDataDir(settings.dataDir)
    const letGo = () => {
      held()
      void log.close()
    }
    const hub = await startHub({
      dataDir: settings.dataDir,
      databaseUrl: settings.databaseUrl,
      tls: settings.tls,
      host,
      port,
      dashboardDir: resolve(dashboard),
      alertWebhook: process.env['FOYER_HUB_ALERT_WEBHOOK'] || undefined,
      venue: process.env['FOYER_HUB_VENUE'] || undefined,
      // A name the venue gives the hub (https://boxoffice.example:7443): the dashboard is also loaded from there.
      origins: (process.env['FOYER_HUB_ORIGINS'] ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
      logger: log.logger,
      // GET /healthz and /metrics for the venue's monitoring, on 127.0.0.1:9464 unless FOYER_HUB_METRICS* say otherwise.
      metrics: opsOptionsFromEnv(process.env),
      backups,
    }).catch((error: unknown) => {
      letGo()
      throw error
    })
    printStarted(hub, { host, dashboardDir: resolve(dashboard), database: describeDatabase(settings), backups })
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        void hub.close().then(async () => {
          held()
          await log.close()
          process.exit(0)
        })
      })
    }
    return 'running'
  },
}
