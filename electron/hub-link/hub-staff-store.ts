import { z } from 'zod'
import type { StaffPullAnswer} from '../../hub/protocol';
import { SyncedStaffAccount } from '../../hub/protocol'
import type { LocalDb } from '../database/local-db'
import type { VenueAccount } from '../settings/venue-staff'

/**
 * The venue's staff accounts as this device last pulled them (electron/database/hub-staff-migration.ts),
 * read back through the protocol's schema: a row that does not parse signs nobody in. Kept in foyer.db
 * so the last accounts pulled serve while the hub is unreachable, across restarts too.
 */
const SyncRow = z.object({ version: z.number().int(), settled_local: z.string() })

export class HubStaffStore {
  #accounts: VenueAccount[] | null = null
  #settled: Set<string> | null = null

  constructor(private readonly db: LocalDb) {}

  /** The version pulled last, or null before the first pull. */
  version(): number | null {
    const row = SyncRow.safeParse(this.db.prepare('SELECT version, settled_local FROM hub_staff_sync WHERE one = 1').get())
    return row.success ? row.data.version : null
  }

  /** A hub "manager" works at a device as a supervisor: the device has no role above it. */
  accounts(): readonly VenueAccount[] {
    this.#accounts ??= this.db
      .prepare('SELECT staff_id AS staffId, name, role, pin_hash AS pinHash FROM hub_staff ORDER BY name')
      .all()
      .flatMap((row) => {
        const parsed = SyncedStaffAccount.safeParse(row)
        if (!parsed.success) return []
        const { role, ...rest } = parsed.data
        return [{ ...rest, role: role === 'cashier' ? ('cashier' as const) : ('supervisor' as const) }]
      })
    return this.#accounts
  }

  settled(localStaffId: string): boolean {
    if (!this.#settled) {
      const row = SyncRow.safeParse(this.db.prepare('SELECT version, settled_local FROM hub_staff_sync WHERE one = 1').get())
      const ids = row.success ? z.array(z.string()).safeParse(JSON.parse(row.data.settled_local)) : null
      this.#settled = new Set(ids?.success ? ids.data : [])
    }
    return this.#settled.has(localStaffId)
  }

  /** What the hub answered, in place of what was there, in one transaction. */
  replace(pulled: StaffPullAnswer, at: number): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM hub_staff').run()
      const insert = this.db.prepare('INSERT INTO hub_staff (staff_id, name, role, pin_hash) VALUES (?, ?, ?, ?)')
      for (const account of pulled.accounts) insert.run(account.staffId, account.name, account.role, account.pinHash)
      this.db
        .prepare('INSERT OR REPLACE INTO hub_staff_sync (one, version, settled_local, synced_at) VALUES (1, ?, ?, ?)')
        .run(pulled.version, JSON.stringify(pulled.settledLocal), at)
    })()
    this.#forgetRead()
  }

  /** The device left the hub: its accounts no longer sign in here; the device's own serve again, all of them. */
  clear(): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM hub_staff').run()
      this.db.prepare('DELETE FROM hub_staff_sync').run()
    })()
    this.#forgetRead()
  }

  #forgetRead(): void {
    this.#accounts = null
    this.#settled = null
  }
}
