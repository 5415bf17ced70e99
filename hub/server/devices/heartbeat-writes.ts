import type { Queryable } from '../../storage/database'
import { saveHeartbeats, type HeartbeatToKeep, type SavedHeartbeat } from '../../storage/device-table'

interface Waiting extends HeartbeatToKeep {
  settle: (saved: SavedHeartbeat | undefined) => void
  fail: (error: unknown) => void
}

/**
 * The devices' heartbeats written in batches: those that come while a statement is writing are
 * written together by the next one, each answered with its own device's row and the versions its answer names. A thousand devices
 * beat 67 times a second; on PGlite one thread runs every statement in turn, so when they come
 * faster than one statement a beat can keep up, a statement a batch is what lets the hub catch up.
 * A revoke is seen as before: each statement keeps only non-revoked devices' beats.
 */
export class HeartbeatWrites {
  private queue: Waiting[] = []
  private writing = 0

  /** @param parallel statements at once: 1 on PGlite (one connection), a few on a PostgreSQL server's pool. */
  constructor(
    private readonly db: Queryable,
    private readonly parallel: number,
  ) {}

  /** Keeps the heartbeat; its device's row as now stored and its answer's versions, or undefined for a stranger or a revoked device. */
  save(beat: HeartbeatToKeep): Promise<SavedHeartbeat | undefined> {
    return new Promise((settle, fail) => {
      this.queue.push({ ...beat, settle, fail })
      if (this.writing < this.parallel) void this.write()
    })
  }

  private async write(): Promise<void> {
    this.writing++
    try {
      for (let batch = this.nextBatch(); batch.length > 0; batch = this.nextBatch()) {
        try {
          const rows = await saveHeartbeats(this.db, batch)
          for (const beat of batch) beat.settle(rows.get(beat.tokenHash))
        } catch (error) {
          for (const beat of batch) beat.fail(error)
        }
      }
    } finally {
      this.writing--
    }
  }

  /** The waiting beats, in order, each device's once: a second beat from one device waits for the next batch. */
  private nextBatch(): Waiting[] {
    const tokens = new Set<string>()
    const batch: Waiting[] = []
    const later: Waiting[] = []
    for (const beat of this.queue) {
      if (tokens.has(beat.tokenHash)) later.push(beat)
      else {
        batch.push(beat)
        tokens.add(beat.tokenHash)
      }
    }
    this.queue = later
    return batch
  }
}
