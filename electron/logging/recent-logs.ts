import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { isLogFile } from './log-retention'
import { redactText, redactValue } from './redact'

/**
 * The newest log files of a logs folder, up to a byte budget, for a support
 * file: each line parsed back and redacted again (the files were written
 * redacted; this holds even for a file an older Foyer wrote). Read on a
 * worker thread (support-logs.ts), never on main.
 */
export interface LogFileLines {
  file: string
  lines: unknown[]
}

export const SUPPORT_LOG_BUDGET_BYTES = 4 * 1024 * 1024

/** Each line read back and redacted (on the support-logs worker's thread, not main's). */
function linesOf(text: string): unknown[] {
  return text.split('\n').filter(Boolean).map(lineOf)
}

function lineOf(text: string): unknown {
  try {
    return redactValue(JSON.parse(text))
  } catch {
    return redactText(text)
  }
}

/** Oldest file first; the newest files are the ones kept within `budget`. */
export async function recentLogs(dir: string | null, budget = SUPPORT_LOG_BUDGET_BYTES): Promise<LogFileLines[]> {
  if (dir === null) return []
  const names = await readdir(dir).catch(() => [] as string[])
  const files = await Promise.all(
    names.filter(isLogFile).map(async (file) => ({ file, stats: await stat(join(dir, file)).catch(() => null) })),
  )
  const newestFirst = files.filter((f) => f.stats !== null).sort((a, b) => b.stats!.mtimeMs - a.stats!.mtimeMs)
  const chosen: LogFileLines[] = []
  let left = budget
  for (const { file } of newestFirst) {
    if (left <= 0) break
    const text = await readFile(join(dir, file), 'utf8').catch(() => '')
    // A file larger than what is left gives its last lines: the newest matter most.
    const tail = text.length > left ? text.slice(text.length - left).replace(/^[^\n]*\n/, '') : text
    left -= tail.length
    chosen.push({ file, lines: linesOf(tail) })
  }
  return chosen.reverse()
}
