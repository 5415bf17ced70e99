import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort } from './free-port'

/**
 * A throwaway PostgreSQL server for the hub's tests: Debian's `postgresql` (15), a cluster made in a
 * temporary folder, listening on loopback, removed when stopped. initdb and postgres refuse to run as
 * root, so as root they run as the `postgres` account Debian's package makes.
 */
const BIN = process.env['FOYER_TEST_PG_BIN'] ?? '/usr/lib/postgresql/15/bin'

export interface PostgresCluster {
  /** The cluster's own `postgres` database, to make others in (createDatabase). */
  adminUrl: string
  /**
   * pg_ctl restart (fast shutdown): every connection to it is cut, as a restarted database server does.
   * Asynchronous, so a test's devices go on uploading and heartbeating while it happens.
   */
  restart(): Promise<void>
  stop(): void
}

let databases = 0
/** Makes a new, empty database on the cluster and gives its address. */
export async function createDatabase(adminUrl: string): Promise<string> {
  const name = `hub_${process.pid}_${++databases}`
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

function ownerCommand(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]
}

function asClusterOwner(command: string, args: string[]): void {
  const run = spawnSync(...ownerCommand(command, args), { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`${command} failed: ${run.stderr || run.stdout}`)
}

function asClusterOwnerLater(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(...ownerCommand(command, args), (error, stdout, stderr) => (error ? reject(new Error(`${command} failed: ${stderr || stdout}`)) : resolve()))
  })
}

/** @param options.durable fsync on, as a production server runs (the tests run without it, for speed). */
export async function startPostgresCluster(options: { durable?: boolean } = {}): Promise<PostgresCluster> {
  if (!existsSync(join(BIN, 'initdb'))) {
    throw new Error(
      `PostgreSQL's programs are not in ${BIN}: the hub's tests run on a real PostgreSQL server too. ` +
        'Install Debian\'s package (apt-get install postgresql, as .ci/run does) or set FOYER_TEST_PG_BIN.',
    )
  }
  const dir = mkdtempSync(join(tmpdir(), 'foyer-hub-pg-'))
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, uid)
  }
  const data = join(dir, 'data')
  const port = await freePort()
  asClusterOwner(join(BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'foyer', '--no-sync'])
  const settings = `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1${options.durable ? '' : ' -c fsync=off'}`
  asClusterOwner(join(BIN, 'pg_ctl'), ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-w', 'start'])
  return {
    adminUrl: `postgres://foyer@127.0.0.1:${port}/postgres`,
    restart() {
      return asClusterOwnerLater(join(BIN, 'pg_ctl'), ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-m', 'fast', '-w', 'restart'])
    },
    stop() {
      asClusterOwner(join(BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
