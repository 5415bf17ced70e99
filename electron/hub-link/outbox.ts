import { RecordEnvelope, UPLOAD_BATCH_MAX, type UploadResult } from '../../hub/protocol'
import type { LocalDb } from '../database/local-db'
import { newJournalRecords } from './journal-records'

/**
 * The journal's records on their way to the hub (the table hub_outbox). Each is put here once, with
 * the id and payload it will always be uploaded with; it leaves the waiting list only when the hub
 * answers for it, so an upload lost on the way (the hub killed mid-batch, the device restarted) is
 * sent again as the very same record, and the hub's UNIQUE(device, id) stores it once.
 */
export class Outbox {
  constructor(
    private readonly db: LocalDb,
    /** The device's patron window (the staff setting, read at each look): 0 keeps no patron data for the hub. */
    private readonly patronDays: () => number,
  ) {}

  /**
   * Puts the journal's new records in the outbox, in the order they happened; answers how many. A
   * record whose journal row does not read, or that the protocol would refuse (a field longer than it
   * takes), is kept out of the uploads, marked so, rather than stopping every record behind it:
   * `unsendable` lists them for support.
   */
  collect(now: number): number {
    const insert = this.db.prepare('INSERT OR IGNORE INTO hub_outbox (record_id, kind, occurred_at, payload) VALUES (?, ?, ?, ?)')
    const refuse = this.db.prepare("INSERT OR IGNORE INTO hub_outbox (record_id, kind, occurred_at, outcome, answered_at) VALUES (?, ?, ?, 'unsendable', ?)")
    let added = 0
    // In slices, each its own short transaction: a day of sales never holds the database for long.
    for (;;) {
      const found = newJournalRecords(this.db, this.patronDays(), 200)
      if (found.length === 0) return added
      this.db.transaction(() => {
        for (const r of found) {
          const envelope = { deviceRecordId: r.recordId, kind: r.kind, occurredAt: new Date(r.at).toISOString(), payload: r.payload }
          if (r.payload !== null && RecordEnvelope.safeParse(envelope).success) insert.run(r.recordId, r.kind, r.at, JSON.stringify(r.payload))
          else refuse.run(r.recordId, r.kind, r.at, now)
        }
      })()
      added += found.length
    }
  }

  /** Records kept out of the uploads because the protocol would refuse them. */
  unsendable(): string[] {
    return (this.db.prepare("SELECT record_id AS id FROM hub_outbox WHERE outcome = 'unsendable' ORDER BY seq").all() as { id: string }[]).map((r) => r.id)
  }

  /** The oldest records the hub has not answered for, at most one batch. */
  nextBatch(): RecordEnvelope[] {
    const rows = this.db
      .prepare('SELECT record_id AS deviceRecordId, kind, occurred_at AS at, payload FROM hub_outbox WHERE answered_at IS NULL ORDER BY seq LIMIT ?')
      .all(UPLOAD_BATCH_MAX) as { deviceRecordId: string; kind: string; at: number; payload: string }[]
    return rows.map((r) =>
      RecordEnvelope.parse({ deviceRecordId: r.deviceRecordId, kind: r.kind, occurredAt: new Date(r.at).toISOString(), payload: JSON.parse(r.payload) }),
    )
  }

  /** The hub's answers: each answered record leaves the waiting list, and its payload the device. */
  answered(results: readonly UploadResult[], at: number): void {
    const mark = this.db.prepare(
      'UPDATE hub_outbox SET answered_at = ?, outcome = ?, hub_record_id = ?, payload = NULL WHERE record_id = ? AND answered_at IS NULL',
    )
    this.db.transaction(() => {
      for (const r of results) mark.run(at, r.outcome, r.outcome === 'stored' ? r.hubRecordId : null, r.deviceRecordId)
    })()
  }

  /** Records not yet answered by the hub (the heartbeat's "uploads waiting"). */
  waiting(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM hub_outbox WHERE answered_at IS NULL').get() as { n: number }).n
  }

  /** How many records the hub has answered for (support, and the tests). */
  answeredCount(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM hub_outbox WHERE answered_at IS NOT NULL').get() as { n: number }).n
  }
}
