import { stderrLogger } from '../ipc-core/logger'
import { describeError } from '../ipc-core/log-safe'
import { LOG_LEVELS, logDirOf, openFileLogger, type LevelledLogger, type LogLevel } from './file-logger'
import { DEFAULT_LOG_DAYS } from './log-retention'
import { redactFields, redactText } from './redact'

/**
 * The log a host (Electron main, the browser host) gives its runtime: with a
 * data folder, the rotating files in <data folder>/logs and, for whoever
 * watches the console, warnings and errors on stderr as before; with none
 * (FOYER_DATA_DIR=memory: tests, throwaway runs), stderr only, so tests never
 * fill a disk. FOYER_LOG_DAYS (default 14) and FOYER_LOG_LEVEL (default info)
 * tune it on the machine.
 */
export interface HostLog {
  log: LevelledLogger
  /** The logs folder, or null when nothing is kept. */
  dir: string | null
  close(): Promise<void>
}

/** The console's log with the same redaction as the files: stderr is read too (a service's journal, a terminal). */
const toConsole: LevelledLogger = {
  warn: (message, fields) => stderrLogger.warn(redactText(message), fields && redactFields(fields)),
  error: (message, fields) => stderrLogger.error(redactText(message), fields && redactFields(fields)),
  info: () => {},
  debug: () => {},
}

export function logSettingsFrom(env: NodeJS.ProcessEnv): { days: number; level: LogLevel } {
  const days = Number(env.FOYER_LOG_DAYS)
  const level = LOG_LEVELS.find((name) => name === env.FOYER_LOG_LEVEL)
  return { days: Number.isInteger(days) && days >= 1 && days <= 365 ? days : DEFAULT_LOG_DAYS, level: level ?? 'info' }
}

export async function openHostLog(dataDir: string | null, env: NodeJS.ProcessEnv = process.env): Promise<HostLog> {
  if (dataDir === null) return { log: toConsole, dir: null, close: async () => {} }
  try {
    const file = await openFileLogger({ dir: logDirOf(dataDir), ...logSettingsFrom(env) })
    const log: LevelledLogger = {
      debug: file.debug,
      info: file.info,
      warn: (message, fields) => {
        file.warn(message, fields)
        toConsole.warn(message, fields)
      },
      error: (message, fields) => {
        file.error(message, fields)
        toConsole.error(message, fields)
      },
    }
    return { log, dir: file.dir, close: () => file.close() }
  } catch (error) {
    // A logs folder that cannot be written must not stop the sale: the console keeps the log.
    toConsole.warn('could not open the log files; logging to the console only', { error: describeError(error) })
    return { log: toConsole, dir: null, close: async () => {} }
  }
}
