import type { Statement } from 'better-sqlite3'
import { UPLOAD_BATCH_MAX, type RecordEnvelope, type UploadResult } from '../../hub/protocol'
import type { LocalDb } from '../database/local-db'
import { unwaited } from '../database/unwaited'
import { OutboxRecords } from '../journal/outbox-records'
import { recordReadBack } from './checked-records'
import { hubRecordPayloads } from './journal-records'

/**
 * The journal's records on their way to the hub (the table hub_outbox). The journal writes each, once,
 * in the transaction of the step that makes it, with the id and payload it will always be uploaded
 * with (electron/journal/outbox-records.ts); it leaves the waiting list only when the hub answers for
 * it, so an upload lost on the way (the hub killed mid-batch, the device restarted) is sent again as the
 * very same record, and the hub's UNIQUE(device, id) stores it once. Every read here goes by an index
 * of the waiting rows: what it costs does not grow with the journal.
 */
type WaitingRow = { deviceRecordId: string; kind: string; at: number; payload: string }

export class Outbox {
  readonly #records: OutboxRecords
  // Prepared once: the heartbeat and every upload kick ask these, for the device's whole life.
  readonly #batch: Statement<[number], WaitingRow>
  readonly #mark: Statement<{ at: number; outcome: string; hub: string | null; id: string }>
  readonly #waiting: Statement<[], { n: number }>

  constructor(
    private readonly db: LocalDb,
    /** The device's patron window (the staff setting, read at each look): 0 keeps no patron data for the hub. */
    patronDays: () => number,
    now: () => number = Date.now,
  ) {
    this.#records = new OutboxRecords(db, hubRecordPayloads(db, patronDays), now)
    this.#batch = db.prepare('SELECT record_id AS deviceRecordId, kind, occurred_at AS at, payload FROM hub_outbox WHERE answered_at IS NULL ORDER BY seq LIMIT ?')
    // Each answer marked by its record id, the batch's in one transaction (one commit). The prepared statement run once an
    // answer costs less than one statement over the answers handed over as JSON (a third less for a batch of 100,
    // measured): that one also wrote the JSON and read it again, row by row, through json_each.
    this.#mark = db.prepare(
      'UPDATE hub_outbox SET answered_at = @at, outcome = @outcome, hub_record_id = @hub, payload = NULL WHERE record_id = @id AND answered_at IS NULL',
    )
    this.#waiting = db.prepare('SELECT count(*) AS n FROM hub_outbox WHERE answered_at IS NULL')
  }

  /** Records kept out of the uploads because the protocol would refuse them. */
  unsendable(): string[] {
    return (this.db.prepare("SELECT record_id AS id FROM hub_outbox WHERE outcome = 'unsendable' ORDER BY seq").all() as { id: string }[]).map((r) => r.id)
  }

  /**
   * The oldest records the hub has not answered for, at most one batch. A payload still to be made (a record
   * an older journal held) is made first and frozen; one that cannot be (its journal row does not read, the
   * protocol would refuse it) is kept out of the uploads, marked so, rather than stopping every record behind it.
   */
  nextBatch(): RecordEnvelope[] {
    this.#records.makeWaiting(UPLOAD_BATCH_MAX)
    // Each read through RecordEnvelope, unless made lately and read back as the very text it was checked as (./checked-records.ts).
    return this.#batch.all(UPLOAD_BATCH_MAX).map((r) => recordReadBack({ deviceRecordId: r.deviceRecordId, kind: r.kind, occurredAt: new Date(r.at).toISOString(), payload: r.payload }))
  }

  /**
   * The hub's answers: each answered record leaves the waiting list, and its payload the device. Their commit does not
   * wait for the disk (../database/unwaited.ts): answers lost in a power cut leave their records waiting, sent again as
   * the very same records, which the hub stores once and answers as before; the next step of the journal that waits
   * carries them to the disk.
   */
  answered(results: readonly UploadResult[], at: number): void {
    if (results.length === 0) return
    unwaited(this.db, () =>
      this.db.transaction(() => {
        for (const r of results) this.#mark.run({ at, outcome: r.outcome, hub: r.outcome === 'stored' ? r.hubRecordId : null, id: r.deviceRecordId })
      })(),
    )
  }

  /**
   * The hub was restored from a backup (its heartbeat's answer says so): it lacks what it answered after the
   * backup, the records it gave an id above `recordsThrough`. Those go back on the waiting list, their payloads
   * made again from the journal, once for each restore; the hub stores each once all the same, so a record it
   * answered after the restore and is sent again is answered with its id again. Answers how many went back.
   */
  followRestore(restore: { id: string; recordsThrough: string }): number {
    return this.db.transaction(() => {
      const link = this.db.prepare('SELECT restore_followed AS followed FROM hub_link WHERE one = 1').get() as { followed: string | null } | undefined
      if (!link || link.followed === restore.id) return 0
      const reopened = this.db
        .prepare(
          `UPDATE hub_outbox SET answered_at = NULL, outcome = NULL, hub_record_id = NULL
            WHERE outcome = 'stored' AND CAST(hub_record_id AS INTEGER) > CAST(? AS INTEGER)`,
        )
        .run(restore.recordsThrough).changes
      this.db.prepare('UPDATE hub_link SET restore_followed = ? WHERE one = 1').run(restore.id)
      return reopened
    })()
  }

  /** Records not yet answered by the hub (the heartbeat's "uploads waiting"). */
  waiting(): number {
    return this.#waiting.get()!.n
  }

  /** How many records the hub has answered for (support, and the tests). */
  answeredCount(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM hub_outbox WHERE answered_at IS NOT NULL').get() as { n: number }).n
  }
}
