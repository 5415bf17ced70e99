import { beginBackupAttempt, finishBackupAttempt, type BackupTrigger } from '../storage/backup-table'
import { backupHub, type BackupOptions } from './take-backup'

export type TakenBackup = Awaited<ReturnType<typeof backupHub>>

/**
 * A backup kept on record (hub_backups): its attempt written before it starts and its outcome after,
 * ok with the file's size or failed with why, so that the dashboard, the alerts and /metrics know of
 * every backup whoever took it. The failure is thrown on, as it was, once recorded.
 * @returns null when a scheduled backup's hour was claimed by another hub process on the database.
 */
export async function recordedBackup(options: BackupOptions & { trigger: BackupTrigger; scheduledFor?: Date }): Promise<TakenBackup | null> {
  const now = options.now ?? Date.now
  const { db } = options
  const id = await beginBackupAttempt(db, { trigger: options.trigger, scheduledFor: options.scheduledFor, startedAt: new Date(now()), file: options.to })
  if (id === null) return null
  let made: TakenBackup
  try {
    made = await backupHub(options)
  } catch (error) {
    await finishBackupAttempt(db, id, { finishedAt: new Date(now()), error: error instanceof Error ? error.message : String(error) })
    throw error
  }
  await finishBackupAttempt(db, id, { finishedAt: new Date(now()), bytes: made.bytes })
  return made
}
