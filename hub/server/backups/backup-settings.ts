import { isAbsolute, join, relative } from 'node:path'
import { z } from 'zod'

/** The daily backups a hub takes by itself (`foyer-hub serve`): where, at which hour, how many kept. */
export interface BackupSchedule {
  /** An existing folder, absolute: the backups are written there and the oldest beyond `keep` removed. */
  folder: string
  /** The hour of the day, 0–23, on the hub machine's clock (the venue's time zone, as everything the hub dates). */
  hour: number
  /** How many of the newest backups are kept in the folder. */
  keep: number
}

/** 03:00: after the night's last show is closed and before anyone opens a box office. */
export const DEFAULT_BACKUP_HOUR = 3
/** A week of nights. */
export const DEFAULT_BACKUP_KEEP = 7

const BackupEnv = z.object({
  FOYER_HUB_BACKUP_DIR: z.string().refine(isAbsolute, 'must be an absolute path (/var/backups/foyer-hub)').optional(),
  FOYER_HUB_BACKUP_HOUR: z.string().regex(/^\d{1,2}$/, 'must be an hour, 0 to 23').transform(Number).pipe(z.number().max(23, 'must be an hour, 0 to 23')).optional(),
  FOYER_HUB_BACKUP_KEEP: z.string().regex(/^\d+$/, 'must be a whole number of backups').transform(Number).pipe(z.number().min(1, 'must keep at least 1').max(1000)).optional(),
})

/**
 * The schedule as the environment sets it (FOYER_HUB_BACKUP_DIR, _HOUR, _KEEP); none, so no backups
 * by themselves, without a folder. Empty variables count as unset (an environment file's `FOO=`).
 * A bad value is refused at start in words, naming the variable: a hub that silently took no
 * backups would be found out the day the disk died.
 * @param dataDir the hub's data folder: its PGlite (`db/`) is what is backed up, never where backups go.
 */
export function backupScheduleFromEnv(env: Record<string, string | undefined>, dataDir: string): BackupSchedule | null {
  const set = Object.fromEntries(Object.entries(env).filter(([name, value]) => name.startsWith('FOYER_HUB_BACKUP_') && value !== ''))
  const parsed = BackupEnv.safeParse(set)
  if (!parsed.success) throw new Error(`FOYER_HUB_BACKUP settings unreadable: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`)
  const { FOYER_HUB_BACKUP_DIR: folder, FOYER_HUB_BACKUP_HOUR: hour, FOYER_HUB_BACKUP_KEEP: keep } = parsed.data
  if (!folder) {
    if (hour !== undefined || keep !== undefined) throw new Error('FOYER_HUB_BACKUP_HOUR and FOYER_HUB_BACKUP_KEEP need FOYER_HUB_BACKUP_DIR: the folder the backups go to')
    return null
  }
  const inside = relative(join(dataDir, 'db'), folder)
  if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))) {
    throw new Error(`FOYER_HUB_BACKUP_DIR ${folder} is inside the hub's database folder: each backup would hold the ones before it`)
  }
  return { folder, hour: hour ?? DEFAULT_BACKUP_HOUR, keep: keep ?? DEFAULT_BACKUP_KEEP }
}
