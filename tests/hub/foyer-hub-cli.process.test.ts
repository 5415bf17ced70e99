import { createServer, type AddressInfo } from 'node:net'
import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import forge from 'node-forge'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPgliteDatabase } from '../../hub/storage/pglite-database'
import { CURRENT_SCHEMA_VERSION } from '../../hub/storage/schema-version'
import { createDatabase, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster'

/** `foyer-hub` as package.json's bin runs it: the launcher, a process of its own, its words and exit status read back. */
function foyerHub(args: string[], env: Record<string, string> = {}): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const environment = { ...process.env, FOYER_HUB_DATABASE_URL: '', FOYER_HUB_TLS_CERT: '', FOYER_HUB_TLS_KEY: '', ...env }
    execFile(process.execPath, ['bin/foyer-hub.mjs', ...args], { env: environment }, (error, stdout, stderr) => {
      resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    })
  })
}

/** A certificate and its key, valid from `from` to `to` (a venue's certificate, as FOYER_HUB_TLS_CERT and _KEY give it). */
function certificateFiles(dir: string, from: Date, to: Date): { FOYER_HUB_TLS_CERT: string; FOYER_HUB_TLS_KEY: string } {
  const keys = forge.pki.rsa.generateKeyPair(1024)
  const cert = forge.pki.createCertificate()
  cert.publicKey = keys.publicKey
  cert.serialNumber = '01'
  cert.validity.notBefore = from
  cert.validity.notAfter = to
  cert.setSubject([{ name: 'commonName', value: 'boxoffice.example' }])
  cert.setIssuer([{ name: 'commonName', value: 'boxoffice.example' }])
  cert.sign(keys.privateKey, forge.md.sha256.create())
  const paths = { FOYER_HUB_TLS_CERT: join(dir, 'venue-cert.pem'), FOYER_HUB_TLS_KEY: join(dir, 'venue-key.pem') }
  writeFileSync(paths.FOYER_HUB_TLS_CERT, forge.pki.certificateToPem(cert))
  writeFileSync(paths.FOYER_HUB_TLS_KEY, forge.pki.privateKeyToPem(keys.privateKey))
  return paths
}

/** The check's lines by name: `database:      ok …` → { database: 'ok …' }. */
const checkLines = (stdout: string): Record<string, string> => Object.fromEntries(stdout.trim().split('\n').map((line) => [line.split(':')[0], line.replace(/^\w+:\s+/, '')]))

describe('foyer-hub: its command line', () => {
  it('lists its commands, says each one’s options, and refuses an unknown command or option in words with exit status 2', async () => {
    const help = await foyerHub(['--help'])
    expect(help.status).toBe(0)
    for (const name of ['serve', 'migrate', 'check', 'backup', 'restore']) expect(help.stdout).toMatch(new RegExp(`^  ${name} `, 'm'))
    const serveHelp = await foyerHub(['serve', '--help'])
    expect(serveHelp).toMatchObject({ status: 0, stdout: expect.stringContaining('Usage: foyer-hub serve [options]') })
    expect(serveHelp.stdout).toContain('--port N')
    const unknown = await foyerHub(['bakup'])
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toContain('foyer-hub: no command "bakup"; the commands are serve, migrate, check, backup, restore.')
    const option = await foyerHub(['check', '--date', '/tmp/x'])
    expect(option.status).toBe(2)
    expect(option.stderr).toContain("foyer-hub check: Unknown option '--date'.")
    expect((await foyerHub([])).status).toBe(2)
  }, 120_000)
})

