import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'

/** When the next scheduled backup is due after `after`: the hour's start, today or tomorrow, on the hub's local clock. */
export function nextBackupAt(after: number, hour: number): Date {
  const due = new Date(after)
  due.setHours(hour, 0, 0, 0)
  if (due.getTime() <= after) {
    due.setDate(due.getDate() + 1)
    // setDate keeps the wall-clock hour across a change of summer time; set again in case the hour did not exist.
    due.setHours(hour, 0, 0, 0)
  }
  return due
}

/** A scheduled backup's file name, from the hour it was due (UTC, so names sort as times do, whatever the zone). */
const NAME = /^foyer-hub-\d{8}T\d{6}Z\.backup$/
export function scheduledBackupName(due: Date): string {
  return `foyer-hub-${due.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}.backup`
}

/**
 * Removes the oldest scheduled backups beyond the newest `keep`: only files named as this hub names
 * them, so anything else in the folder (a backup taken by hand, another program's) is left alone.
 * @returns the files removed.
 */
export async function keepNewest(folder: string, keep: number): Promise<string[]> {
  const ours = (await readdir(folder)).filter((name) => NAME.test(name)).sort()
  const old = ours.slice(0, Math.max(0, ours.length - keep))
  for (const name of old) await rm(join(folder, name), { force: true })
  return old
}
