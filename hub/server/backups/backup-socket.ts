import { chmod, mkdir, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { z } from 'zod'
import { makeBackup } from '../../backup/take-backup'
import { beginBackupAttempt, finishBackupAttempt } from '../../storage/backup-table'
import type { HubDatabase } from '../../storage/database'

/**
 * `foyer-hub backup` while a PGlite hub is served: only the hub's process may open its PGlite (two
 * processes on one folder corrupt it), so the command asks the running hub for the backup's bytes.
 *
 * Asked over a unix socket in the data folder, `run/hub.sock`, its folder 0700: only the hub's own
 * account (and root) can connect, by the file system's permissions alone. Not on the ops listener with a
 * secret file: that listener may be off (FOYER_HUB_METRICS=off) or on the venue network, it is plain
 * HTTP, and a secret is one more thing to keep readable by the right account only; a socket needs none
 * and is never on a network. The hub answers with the bytes and writes no file of the caller's naming:
 * the command writes them where it was told, with its own rights (the service may write nowhere else).
 *
 * POST /backups {file}: the attempt kept on record (hub_backups, trigger 'command', the file named as
 * the command will write it), answered 200 with the backup's bytes and its attempt id in a header, or
 * 500 {error} (on record as failed). POST /backups/:id {bytes} or {error}: how writing the file went.
 */
export const BACKUP_SOCKET = join('run', 'hub.sock')
export const ATTEMPT_HEADER = 'x-foyer-backup-attempt'
export const BackupAsked = z.object({ file: z.string().min(1).max(4096) })
export const BackupWritten = z.union([z.object({ bytes: z.number().int().nonnegative() }), z.object({ error: z.string().min(1).max(4000) })])
export const BackupNotMade = z.object({ error: z.string() })

/** Longest path a unix socket may have (sun_path, less its terminating zero), on Linux and macOS alike. */
const SOCKET_PATH_MAX = 103
const BODY_MAX = 16 * 1024

export interface BackupSocket {
  path: string
  close(): Promise<void>
}

function body(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      text += chunk
      if (text.length > BODY_MAX) request.destroy(new Error('too long'))
    })
    request.on('end', () => {
      try {
        resolve(JSON.parse(text))
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
    request.on('error', reject)
  })
}

const json = (response: ServerResponse, status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))

export interface BackupSocketOptions {
  db: HubDatabase
  dataDir: string
  now: () => number
  /** A backup's outcome is on record: the watch looks (an alert raised or cleared). */
  recorded: () => Promise<void>
}

async function answer(options: BackupSocketOptions, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { db, now } = options
  const written = /^\/backups\/(\d{1,18})$/.exec(request.url ?? '')
  if (request.method !== 'POST' || (request.url !== '/backups' && !written)) return void json(response, 404, { error: 'not found' })
  if (written) {
    const outcome = BackupWritten.parse(await body(request))
    await finishBackupAttempt(db, written[1]!, { finishedAt: new Date(now()), ...outcome })
    await options.recorded()
    return void response.writeHead(204).end()
  }
  const { file } = BackupAsked.parse(await body(request))
  const id = (await beginBackupAttempt(db, { trigger: 'command', startedAt: new Date(now()), file }))!
  try {
    const { bytes } = await makeBackup({ db, dataDir: options.dataDir, now })
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length, [ATTEMPT_HEADER]: id }).end(bytes)
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error)
    await finishBackupAttempt(db, id, { finishedAt: new Date(now()), error: said })
    await options.recorded()
    json(response, 500, { error: said })
  }
}

/** Opens the socket; null (and the command says the hub cannot be asked) when the data folder's path is too long for one. */
export async function openBackupSocket(options: BackupSocketOptions): Promise<BackupSocket | null> {
  const folder = join(options.dataDir, 'run')
  const path = join(options.dataDir, BACKUP_SOCKET)
  if (Buffer.byteLength(path) > SOCKET_PATH_MAX) return null
  await mkdir(folder, { recursive: true, mode: 0o700 })
  await chmod(folder, 0o700)
  // Left by a hub that died: this process holds the folder now (cli/pglite-guard.ts).
  await rm(path, { force: true })
  const server = createServer((request, response) => {
    answer(options, request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 400, { error: error instanceof Error ? error.message : String(error) })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, resolve)
  })
  await chmod(path, 0o600)
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
