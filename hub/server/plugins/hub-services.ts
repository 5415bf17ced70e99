import fp from 'fastify-plugin'
import type { HubDatabase } from '../../storage/database'
import type { BackupSchedule } from '../backups/backup-settings'
import type { DeviceWatch } from '../devices/device-watch'
import type { LiveUpdates } from '../live/live-updates'

/** Who the hub is, as its routes need it. */
export interface HubIdentity {
  /** The hub's certificate fingerprint: enrolment proofs are checked against it, and a new device's QR carries it. */
  fingerprint: string
  /** The hub's own origins (page/origin-check.ts): a state-changing dashboard request must come from one of them. */
  origins: ReadonlySet<string>
  /** The venue's name, as end of day's report heads it (FOYER_HUB_VENUE). */
  venue: string
  /** Called once the first manager is made: the kept one-time code can enrol nobody any more. */
  firstManagerMade: () => Promise<void>
  /** The daily backup this process takes (FOYER_HUB_BACKUP_*), or null: shown to the manager with the record. */
  backupSchedule: BackupSchedule | null
}

export interface HubServices {
  db: HubDatabase
  /** The hub's clock (ms since the epoch); tests move it. */
  clock: () => number
  live: LiveUpdates
  watch: DeviceWatch
  hub: HubIdentity
}

declare module 'fastify' {
  interface FastifyInstance {
    db: HubDatabase
    clock: () => number
    live: LiveUpdates
    watch: DeviceWatch
    hub: HubIdentity
  }
}

/**
 * What every route group shares, handed over once: decorated on the instance (fastify-plugin, so
 * every group registered after it sees them), not passed along as a context object.
 */
export const hubServices = fp<HubServices>(
  async (app, services) => {
    app.decorate('db', services.db)
    app.decorate('clock', services.clock)
    app.decorate('live', services.live)
    app.decorate('watch', services.watch)
    app.decorate('hub', services.hub)
  },
  { name: 'hub-services' },
)
