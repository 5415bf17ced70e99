import Fastify, { type FastifyBaseLogger } from 'fastify'
import type { AddressInfo } from 'node:net'
import type { HubDatabase } from '../storage/database'
import { allDevices, revokeDevice } from '../storage/device-table'
import { alertWebhook } from './devices/alert-webhook'
import { hubApp } from './app'
import { DeviceWatch, SWEEP_INTERVAL_MS } from './devices/device-watch'
import { LiveUpdates } from './live/live-updates'
import { ownOrigins } from './page/origin-check'
import { PATRON_SWEEP_INTERVAL_MS, PatronSweep } from './patron-sweep'
import { ROLLOUT_SWEEP_INTERVAL_MS, RolloutSweep } from './rollouts/rollout-sweep'
import { forgetFirstManagerCode, openFirstManagerCode } from './managers/first-manager-code'
import { openHubDatabase } from '../storage/open-database'
import { deviceHealth, type DeviceHealth } from './devices/device-state'
import { createDeviceEnrolmentCode } from './devices/enrolment-service'
import type { HubServices } from './plugins/hub-services'
import { OneLinePerRequest } from './logging/request-log'
import { loadHubTls, type HubTls } from './tls'
import { HubOps } from './ops/hub-ops'
import type { HubOpsOptions } from './ops/ops-settings'
import { HubBackups } from './backups/hub-backups'
import { openBackupSocket } from './backups/backup-socket'
import type { BackupSchedule } from './backups/backup-settings'

export interface HubOptions {
  /** The hub's data folder: its certificate (`tls/`) and, without a database URL, its PGlite (`db/`). */
  dataDir: string
  /** A PostgreSQL server (FOYER_HUB_DATABASE_URL); PGlite in the data folder without it. */
  databaseUrl?: string
  /** A database opened already (tests share one per file); the hub then leaves closing it to the caller. */
  db?: HubDatabase
  /** The venue's certificate and key (PEM paths); the hub's own, made at first start, without them. */
  tls?: { certPath?: string; keyPath?: string }
  host?: string
  /** 0 picks a free port. */
  port?: number
  /** The hub's clock (ms since the epoch); tests move it to make devices miss heartbeats. */
  now?: () => number
  /** The dashboard's built page (vite's output), served at `/` when it is there. */
  dashboardDir?: string
  /** FOYER_HUB_ALERT_WEBHOOK: every alert this process raises is POSTed there as JSON. */
  alertWebhook?: string
  /** Origins the dashboard is also reached at (a DNS name the venue gives the hub), besides its addresses. */
  origins?: readonly string[]
  /** The venue's name, heading end of day's report (FOYER_HUB_VENUE); "Foyer Hub" without it. */
  venue?: string
  /** How often this process looks for devices gone quiet (tests make it short). */
  sweepIntervalMs?: number
  /** How often this process forgets patrons past their devices' windows. */
  patronSweepIntervalMs?: number
  /** How often this process moves rollouts on (their pilots' versions and alerts). */
  rolloutSweepIntervalMs?: number
  /**
   * GET /healthz and /metrics on a plain HTTP listener of their own (ops/ops-settings.ts; the CLI reads
   * FOYER_HUB_METRICS* through opsOptionsFromEnv). None without it: tests start many hubs in one process.
   */
  metrics?: HubOpsOptions | false
  /** When the last good backup was made, for /metrics' backup age: the record's (hub_backups) without it. */
  lastBackupAt?: () => Promise<Date | null>
  /** The daily backup the hub takes by itself (backups/backup-settings.ts, FOYER_HUB_BACKUP_*); none without it. */
  backups?: BackupSchedule | null
  /** How often the hub looks for the backup hour and an old backup (tests: never, they call `backups.scheduler.tick()`). */
  backupTickMs?: number
  /** Where requests are logged, a line each (logging/hub-logger.ts); nothing is logged without it. */
  logger?: FastifyBaseLogger
}

export interface DeviceView extends DeviceHealth {
  id: string
  name: string
  place: string
}

export interface Hub {
  url: string
  /** What devices pin at enrolment (SHA-256 of the certificate, hex). */
  fingerprint: string
  db: HubDatabase
  /** Pushes each device's and alert's change to every hub process's dashboards. */
  live: LiveUpdates
  /** Set while no manager exists: one code until it is used, printed by `npm run hub` (first-manager-code.ts). */
  firstManagerCode: string | null
  /** Where that code is kept, readable by the hub's account only. */
  firstManagerFile: string | null
  /** Where /healthz and /metrics answer (http://…), or null when they are switched off. */
  metricsUrl: string | null
  createDeviceEnrolmentCode(device: { name: string; place?: string }): Promise<{ code: string; expiresAt: Date }>
  devices(): Promise<DeviceView[]>
  revokeDevice(deviceId: string): Promise<boolean>
  /** Looks for devices gone quiet now, as the timer does every few seconds. */
  sweep(): Promise<void>
  /** Forgets the patrons past their devices' windows now, as the timer does every few minutes; answers how many sales. */
  forgetPastPatrons(): Promise<number>
  /** Moves rollouts on now (the pilots on the version, the rest after the wait, a hold on an alert), as the timer does every minute. */
  sweepRollouts(): Promise<void>
  /** The hub's backups: its daily one (scheduler.tick() takes it when due) and the watch over the record. */
  backups: HubBackups
  close(): Promise<void>
}

