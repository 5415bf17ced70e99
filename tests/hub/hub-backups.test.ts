import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { Alert, AlertsAnswer, BackupStatus, type BackupAlert } from '../../hub/protocol'
import { decodeBackup } from '../../hub/backup/backup-file'
import { KNOWN_SCHEMA_VERSION } from '../../hub/backup/restore-backup'
import { startHub, type Hub } from '../../hub/server/hub-server'
import { nextBackupAt } from '../../hub/server/backups/backup-times'
import { HUB_BACKENDS } from '../support/hub-backends'
import { managerBrowser, signIn, type ManagerBrowser } from '../support/hub-manager'
import { scrape } from '../support/hub-scrape'
import { createDatabase } from '../support/postgres-cluster'

/** Alerts the webhook received, as the venue's monitoring would. */
function webhookReceiver(): { url: () => string; received: Alert[] } {
  const received: Alert[] = []
  let server: Server
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        received.push(Alert.parse(JSON.parse(Buffer.concat(chunks).toString('utf8'))))
        response.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))
  return { url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/alerts`, received }
}

const HOUR = 3

describe.each(HUB_BACKENDS)('a hub on %s backing itself up daily', (backend) => {
  const top = mkdtempSync(join(tmpdir(), `foyer-backups-${backend}-`))
  const folder = join(top, 'backups')
  const webhook = webhookReceiver()
  let clock = Date.parse('2026-11-26T10:00:00Z')
  let hub: Hub
  let manager: ManagerBrowser
  mkdirSync(folder)

  beforeAll(async () => {
    const databaseUrl = backend === 'postgres' ? await createDatabase(inject('hubPostgresAdminUrl')) : undefined
    hub = await startHub({
      dataDir: join(top, 'hub'),
      databaseUrl,
      now: () => clock,
      sweepIntervalMs: 3_600_000,
      backupTickMs: 3_600_000,
      backups: { folder, hour: HOUR, keep: 2 },
      alertWebhook: webhook.url(),
      metrics: { port: 0 },
    })
    manager = await managerBrowser(hub.url)
    await manager.send('POST', '/api/managers/first', { code: hub.firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })
  })
  afterAll(async () => {
    await hub?.close()
    rmSync(top, { recursive: true, force: true })
  })

  const status = async () => BackupStatus.parse((await manager.send('GET', '/api/backups')).body)
  const backupAlerts = async () => AlertsAnswer.parse((await manager.send('GET', '/api/alerts')).body).alerts.filter((a): a is BackupAlert => a.subject === 'backup')
  const backupAge = async () => (await scrape(hub.metricsUrl!)).value('foyer_hub_last_backup_age_seconds')
  /** Moves the hub's clock to a minute past the next backup hour, and lets the hub look at it (the manager signs in again: a day has passed). */
  async function toNextHour(): Promise<void> {
    clock = nextBackupAt(clock, HOUR).getTime() + 60_000
    await hub.backups.scheduler.tick()
    await signIn(manager, 'Mei Tan', 'correct horse battery')
  }

  it('takes none before the hour; at the hour one whole backup into the folder, on record, on the dashboard and in /metrics', async () => {
    await hub.backups.scheduler.tick()
    expect(readdirSync(folder)).toEqual([])
    expect(await status()).toEqual({ lastGood: null, lastFailure: null, schedule: { hour: HOUR, keep: 2, folder } })
    expect(await backupAge()).toBeUndefined()

    await toNextHour()
    const files = readdirSync(folder)
    expect(files).toHaveLength(1)
    const bytes = readFileSync(join(folder, files[0]!))
    expect(decodeBackup(bytes, KNOWN_SCHEMA_VERSION).header.database).toBe(backend)
    const seen = await status()
    expect(seen.lastGood).toMatchObject({ file: join(folder, files[0]!), bytes: bytes.length })
    expect(seen.lastFailure).toBeNull()
    expect(await backupAge()).toBeGreaterThanOrEqual(0)
    // A second look within the same hour takes no second backup.
    await hub.backups.scheduler.tick()
    expect(readdirSync(folder)).toHaveLength(1)
  }, 60_000)

  it('keeps the newest N of its own backups, and leaves the folder’s other files alone', async () => {
    const byHand = join(folder, 'before-the-upgrade.backup')
    mkdirSync(byHand)
    const first = readdirSync(folder).filter((name) => name.startsWith('foyer-hub-'))
    await toNextHour()
    await toNextHour()
    const ours = readdirSync(folder).filter((name) => name.startsWith('foyer-hub-'))
    expect(ours).toHaveLength(2)
    expect(ours).not.toContain(first[0])
    expect(readdirSync(folder)).toContain('before-the-upgrade.backup')
    rmSync(byHand, { recursive: true })
  }, 60_000)

  it('raises one alert when backups fail and one when the last good is over 26 hours old, to the dashboard and the webhook; the next good backup clears both', async () => {
    const lastGood = (await status()).lastGood!
    rmSync(folder, { recursive: true })
    await toNextHour()
    const failed = await status()
    expect(failed.lastGood).toEqual(lastGood)
    expect(failed.lastFailure?.error).toMatch(/ENOENT/)
    expect((await backupAlerts()).filter((a) => a.clearedAt === null).map((a) => a.problem)).toEqual(['failed'])

    // A second night failing: still the one failed alert, and now overdue too.
    await toNextHour()
    const open = (await backupAlerts()).filter((a) => a.clearedAt === null)
    expect(open.map((a) => a.problem).sort()).toEqual(['failed', 'overdue'])
    expect(open.find((a) => a.problem === 'failed')).toMatchObject({ lastGoodAt: lastGood.at, error: expect.stringMatching(/ENOENT/) })
    await expect.poll(() => webhook.received.filter((a) => a.subject === 'backup').length, { timeout: 15_000 }).toBe(2)

    mkdirSync(folder)
    await toNextHour()
    expect((await status()).lastFailure).toBeNull()
    const after = await backupAlerts()
    expect(after.map((a) => a.clearedAt === null)).toEqual([false, false])
    await expect.poll(() => webhook.received.filter((a) => a.subject === 'backup' && a.clearedAt !== null).length, { timeout: 15_000 }).toBe(2)
    expect(readdirSync(folder)).toHaveLength(1)
  }, 60_000)
})

describe('two hub processes on one PostgreSQL at the backup hour', () => {
  const top = mkdtempSync(join(tmpdir(), 'foyer-backups-two-'))
  const folder = join(top, 'backups')
  let clock = Date.parse('2026-11-26T10:00:00Z')
  const hubs: Hub[] = []
  mkdirSync(folder)
  afterAll(async () => {
    for (const hub of hubs) await hub.close()
    rmSync(top, { recursive: true, force: true })
  })

  it('take one backup between them: the hour is claimed on record by the first', async () => {
    const databaseUrl = await createDatabase(inject('hubPostgresAdminUrl'))
    for (const name of ['a', 'b']) {
      hubs.push(await startHub({ dataDir: join(top, name), databaseUrl, now: () => clock, sweepIntervalMs: 3_600_000, backupTickMs: 3_600_000, backups: { folder, hour: HOUR, keep: 2 } }))
    }
    clock = nextBackupAt(clock, HOUR).getTime() + 60_000
    await Promise.all(hubs.map((hub) => hub.backups.scheduler.tick()))
    expect(readdirSync(folder)).toHaveLength(1)
    const { rows } = await hubs[0]!.db.query("SELECT trigger, outcome FROM hub_backups")
    expect(rows).toEqual([{ trigger: 'scheduled', outcome: 'ok' }])
  }, 60_000)
})
