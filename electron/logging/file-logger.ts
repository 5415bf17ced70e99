import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import pino from 'pino'
import roll from 'pino-roll'
import type { Logger } from '../ipc-core/logger'
import { DEFAULT_LOG_DAYS, removeOldLogs } from './log-retention'
import { redactFields, redactText } from './redact'

/**
 * Main's log kept on the kiosk's disk: one JSON line per message in
 * <data folder>/logs/foyer.<date>.<n>.log, a new file each day (and past
 * 10 MB), files older than the window removed at start and hourly. Every
 * message and field goes through redact.ts first: no secret, no patron data,
 * no path. pino writes straight to pino-roll's SonicBoom stream in this
 * thread (no transport worker: electron-vite bundles main into one file, so
 * a worker's own file would not be there), synchronously, so the lines
 * before a crash are on disk; Foyer logs a few lines a minute at most.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error']

/** Foyer's Logger and the quieter levels, which only the file keeps. */
export interface LevelledLogger extends Logger {
  info(message: string, fields?: Record<string, unknown>): void
  debug(message: string, fields?: Record<string, unknown>): void
}

export interface FileLogger extends LevelledLogger {
  readonly dir: string
  /** Removes files past the window now (also done at open and hourly). */
  sweep(): Promise<string[]>
  close(): Promise<void>
}

export interface FileLoggerOptions {
  /** The logs folder, made when missing. */
  dir: string
  /** Days a file is kept after its last line. */
  days?: number
  /** The least level written. */
  level?: LogLevel
  /** Largest file before the next is started (pino-roll's size: '10m', '200k'). */
  size?: string
  now?: () => number
}

const SWEEP_EVERY_MS = 60 * 60 * 1000

/** Where a data folder's logs live. */
export const logDirOf = (dataDir: string): string => join(dataDir, 'logs')

export async function openFileLogger(options: FileLoggerOptions): Promise<FileLogger> {
  const { dir, days = DEFAULT_LOG_DAYS, level = 'info', size = '10m', now = Date.now } = options
  await mkdir(dir, { recursive: true })
  // Before the first file is opened, so a kiosk off for weeks starts by forgetting what is past the window.
  await removeOldLogs(dir, days, now())
  const stream = await roll({ file: join(dir, 'foyer'), extension: '.log', frequency: 'daily', dateFormat: 'yyyy-MM-dd', size, mkdir: true, sync: true })
  const logger = pino(
    {
      level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  )
  // SonicBoom keeps the path it writes to as `file` (untyped); pino-roll moves it at each roll.
  const sweep = () => removeOldLogs(dir, days, now(), (stream as unknown as { file?: string }).file ?? null)
  let closed = false
  // A full or failing disk must not stop a sale (an unheard stream error would end the process): the line is lost.
  let failed = false
  stream.on('error', () => {
    if (!failed) process.stderr.write('[foyer] could not write the log file; lines are lost until it can\n')
    failed = true
  })
  stream.on('write', () => (failed = false))
  const write = (at: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    // A late line after close (a timer firing during shutdown) is dropped, not thrown at its caller.
    if (closed) return
    if (fields && Object.keys(fields).length > 0) logger[at](redactFields(fields), redactText(message))
    else logger[at](redactText(message))
  }
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS)
  timer.unref()
  return {
    dir,
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    sweep,
    close: async () => {
      clearInterval(timer)
      if (closed) return
      closed = true
      await new Promise<void>((resolve) => {
        stream.once('close', () => resolve())
        stream.end()
      })
    },
  }
}