async function listen(tls: HubTls, services: Pick<HubServices, 'db' | 'clock' | 'live' | 'watch'>, options: HubOptions, ops?: HubOps) {
  const logging = options.logger ? { loggerInstance: options.logger, logController: new OneLinePerRequest() } : { logger: false }
  const app = Fastify({ https: { key: tls.key, cert: tls.cert }, ...logging, bodyLimit: 1024 * 1024 })
  await ops?.countDeviceTraffic(app)
  // Known once listening (the port may be picked then); read by the origin check from the first request.
  const origins = new Set<string>()
  const hub = { fingerprint: tls.fingerprint, origins, venue: options.venue ?? 'Foyer Hub', firstManagerMade: () => forgetFirstManagerCode(options.dataDir), backupSchedule: options.backups ?? null }
  await app.register(hubApp, { ...services, hub, dashboardDir: options.dashboardDir })
  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 })
  const { port } = app.server.address() as AddressInfo
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'
  const url = `https://${host.includes(':') ? `[${host}]` : host}:${port}`
  for (const origin of ownOrigins(url, options.host, options.origins)) origins.add(origin)
  return { app, url }
}

/** Starts Foyer Hub: its database (migrated), its certificate, its HTTPS server. */
export async function startHub(options: HubOptions): Promise<Hub> {
  const now = options.now ?? Date.now
  // First: an address for /metrics the venue has not allowed is refused before anything is made or opened.
  const ops = options.metrics ? new HubOps(options.metrics) : undefined
  const tls = await loadHubTls({ dataDir: options.dataDir, certPath: options.tls?.certPath, keyPath: options.tls?.keyPath })
  const opened = options.db ?? (await openHubDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl }))
  const db = ops?.timed(opened) ?? opened
  const firstManager = await openFirstManagerCode(db, options.dataDir, new Date(now()))
  const live = new LiveUpdates(db, now)
  await live.start()
  const webhook = options.alertWebhook ? alertWebhook(options.alertWebhook) : undefined
  const watch = new DeviceWatch(db, live, now, webhook)
  const backups = new HubBackups({ db, live, now, webhook, schedule: options.backups ?? null, dataDir: options.dataDir, databaseUrl: options.databaseUrl, log: options.logger, tickMs: options.backupTickMs })
  const lastBackupAt = options.lastBackupAt ?? backups.lastGoodAt
  const opsListener = await ops?.open({ db, streamsOpen: () => live.streamsOpen, now, lastBackupAt })
  const { app, url } = await listen(tls, { db, clock: now, live, watch }, options, ops)
  // `foyer-hub backup` asks a PGlite hub for its backup here; a PostgreSQL one it backs up by itself (pg_dump).
  const backupSocket = db.kind === 'pglite' ? await openBackupSocket({ db, dataDir: options.dataDir, now, recorded: () => backups.watch.review() }) : null
  watch.start(options.sweepIntervalMs ?? SWEEP_INTERVAL_MS)
  backups.start()
  const patrons = new PatronSweep(db, now)
  patrons.start(options.patronSweepIntervalMs ?? PATRON_SWEEP_INTERVAL_MS)
  const rollouts = new RolloutSweep(db, live, now)
  rollouts.start(options.rolloutSweepIntervalMs ?? ROLLOUT_SWEEP_INTERVAL_MS)
  return {
    url,
    fingerprint: tls.fingerprint,
    db,
    live,
    firstManagerCode: firstManager?.code ?? null,
    firstManagerFile: firstManager?.file ?? null,
    metricsUrl: opsListener?.url ?? null,
    createDeviceEnrolmentCode: (device) => createDeviceEnrolmentCode(db, device, new Date(now())),
    async devices() {
      const at = now()
      return (await allDevices(db)).map((d) => ({ id: d.id, name: d.name, place: d.place, ...deviceHealth(d, at) }))
    },
    async revokeDevice(deviceId) {
      const revoked = await revokeDevice(db, deviceId, new Date(now()))
      if (revoked) await watch.changed(deviceId)
      return revoked
    },
    sweep: () => watch.sweep(),
    forgetPastPatrons: () => patrons.sweep(),
    sweepRollouts: () => rollouts.sweep(),
    backups,
    async close() {
      // Open event streams are ended at the app's close (live/event-stream.ts), before it waits for requests.
      await watch.stop()
      await backups.stop()
      await patrons.stop()
      await rollouts.stop()
      await app.close()
      await backupSocket?.close()
      await opsListener?.close()
      await live.stop()
      if (!options.db) await db.close()
    },
  }
}
