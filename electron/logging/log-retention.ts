import { readdir, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * A kiosk keeps its logs for so many days, then forgets them: what support
 * needs is the recent past, and a disk that fills up stops the sale. A file
 * goes once its last line is older than the window (its modification time),
 * so today's file, however long it runs, is never taken.
 */
export const DEFAULT_LOG_DAYS = 14
const DAY_MS = 24 * 60 * 60 * 1000

/** Foyer's own log files in the logs folder (pino-roll names them foyer.<date>.<n>.log). */
export const isLogFile = (name: string): boolean => /^foyer\.[\w.-]*\.log$/.test(name)

/**
 * Removes the log files in `dir` last written more than `days` days before `now`; answers their names.
 * `inUse`, the file being written, stays even on a kiosk quiet for longer than the window.
 */
export async function removeOldLogs(dir: string, days: number, now: number = Date.now(), inUse: string | null = null): Promise<string[]> {
  const removed: string[] = []
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return removed
  }
  for (const name of names.filter(isLogFile)) {
    const path = join(dir, name)
    if (path === inUse) continue
    try {
      if ((await stat(path)).mtimeMs < now - days * DAY_MS) {
        await unlink(path)
        removed.push(name)
      }
    } catch {
      // Gone already, or held open elsewhere (Windows): the next run tries again.
    }
  }
  return removed
}
