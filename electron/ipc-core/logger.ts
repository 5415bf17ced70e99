import { formatLogLine } from './log-safe'

/**
 * What every part of main logs through. It lives at the bottom of electron/'s
 * layers, beside the dispatcher rather than inside it, because journal, api,
 * settings and the hosts all log and none of them should need the dispatcher
 * to say so.
 */
export interface Logger {
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
}

/** Main's log on stderr: one line each, errors as name and message, never a stack trace or a path (log-safe.ts). */
export const stderrLogger: Logger = {
  warn: (message, fields) => console.warn(formatLogLine(message, fields)),
  error: (message, fields) => console.error(formatLogLine(message, fields)),
}