describe('foyer-hub migrate and check on PGlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-hub-cli-pglite-'))
  const dataDir = join(dir, 'data')
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('check fails on a folder with no database; migrate makes it, saying from which version to which; check is then ok', async () => {
    const before = await foyerHub(['check', '--data', dataDir])
    expect(before.status).toBe(1)
    expect(checkLines(before.stdout)['configuration']).toBe(`FAIL: no data folder ${dataDir}`)

    const first = await foyerHub(['migrate', '--data', dataDir])
    expect(first.stdout.trim()).toMatch(new RegExp(`^PGlite in ${join(dataDir, 'db')}: migrated from schema version 0 to ${CURRENT_SCHEMA_VERSION} \\(applied 1, 2, `))
    expect(first.status).toBe(0)
    const again = await foyerHub(['migrate', '--data', dataDir])
    expect(again.stdout).toContain(`at schema version ${CURRENT_SCHEMA_VERSION}, the current one; nothing to do.`)

    const checked = await foyerHub(['check', '--data', dataDir])
    const lines = checkLines(checked.stdout)
    expect(Object.keys(lines)).toEqual(['configuration', 'database', 'certificate', 'disk'])
    expect(lines['database']).toBe(`ok PGlite in ${join(dataDir, 'db')} answers, at schema version ${CURRENT_SCHEMA_VERSION}, the current one`)
    expect(Object.values(lines).every((line) => line.startsWith('ok '))).toBe(true)
    expect(checked.status).toBe(0)
  }, 240_000)

  it('check loads none of the server: no fastify, pino, exceljs or prom-client (a venue’s scripts and the service run it at every start)', async () => {
    const checked = await foyerHub(['check', '--data', dataDir], { NODE_OPTIONS: '--import ./tests/support/loaded-packages.mjs' })
    const loaded = /^loaded packages: (.*)$/m.exec(checked.stderr)?.[1]?.split(' ') ?? null
    expect(loaded).toContain('pg')
    expect(loaded?.filter((name) => ['fastify', 'pino', 'exceljs', 'prom-client'].includes(name))).toEqual([])
  }, 120_000)

  it('backup writes one file, restore brings it into an empty folder that then checks ok; a file altered or cut short is refused in words', async () => {
    // The database and certificate of the test above (its hub stopped): backed up, restored elsewhere.
    const file = join(dir, 'hub.foyerhub')
    const backedUp = await foyerHub(['backup', '--data', dataDir, '--to', file])
    expect(backedUp.stderr).toBe('')
    expect(backedUp.stdout).toMatch(new RegExp(`^Backed up \\(pglite, schema version ${CURRENT_SCHEMA_VERSION}, \\d+ bytes\\) to ${file}`))
    const restoredDir = join(dir, 'restored')
    const restored = await foyerHub(['restore', file, '--data', restoredDir])
    expect(restored.stdout).toContain(`into ${restoredDir}: start the hub on it.`)
    expect(restored.status).toBe(0)
    const checked = await foyerHub(['check', '--data', restoredDir])
    expect(checkLines(checked.stdout)['database']).toBe(`ok PGlite in ${join(restoredDir, 'db')} answers, at schema version ${CURRENT_SCHEMA_VERSION}, the current one`)
    // Kept on the hub's record, with the file's size (the dashboard, the alerts and /metrics read it).
    const db = await openPgliteDatabase(join(dataDir, 'db'))
    try {
      const { rows } = await db.query('SELECT trigger, outcome, file, bytes::int AS bytes FROM hub_backups')
      expect(rows).toEqual([{ trigger: 'command', outcome: 'ok', file, bytes: readFileSync(file).length }])
    } finally {
      await db.close()
    }

    const bytes = readFileSync(file)
    const altered = Buffer.from(bytes)
    altered[altered.length - 10]! ^= 0xff
    writeFileSync(join(dir, 'altered.foyerhub'), altered)
    writeFileSync(join(dir, 'short.foyerhub'), bytes.subarray(0, bytes.length - 1000))
    for (const name of ['altered', 'short']) {
      const refused = await foyerHub(['restore', join(dir, `${name}.foyerhub`), '--data', join(dir, `from-${name}`)])
      expect(refused.status).toBe(1)
      expect(refused.stderr).not.toMatch(/\n\s+at /)
      expect(refused.stderr.trim().length).toBeGreaterThan(20)
    }
    expect(await foyerHub(['restore', '--data', join(dir, 'nowhere')])).toMatchObject({ status: 2 })
  }, 240_000)

  it('check fails, one line saying why, on an expired certificate, a key not the certificate’s, and too little free disk', async () => {
    const day = 86_400_000
    const expired = certificateFiles(mkdtempSync(join(dir, 'old-')), new Date(Date.now() - 400 * day), new Date(Date.now() - day))
    const old = await foyerHub(['check', '--data', dataDir], expired)
    expect(old.status).toBe(1)
    expect(checkLines(old.stdout)['certificate']).toMatch(/^FAIL: .*venue-cert\.pem expired on \d{4}-\d\d-\d\d$/)

    const soon = certificateFiles(mkdtempSync(join(dir, 'soon-')), new Date(Date.now() - day), new Date(Date.now() + 5 * day))
    expect(checkLines((await foyerHub(['check', '--data', dataDir], soon)).stdout)['certificate']).toMatch(/expires on .*, in [45] days: renew it$/)

    const good = certificateFiles(mkdtempSync(join(dir, 'good-')), new Date(Date.now() - day), new Date(Date.now() + 365 * day))
    const mismatched = { ...good, FOYER_HUB_TLS_KEY: soon.FOYER_HUB_TLS_KEY }
    expect(checkLines((await foyerHub(['check', '--data', dataDir], mismatched)).stdout)['certificate']).toContain('is not the certificate')
    const fine = await foyerHub(['check', '--data', dataDir], good)
    expect(checkLines(fine.stdout)['certificate']).toMatch(/^ok .*venue-cert\.pem \(CN=boxoffice\.example\) valid until/)
    expect(fine.status).toBe(0)

    const full = await foyerHub(['check', '--data', dataDir, '--min-free-gib', '1000000000'])
    expect(checkLines(full.stdout)['disk']).toMatch(/^FAIL: .* GiB free of .* GiB in .*, less than /)
    expect(full.status).toBe(1)
  }, 240_000)
})

