import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { isLogFile } from './log-retention'
import { redactText, redactValue } from './redact'

/**
 * The newest log files of a logs folder, up to a byte budget, for a support
 * file: each line parsed back and redacted again (the files were written
 * redacted; this holds even for a file an older Foyer wrote).
 */
export interface LogFileLines {
  file: string
  lines: unknown[]
}

export const SUPPORT_LOG_BUDGET_BYTES = 4 * 1024 * 1024

/**
 * Lines read back between two turns of the event loop. A support file may be made while a customer is
 * at the screen (a manager asked from the hub): read at once, 4 MB of lines held main for 250-400 ms;
 * this many at a time take a few ms each.
 */
const LINES_A_TURN = 250

/** Each line read back and redacted, a slice at a time, letting main answer in between. */
async function linesOf(text: string): Promise<unknown[]> {
  const raw = text.split('\n').filter(Boolean)
  const lines: unknown[] = []
  for (let start = 0; start < raw.length; start += LINES_A_TURN) {
    if (start > 0) await nextTurn()
    for (const line of raw.slice(start, start + LINES_A_TURN)) lines.push(lineOf(line))
  }
  return lines
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
    chosen.push({ file, lines: await linesOf(tail) })
  }
  return chosen.reverse()
}
