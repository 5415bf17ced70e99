import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BackupStatus } from '../../hub/protocol'
import { openPgliteDatabase } from '../../hub/storage/pglite-database'
import { addedAndEnrolled } from '../support/hub-device'
import { readyHeartbeat, salePayload } from '../support/hub-heartbeats'
import { seedHubData } from '../support/hub-data-template'
import { managerBrowser } from '../support/hub-manager'

/** `foyer-hub` as package.json's bin runs it, a process of its own; its words and exit status read back. */
function foyerHub(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/foyer-hub.mjs', ...args], { env: { ...process.env, FOYER_HUB_DATABASE_URL: '' } }, (error, stdout, stderr) => {
      resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    })
  })
}

/** `foyer-hub serve` on PGlite, started; resolves once it has printed its address and the first manager's code. */
function serve(dataDir: string): { child: ChildProcess; started: Promise<{ url: string; code: string }> } {
  const child = spawn(process.execPath, ['bin/foyer-hub.mjs', 'serve', '--data', dataDir, '--port', '0', '--host', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FOYER_HUB_DATABASE_URL: '', FOYER_HUB_METRICS: 'off', JOURNAL_STREAM: '' },
  })
  let output = ''
  const started = new Promise<{ url: string; code: string }>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const code = /one-time enrolment code: (\S+)\n/.exec(output)?.[1]
      const url = /^Foyer Hub at (https:\/\/\S+)/m.exec(output)?.[1]
      if (code && url) resolve({ url, code })
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.once('exit', (code) => reject(new Error(`the hub exited (${code}): ${output}`)))
  })
  return { child, started }
}

const sale = (n: number) => ({ deviceRecordId: `sale-${n}`, kind: 'sale', occurredAt: new Date(Date.now() - 60_000).toISOString(), payload: salePayload(n) })

describe('foyer-hub backup while a hub serves its PGlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-online-'))
  const dataDir = join(dir, 'data')
  const restored = join(dir, 'restored')
  const file = join(dir, 'online.backup')
  let hub: ChildProcess | undefined
  afterAll(async () => {
    if (hub && hub.exitCode === null) {
      const exited = new Promise((resolve) => hub!.once('exit', resolve))
      hub.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  })

  it('is made by the running hub while a device uploads, kept on its record, and restores into a folder that checks ok', async () => {
    // From a migrated database (tests/support/hub-data-template.ts): this is about the backup, not the first start.
    const served = serve(seedHubData(dataDir))
    hub = served.child
    const { url, code } = await served.started
    const manager = await managerBrowser(url)
    await manager.send('POST', '/api/managers/first', { code, name: 'Mei Tan', password: 'correct horse battery' })
    const kiosk = await addedAndEnrolled(manager, url, { name: 'Lobby kiosk 1' })
    await kiosk.post('/device/heartbeat', readyHeartbeat)
    for (let n = 1; n <= 5; n++) expect((await kiosk.post('/device/records', { records: [sale(n)] })).status).toBe(200)

    // The device goes on uploading while the command asks the hub for its backup.
    let uploading = true
    let uploaded = 5
    const uploads = (async () => {
      while (uploading) expect((await kiosk.post('/device/records', { records: [sale(++uploaded)] })).status).toBe(200)
    })()
    const backedUp = await foyerHub(['backup', '--data', dataDir, '--to', file])
    uploading = false
    await uploads
    expect(backedUp.stderr).toBe('')
    expect(backedUp.stdout).toContain(`Backed up by the running hub (process ${hub.pid}; pglite`)
    expect(backedUp.status).toBe(0)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    // Asked through the hub's socket, which only the hub's account reaches: its folder is the account's alone.
    expect(statSync(join(dataDir, 'run')).mode & 0o777).toBe(0o700)
    expect(statSync(join(dataDir, 'run', 'hub.sock')).mode & 0o777).toBe(0o600)
    const status = BackupStatus.parse((await manager.send('GET', '/api/backups')).body)
    expect(status.lastGood).toMatchObject({ file, bytes: statSync(file).size })
    expect(status.lastFailure).toBeNull()

    const refusedRestore = await foyerHub(['restore', file, '--data', dataDir])
    expect(refusedRestore.status).toBe(1)

    const restoring = await foyerHub(['restore', file, '--data', restored])
    expect(restoring.stderr).toBe('')
    expect(restoring.status).toBe(0)
    const checked = await foyerHub(['check', '--data', restored])
    expect(checked.stdout).toMatch(/^database: +ok /m)
    expect(checked.status, checked.stdout).toBe(0)
    const db = await openPgliteDatabase(join(restored, 'db'))
    try {
      const { rows } = await db.query('SELECT count(*)::int AS n FROM device_records')
      const held = (rows[0] as { n: number }).n
      expect(held).toBeGreaterThanOrEqual(5)
      expect(held).toBeLessThanOrEqual(uploaded)
    } finally {
      await db.close()
    }
  }, 240_000)
})
