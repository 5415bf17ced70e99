import type { Queryable } from '../../storage/database'
import { storeUploads, type StoreOutcome, type Upload } from '../../storage/record-table'
import { BatchedWrites } from './batched-writes'

/**
 * The devices' uploads stored in batches (./batched-writes.ts): on PGlite the statement that stores an
 * upload (its records, their sale codes and typed rows) costs several times more to plan than to run,
 * and fifty a second were most of the hub's work. A batch that fails is stored again one upload at a
 * time, so an upload fails by itself or not at all, as when each had a statement of its own: a statement
 * is atomic, so nothing of a failed batch was kept, and each record is still stored once.
 */
export function recordWrites(db: Queryable, parallel: number): BatchedWrites<Upload, StoreOutcome[]> {
  const write = async (uploads: Upload[]) => {
    try {
      return await storeUploads(db, uploads)
    } catch (error) {
      if (uploads.length === 1) throw error
      const each = uploads.map(async (upload) => (await storeUploads(db, [upload]))[0]!)
      await Promise.allSettled(each)
      return each
    }
  }
  return new BatchedWrites(write, (upload) => upload.deviceId, parallel)
}
