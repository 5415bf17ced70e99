import { request } from 'node:http'
import { join, resolve } from 'node:path'
import { decodeBackup } from '../backup/backup-file'
import { KNOWN_SCHEMA_VERSION } from '../backup/restore-backup'
import { writeAtomically } from '../backup/write-atomically'
import { ATTEMPT_HEADER, BACKUP_SOCKET, BackupNotMade } from '../server/backups/backup-socket'

interface Answered {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

function ask(socketPath: string, path: string, payload: unknown): Promise<Answered> {
  return new Promise((done, fail) => {
    const sent = request({ socketPath, path, method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', fail)
    })
    sent.on('error', fail)
    sent.end(JSON.stringify(payload))
  })
}

function unreachable(error: unknown, pid: number, socket: string): Error {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EACCES' || code === 'EPERM') return new Error(`the hub (process ${pid}) serves PGlite here and only its account may ask it for a backup: run as the hub's user (sudo -u foyer-hub …)`)
  return new Error(`the hub (process ${pid}) serves PGlite here but does not answer on ${socket} (${code ?? String(error)}): a hub older than this command takes no backup for it; stop it, or let its daily backup run`)
}

/**
 * `foyer-hub backup --to FILE` while a hub serves the data folder's PGlite: the running hub makes the
 * backup (server/backups/backup-socket.ts says why through its socket), this command checks it whole
 * and writes it atomically where it was told, then tells the hub how that went, for the record.
 */
export async function backupThroughRunningHub(dataDir: string, to: string, pid: number): Promise<string> {
  const socket = join(dataDir, BACKUP_SOCKET)
  const file = resolve(to)
  let made: Answered
  try {
    made = await ask(socket, '/backups', { file })
  } catch (error) {
    throw unreachable(error, pid, socket)
  }
  if (made.status !== 200) {
    const said = BackupNotMade.safeParse(JSON.parse(made.body.toString('utf8') || '{}')).data?.error
    throw new Error(`the running hub could not make the backup: ${said ?? `it answered ${made.status}`}`)
  }
  const attempt = String(made.headers[ATTEMPT_HEADER] ?? '')
  try {
    const { header } = decodeBackup(made.body, KNOWN_SCHEMA_VERSION)
    await writeAtomically(file, made.body)
    await ask(socket, `/backups/${attempt}`, { bytes: made.body.length })
    return `Backed up by the running hub (process ${pid}; ${header.database}, schema version ${header.schemaVersion}, ${made.body.length} bytes) to ${file}`
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error)
    await ask(socket, `/backups/${attempt}`, { error: `not written: ${said}` }).catch(() => undefined)
    throw error
  }
}
