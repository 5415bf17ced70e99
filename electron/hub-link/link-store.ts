import { z } from 'zod'
import type { LocalDb } from '../database/local-db'

/**
 * This device's enrolment with the box office's hub, as foyer.db keeps it (electron/database/
 * hub-link-migration.ts): where the hub is, the certificate pinned, the device the hub made, and
 * whether the hub has revoked it. Read back through a schema: the row is not trusted for being ours.
 * The device token is in the keychain, never here.
 */
export interface HubLinkRecord {
  url: string
  fingerprint: string
  certificatePem: string
  deviceId: string
  name: string
  place: string
  enrolledAt: number
  /** When the hub said "revoked": the device is out of service from then on, across restarts. */
  revokedAt: number | null
  lastHeartbeatAt: number | null
}

const linkRowSchema = z.object({
  url: z.string(),
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  certificatePem: z.string(),
  deviceId: z.uuid(),
  name: z.string(),
  place: z.string(),
  enrolledAt: z.number(),
  revokedAt: z.number().nullable(),
  lastHeartbeatAt: z.number().nullable(),
})

const COLUMNS = `url, fingerprint, certificate_pem AS certificatePem, device_id AS deviceId, name, place,
  enrolled_at AS enrolledAt, revoked_at AS revokedAt, last_heartbeat_at AS lastHeartbeatAt`

export class LinkStore {
  constructor(private readonly db: LocalDb) {}

  /** The enrolment, or null when this device has none (a device without a hub works as ever). */
  read(): HubLinkRecord | null {
    const row = this.db.prepare(`SELECT ${COLUMNS} FROM hub_link WHERE one = 1`).get()
    if (row === undefined) return null
    const parsed = linkRowSchema.safeParse(row)
    // A row that cannot be read links to no hub: staff connect again.
    return parsed.success ? parsed.data : null
  }

  /** A new enrolment replaces any earlier one. */
  save(link: Omit<HubLinkRecord, 'revokedAt' | 'lastHeartbeatAt'>): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO hub_link (one, url, fingerprint, certificate_pem, device_id, name, place, enrolled_at, revoked_at, last_heartbeat_at)
         VALUES (1, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)`,
      )
      .run(link.url, link.fingerprint, link.certificatePem, link.deviceId, link.name, link.place, link.enrolledAt)
  }

  revoked(at: number): void {
    this.db.prepare('UPDATE hub_link SET revoked_at = COALESCE(revoked_at, ?) WHERE one = 1').run(at)
  }

  heard(at: number): void {
    this.db.prepare('UPDATE hub_link SET last_heartbeat_at = ? WHERE one = 1').run(at)
  }

  /** Disconnected: the link is forgotten. The outbox stays, so a device connected again uploads what is left. */
  remove(): void {
    this.db.prepare('DELETE FROM hub_link').run()
  }
}
