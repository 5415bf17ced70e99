import { randomUUID } from 'node:crypto'
import type { Queryable } from './database'

/**
 * Keeps a restore from a backup (migrations.ts, hub_restores), with the newest record id the backup
 * held: devices send again what the hub answered with a later id (pull-versions.ts names it to them).
 */
export async function recordRestore(db: Queryable, restore: { restoredAt: Date; backupCreatedAt: Date }): Promise<string> {
  const id = randomUUID()
  await db.query(
    `INSERT INTO hub_restores (id, restored_at, backup_created_at, records_through)
     SELECT $1, $2, $3, coalesce(max(hub_record_id), 0) FROM device_records`,
    [id, restore.restoredAt, restore.backupCreatedAt],
  )
  return id
}
