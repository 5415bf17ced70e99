import { z } from 'zod'
import { DeviceProfileAnswer, ProfileSettingName } from '../../hub/protocol'
import type { LocalDb } from '../database/local-db'

/** The profile this device pulled from its hub, as foyer.db keeps it (electron/database/hub-profile-migration.ts), read back by schema. */
export interface KeptProfile {
  document: DeviceProfileAnswer
  appliedRevision: string | null
  refused: ProfileSettingName | null
  overrides: ProfileSettingName[]
}

const rowSchema = z.object({
  document: z.string().transform((text, ctx) => {
    const parsed = DeviceProfileAnswer.safeParse(JSON.parse(text))
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'not a profile the protocol reads' })
      return z.NEVER
    }
    return parsed.data
  }),
  appliedRevision: z.string().nullable(),
  refused: ProfileSettingName.nullable(),
  overrides: z.string().transform((text) => ProfileSettingName.array().catch([]).parse(JSON.parse(text))),
})

export class ProfileStore {
  /** The row as last read (undefined: not read since it was written). Read at every catalogue.shows and service check, written only when the hub's profile changes. */
  #kept: KeptProfile | null | undefined = undefined
  constructor(private readonly db: LocalDb) {}

  read(): KeptProfile | null {
    this.#kept ??= this.#readRow()
    return this.#kept
  }

  #readRow(): KeptProfile | null {
    const row = this.db.prepare('SELECT document, applied_revision AS appliedRevision, refused, overrides FROM hub_profile WHERE one = 1').get()
    if (row === undefined) return null
    try {
      const parsed = rowSchema.safeParse(row)
      // A row that cannot be read is pulled again at the next heartbeat.
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
  }

  /** A newly pulled profile: not applied yet, the staff's local changes kept. */
  pulled(document: DeviceProfileAnswer): void {
    this.#kept = undefined
    this.db
      .prepare(
        `INSERT INTO hub_profile (one, revision, document) VALUES (1, ?, ?)
         ON CONFLICT (one) DO UPDATE SET revision = excluded.revision, document = excluded.document`,
      )
      .run(document.revision, JSON.stringify(document))
  }

  settled(revision: string, refused: ProfileSettingName | null): void {
    this.#kept = undefined
    this.db.prepare('UPDATE hub_profile SET applied_revision = ?, refused = ? WHERE one = 1').run(revision, refused)
  }

  overridden(overrides: readonly ProfileSettingName[]): void {
    this.#kept = undefined
    this.db.prepare('UPDATE hub_profile SET overrides = ? WHERE one = 1').run(JSON.stringify(overrides))
  }

  /** Disconnected from the hub: its profile's rules no longer hold (the settings it set stay as they are). */
  remove(): void {
    this.#kept = undefined
    this.db.prepare('DELETE FROM hub_profile').run()
  }
}
