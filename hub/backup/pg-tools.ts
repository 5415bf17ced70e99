import { spawn } from 'node:child_process'
import { BackupRefused } from './backup-file'

/**
 * PostgreSQL's own client programs (apt `postgresql-client`): pg_dump takes one snapshot of the whole
 * database (a consistent backup while devices upload), pg_restore puts it back. FOYER_HUB_PG_BIN names
 * their folder where they are not on the PATH.
 */
const bin = (program: string) => (process.env['FOYER_HUB_PG_BIN'] ? `${process.env['FOYER_HUB_PG_BIN']}/${program}` : program)

/** Runs a program with `input` on its stdin; its stdout, or a refusal in words with its last stderr lines. */
function run(program: string, args: readonly string[], env: NodeJS.ProcessEnv, input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin(program), args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } })
    const out: Buffer[] = []
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString('utf8')).slice(-4000)))
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(new BackupRefused(error.code === 'ENOENT' ? `${program} is not installed (apt install postgresql-client).` : `${program} did not start: ${error.message}`)),
    )
    child.once('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out))
      else reject(new BackupRefused(`${program} failed (exit ${code}): ${err.trim().split('\n').slice(-3).join(' ')}`))
    })
    child.stdin.on('error', () => undefined)
    child.stdin.end(input)
  })
}

/** The address without its password, which goes in PGPASSWORD: a command line is seen by every account on the machine. */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  return { dbname: `--dbname=${url.toString()}`, env: password ? { PGPASSWORD: password } : {} }
}

/** `pg_dump --format=custom` of the database at `databaseUrl`. */
export function pgDump(databaseUrl: string): Promise<Buffer> {
  const { dbname, env } = connection(databaseUrl)
  return run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', dbname], env)
}

/**
 * Restores a custom-format dump into the (empty) database at `databaseUrl`, all or nothing: the objects
 * are made owned by the connecting role, whoever owned them where the dump was made.
 */
export async function pgRestore(databaseUrl: string, dump: Buffer): Promise<void> {
  const { dbname, env } = connection(databaseUrl)
  await run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', dbname], env, dump)
}
