import type { Queryable } from '../../storage/database'
import { saveHeartbeats, type HeartbeatToKeep, type SavedHeartbeat } from '../../storage/device-table'
import { BatchedWrites } from './batched-writes'

/**
 * The devices' heartbeats written in batches (./batched-writes.ts), each answered with its own
 * device's row and the versions its answer names, or undefined for a stranger or a revoked device.
 * A revoke is seen as before: each statement keeps only non-revoked devices' beats.
 */
export function heartbeatWrites(db: Queryable, parallel: number): BatchedWrites<HeartbeatToKeep, SavedHeartbeat | undefined> {
  const write = async (beats: HeartbeatToKeep[]) => {
    const saved = await saveHeartbeats(db, beats)
    return beats.map((beat) => saved.get(beat.tokenHash))
  }
  return new BatchedWrites(write, (beat) => beat.tokenHash, parallel)
}
