import { resolve } from 'node:path'
import { openHubDatabase } from '../storage/open-database'
import { BackupRefused } from './backup-file'
import { restoreHub } from './restore-backup'
import { recordedBackup } from './recorded-backup'

/**
 * `foyer-hub backup --to FILE` and `foyer-hub restore FILE --data DIR`, as the command line calls them:
 * one line said, an exit status for scripts, a refusal in words (never a stack trace). On PGlite the
 * database is the hub process's own: this opens it only while no hub serves it (a served one is asked
 * for its backup through its socket: cli/online-backup.ts). Each backup is kept on the hub's record.
 */
export interface CommandIo {
  out(line: string): void
  err(line: string): void
}

const consoleIo: CommandIo = { out: (line) => console.log(line), err: (line) => console.error(line) }

async function said(io: CommandIo, work: () => Promise<string>): Promise<number> {
  try {
    io.out(await work())
    return 0
  } catch (error) {
    io.err(error instanceof BackupRefused ? error.message : `Failed: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
}

export function backupCommand(options: { dataDir: string; databaseUrl?: string; to: string }, io: CommandIo = consoleIo): Promise<number> {
  return said(io, async () => {
    const db = await openHubDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl })
    try {
      const made = await recordedBackup({ db, databaseUrl: options.databaseUrl, dataDir: options.dataDir, to: resolve(options.to), trigger: 'command' })
      if (!made) throw new Error('a backup asked for from the command line is never claimed by another process')
      return `Backed up (${made.database}, schema version ${made.schemaVersion}, ${made.payloadLength} bytes) to ${made.file}`
    } finally {
      await db.close()
    }
  })
}

export function restoreCommand(options: { file: string; dataDir: string; databaseUrl?: string }, io: CommandIo = consoleIo): Promise<number> {
  return said(io, async () => {
    const header = await restoreHub(resolve(options.file), { dataDir: resolve(options.dataDir), databaseUrl: options.databaseUrl })
    return `Restored the backup of ${header.createdAt} (${header.database}, schema version ${header.schemaVersion}) into ${options.databaseUrl ? 'the PostgreSQL database' : resolve(options.dataDir)}: start the hub on it.`
  })
}