/** A port nothing listens on now (asked of the system, then let go). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

describe('foyer-hub serve under systemd, on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-hub-cli-served-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('logs JSON lines to stdout and keeps the first manager’s code out of the journal; migrate will not open its PGlite, check says the running hub holds it', async () => {
    // systemd sets JOURNAL_STREAM when stdout is the journal.
    const env = { ...process.env, FOYER_HUB_DATABASE_URL: '', JOURNAL_STREAM: '8:12345', FOYER_HUB_METRICS_PORT: String(await freePort()) }
    const hub = spawn(process.execPath, ['bin/foyer-hub.mjs', 'serve', '--data', dataDir, '--port', '0', '--host', '127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    const exited = new Promise((resolve) => hub.once('exit', resolve))
    let stdout = ''
    try {
      await new Promise<void>((resolve, reject) => {
        hub.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString('utf8')
          if (/one-time enrolment code: .*\n/.test(stdout)) resolve()
        })
        hub.once('exit', (code) => reject(new Error(`the hub exited (${code}): ${stdout}`)))
      })
      expect(stdout).toContain("First manager's one-time enrolment code: in that file (not written to the journal)")
      const listening = stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: string; msg: string })
      expect(listening).toContainEqual(expect.objectContaining({ level: 'info', msg: expect.stringMatching(/^Server listening at https:/) }))

      // Health and metrics on by default, on loopback, at the port set.
      const health = new RegExp(`^Health and metrics \\(plain HTTP, for monitoring\\): (http://127\\.0\\.0\\.1:${env.FOYER_HUB_METRICS_PORT})/healthz`, 'm').exec(stdout)
      expect(health, stdout).not.toBeNull()
      const answer = await fetch(`${health![1]}/healthz`)
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({ process: 'ok', database: 'ok', migrations: 'current' })
      // A backup is made by the running hub (tests/hub/online-backup.process.test.ts); migrate is refused.
      const backedUp = await foyerHub(['backup', '--data', dataDir, '--to', join(dataDir, 'online.foyerhub')])
      expect(backedUp.stdout).toContain(`Backed up by the running hub (process ${hub.pid}`)
      expect(backedUp.status).toBe(0)
      const migrated = await foyerHub(['migrate', '--data', dataDir])
      expect(migrated.status).toBe(1)
      expect(migrated.stderr).toContain(`foyer-hub migrate: the hub (process ${hub.pid}) is serving PGlite in ${dataDir}: stop it first`)
      const checked = await foyerHub(['check', '--data', dataDir])
      expect(checkLines(checked.stdout)['database']).toBe(`ok PGlite in ${join(dataDir, 'db')} is open in the running hub (process ${hub.pid}), which migrated it at its start`)
      expect(checkLines(checked.stdout)['certificate']).toMatch(/^ok .*hub-cert\.pem \(CN=Foyer Hub\) valid until/)
    } finally {
      hub.kill('SIGTERM')
      await exited
    }
    // Stopped, its mark is gone: migrate opens the folder again.
    expect((await foyerHub(['migrate', '--data', dataDir])).stdout).toContain('the current one; nothing to do.')
  }, 240_000)
})

describe('foyer-hub migrate and check on a PostgreSQL server', () => {
  let cluster: PostgresCluster
  let databaseUrl: string
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-hub-cli-postgres-'))
  beforeAll(async () => {
    cluster = await startPostgresCluster()
    databaseUrl = await createDatabase(cluster.adminUrl)
  }, 120_000)
  afterAll(() => {
    cluster?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('check says the empty database needs migrating; migrate brings it from 0 to the current version; check is then ok', async () => {
    const env = { FOYER_HUB_DATABASE_URL: databaseUrl }
    const where = `PostgreSQL ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}`
    const before = await foyerHub(['check', '--data', dataDir], env)
    expect(checkLines(before.stdout)['database']).toBe(`FAIL: ${where} is at schema version 0, not ${CURRENT_SCHEMA_VERSION}: run foyer-hub migrate`)
    expect(before.status).toBe(1)
    const migrated = await foyerHub(['migrate'], env)
    expect(migrated.stdout).toContain(`${where}: migrated from schema version 0 to ${CURRENT_SCHEMA_VERSION}`)
    const after = await foyerHub(['check', '--data', dataDir], env)
    expect(checkLines(after.stdout)['database']).toBe(`ok ${where} answers, at schema version ${CURRENT_SCHEMA_VERSION}, the current one`)
    expect(after.status).toBe(0)
    const unreachable = await foyerHub(['check', '--data', dataDir], { FOYER_HUB_DATABASE_URL: 'postgres://foyer@127.0.0.1:1/none' })
    expect(checkLines(unreachable.stdout)['database']).toMatch(/^FAIL: PostgreSQL 127\.0\.0\.1:1\/none: .*ECONNREFUSED/)
  }, 240_000)
})
