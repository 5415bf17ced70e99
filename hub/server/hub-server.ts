import Fastify from 'fastify'
import type { AddressInfo } from 'node:net'
import { normaliseEnrolmentCode } from '../protocol'
import type { HubDatabase } from '../storage/database'
import { allDevices, revokeDevice } from '../storage/device-table'
import { replaceFirstManagerCode } from '../storage/manager-table'
import { openHubDatabase } from '../storage/open-database'
import { deviceHealth, type DeviceHealth } from './device-state'
import { deviceRoutes } from './device-routes'
import { hashToken, newOneTimeCode } from './device-tokens'
import { createDeviceEnrolmentCode } from './enrolment-service'
import { loadHubTls, type HubTls } from './tls'

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
  /** Set while no manager exists: a new one each start, printed by `npm run hub`. */
  firstManagerCode: string | null
  createDeviceEnrolmentCode(device: { name: string; place?: string }): Promise<{ code: string; expiresAt: Date }>
  devices(): Promise<DeviceView[]>
  revokeDevice(deviceId: string): Promise<boolean>
  close(): Promise<void>
}

async function issueFirstManagerCode(db: HubDatabase, now: Date): Promise<string | null> {
  const code = newOneTimeCode()
  // Hashed as typed codes will be checked: normalised as the protocol does (case, dashes, spaces).
  return (await replaceFirstManagerCode(db, hashToken(normaliseEnrolmentCode(code)), now)) ? code : null
}

async function listen(tls: HubTls, ctx: { db: HubDatabase; now: () => number }, options: HubOptions) {
  const app = Fastify({ https: { key: tls.key, cert: tls.cert }, logger: false, bodyLimit: 1024 * 1024 })
  deviceRoutes(app, { ...ctx, fingerprint: tls.fingerprint })
  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 })
  const { port } = app.server.address() as AddressInfo
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'
  return { app, url: `https://${host.includes(':') ? `[${host}]` : host}:${port}` }
}

/** Starts Foyer Hub: its database (migrated), its certificate, its HTTPS server. */
export async function startHub(options: HubOptions): Promise<Hub> {
  const now = options.now ?? Date.now
  const tls = await loadHubTls({ dataDir: options.dataDir, certPath: options.tls?.certPath, keyPath: options.tls?.keyPath })
  const db = options.db ?? (await openHubDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl }))
  const firstManagerCode = await issueFirstManagerCode(db, new Date(now()))
  const { app, url } = await listen(tls, { db, now }, options)
  return {
    url,
    fingerprint: tls.fingerprint,
    db,
    firstManagerCode,
    createDeviceEnrolmentCode: (device) => createDeviceEnrolmentCode(db, device, new Date(now())),
    async devices() {
      const at = now()
      return (await allDevices(db)).map((d) => ({ id: d.id, name: d.name, place: d.place, ...deviceHealth(d, at) }))
    },
    revokeDevice: (deviceId) => revokeDevice(db, deviceId, new Date(now())),
    async close() {
      await app.close()
      if (!options.db) await db.close()
    },
  }
}
