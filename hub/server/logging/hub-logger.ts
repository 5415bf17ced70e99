import { basename, dirname, extname, join } from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import pino, { type DestinationStream, type Logger } from 'pino'
import roll from 'pino-roll'
import { REDACTED, redactFields, redactText } from './log-redaction'

/**
 * The hub's log, as the device's (electron/logging/file-logger.ts): one JSON line per message (pino),
 * ISO times, level names, every field redacted (log-redaction.ts). To stdout by default, where systemd's
 * journal keeps it (journalctl -u foyer-hub -o cat); with `--log-file PATH` (FOYER_HUB_LOG_FILE) to
 * files pino-roll starts afresh each day and past 10 MB, the newest LOG_FILES_KEPT kept.
 */
export interface HubLog {
  logger: Logger
  /** Where the lines go: the first file's path, or 'stdout'. */
  where: string
  close(): Promise<void>
}

export const LOG_FILES_KEPT = 14

/** What of a request may be written: never its headers' secrets, only that they were there. */
function request(req: FastifyRequest): Record<string, unknown> {
  const headers = req.headers
  return {
    method: req.method,
    url: redactText(req.url),
    remoteAddress: req.ip,
    userAgent: headers['user-agent'],
    // Whether the request carried credentials tells a reader which door it knocked at; their value never.
    ...(headers.authorization ? { authorization: `${headers.authorization.split(' ')[0]} ${REDACTED}` } : {}),
    ...(headers.cookie ? { cookie: REDACTED } : {}),
  }
}

const reply = (res: FastifyReply) => ({ statusCode: res.statusCode })

/**
 * An error as pino writes it (type, message, stack…), its texts redacted: a lower layer's message may
 * quote a header. Its `code` is Node's or pg's (ECONNRESET, 23505), kept: a secret is never one.
 */
function error(err: Error): Record<string, unknown> {
  const { code, ...rest } = pino.stdSerializers.err(err) as Record<string, unknown>
  return { ...(redactFields(rest) as Record<string, unknown>), ...(typeof code === 'string' && /^[A-Z0-9_]+$/.test(code) ? { code } : {}) }
}

function loggerOn(destination: DestinationStream, level: string): Logger {
  return pino(
    {
      level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: (fields) => redactFields(fields) as Record<string, unknown> },
      serializers: { req: request, res: reply, err: error },
      hooks: {
        // The message itself, too: an error's text may quote an Authorization header.
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)) as Parameters<typeof method>)
        },
      },
    },
    destination,
  )
}

/** The hub's logger: to `file` rolled, or to stdout without one. */
export async function openHubLog(options: { file?: string; level?: string } = {}): Promise<HubLog> {
  const level = options.level ?? 'info'
  if (!options.file) {
    const stdout = pino.destination({ dest: 1, sync: true })
    return { logger: loggerOn(stdout, level), where: 'stdout', close: async () => stdout.flushSync() }
  }
  // hub.log → hub.2025-06-01.1.log, hub.2025-06-01.2.log (past 10 MB), hub.2025-06-02.1.log …
  const extension = extname(options.file) || '.log'
  const file = join(dirname(options.file), basename(options.file, extname(options.file)))
  const stream = await roll({ file, extension, frequency: 'daily', dateFormat: 'yyyy-MM-dd', size: '10m', mkdir: true, sync: true, limit: { count: LOG_FILES_KEPT } })
  // A full disk must not end the hub (an unheard stream error would): the lines are lost until it can write.
  stream.on('error', () => undefined)
  return {
    logger: loggerOn(stream, level),
    where: (stream as unknown as { file?: string }).file ?? options.file,
    close: () =>
      new Promise<void>((resolve) => {
        stream.once('close', () => resolve())
        stream.end()
      }),
  }
}
