import type { Queryable } from '../../storage/database'
import { deviceByTokenHash } from '../../storage/device-table'

/** More than a venue group has devices: past it the cache starts again rather than grow. */
const MOST_KEPT = 20_000

/**
 * Which device a token is, kept in memory for uploads. A token is one device's for ever (enrolment
 * makes a new device with a new token; a revoke keeps the row, and a revoked device's records are
 * still taken), so nothing another hub process does can make a kept pair wrong, and no notice of
 * a change is needed. Heartbeats do not use it: they must see a revoke at once, and find their
 * device in the statement that keeps the heartbeat anyway.
 */
export class DeviceIdsByToken {
  private readonly ids = new Map<string, string>()

  async deviceId(db: Queryable, tokenHash: string): Promise<string | undefined> {
    const kept = this.ids.get(tokenHash)
    if (kept) return kept
    const device = await deviceByTokenHash(db, tokenHash)
    if (!device) return undefined
    if (this.ids.size >= MOST_KEPT) this.ids.clear()
    this.ids.set(tokenHash, device.id)
    return device.id
  }
}
