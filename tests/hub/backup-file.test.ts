import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { BACKUP_MAGIC, BackupRefused } from '../../hub/backup/backup-file'
import { KNOWN_SCHEMA_VERSION, restoreHub } from '../../hub/backup/restore-backup'
import { backupHub } from '../../hub/backup/take-backup'
import type { HubDatabase } from '../../hub/storage/database'
import { migrate } from '../../hub/storage/migrate'
import { openPgliteDatabase } from '../../hub/storage/pglite-database'
import { openPostgresDatabase } from '../../hub/storage/postgres-database'
import { HUB_BACKENDS, openMigratedDatabase } from '../support/hub-backends'
import { createDatabase } from '../support/postgres-cluster'

/**
 * The backup file (hub/backup/): what it holds comes back whole, and a file this hub must not restore
 * is refused in words, before the data folder or the database is touched.
 */
const DEVICE = '6a1f4c2e-1b7d-4e0a-9c3b-2f5e8d7a6b10'

async function withADevice(db: HubDatabase): Promise<void> {
  await db.query("INSERT INTO devices (id, name, token_hash, enrolled_at) VALUES ($1, 'Counter 1', 'token-hash-1', $2)", [DEVICE, new Date('2026-11-26T09:00:00Z')])
}

/** What restoring refuses with: the message, and that it was a refusal in words (not some other error). */
async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(BackupRefused)
  return (error as Error).message
}

describe.each(HUB_BACKENDS)('a backup of the hub on %s', (backend) => {
  const folder = mkdtempSync(join(tmpdir(), `foyer-backup-${backend}-`))
  const hubDir = join(folder, 'hub')
  const file = join(folder, 'hub.foyer-backup')
  let db: HubDatabase
  let databaseUrl: string | undefined
  const emptyTarget = async () => (backend === 'postgres' ? createDatabase(inject('hubPostgresAdminUrl')) : undefined)

  beforeAll(async () => {
    if (backend === 'postgres') {
      databaseUrl = await createDatabase(inject('hubPostgresAdminUrl'))
      db = await openPostgresDatabase(databaseUrl)
      await migrate(db)
    } else db = await openMigratedDatabase('pglite')
    await withADevice(db)
    mkdirSync(join(hubDir, 'tls'), { recursive: true })
    writeFileSync(join(hubDir, 'tls', 'hub-cert.pem'), 'the certificate devices pin')
    writeFileSync(join(hubDir, 'tls', 'hub-key.pem'), 'its key')
    await backupHub({ db, databaseUrl, dataDir: hubDir, to: file, now: () => Date.parse('2026-11-26T03:00:00Z') })
  }, 60_000)
  afterAll(async () => {
    await db.close()
    rmSync(folder, { recursive: true, force: true })
  })

  it('is written readable by the hub account only, headed by what it is', () => {
    const bytes = readFileSync(file)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const [magic, header] = bytes.subarray(0, 2000).toString('latin1').split('\n')
    expect(magic).toBe(BACKUP_MAGIC)
    expect(JSON.parse(header!)).toMatchObject({ format: 1, schemaVersion: KNOWN_SCHEMA_VERSION, database: backend, createdAt: '2026-11-26T03:00:00.000Z' })
  })

  it('restores the database and the hub’s own certificate into an empty folder (or database)', async () => {
    const dataDir = join(folder, 'restored')
    const target = await emptyTarget()
    await restoreHub(file, { dataDir, databaseUrl: target })
    expect(readFileSync(join(dataDir, 'tls', 'hub-cert.pem'), 'utf8')).toBe('the certificate devices pin')
    expect(statSync(join(dataDir, 'tls', 'hub-key.pem')).mode & 0o777).toBe(0o600)
    const restored = target ? await openPostgresDatabase(target) : await openPgliteDatabase(join(dataDir, 'db'))
    try {
      expect((await restored.query('SELECT id, name, token_hash FROM devices')).rows).toEqual([{ id: DEVICE, name: 'Counter 1', token_hash: 'token-hash-1' }])
      expect(await migrate(restored)).toEqual([])
    } finally {
      await restored.close()
    }
    // Restoring again over it is refused: it would mix two hubs' data.
    expect(await refusal(restoreHub(file, { dataDir, databaseUrl: await emptyTarget() }))).toMatch(/data folder .* is not empty/)
    if (target) expect(await refusal(restoreHub(file, { dataDir: join(folder, 'again'), databaseUrl: target }))).toMatch(/PostgreSQL database is not empty/)
  }, 60_000)

  it('refuses, in words, a file that is not a Foyer backup, one cut short, one altered and one from a newer hub', async () => {
    const bytes = readFileSync(file)
    const attempt = async (name: string, content: Buffer) => {
      writeFileSync(join(folder, name), content)
      const dataDir = join(folder, `target-${name}`)
      const message = await refusal(restoreHub(join(folder, name), { dataDir, databaseUrl: await emptyTarget() }))
      // Refused before anything was written.
      expect(() => statSync(dataDir)).toThrow()
      return message
    }
    expect(await attempt('notes.txt', Buffer.from('PGDMP a dump, but not ours'))).toMatch(/^This is not a Foyer Hub backup/)
    expect(await attempt('cut', bytes.subarray(0, bytes.length - 100))).toMatch(/cut short: it holds \d+ of its \d+ bytes/)
    const altered = Buffer.from(bytes)
    altered.writeUInt8(altered.readUInt8(altered.length - 10) ^ 0xff, altered.length - 10)
    expect(await attempt('altered', altered)).toMatch(/altered or damaged: its checksum does not match/)
    const text = bytes.toString('latin1')
    const newer = Buffer.from(text.replace(`"schemaVersion":${KNOWN_SCHEMA_VERSION}`, `"schemaVersion":${KNOWN_SCHEMA_VERSION + 1}`), 'latin1')
    expect(await attempt('newer', newer)).toMatch(new RegExp(`newer Foyer Hub \\(its database is at schema version ${KNOWN_SCHEMA_VERSION + 1}; this hub knows up to ${KNOWN_SCHEMA_VERSION}\\)`))
    const otherKind = backend === 'pglite' ? await createDatabase(inject('hubPostgresAdminUrl')) : undefined
    expect(await refusal(restoreHub(file, { dataDir: join(folder, 'other-kind'), databaseUrl: otherKind }))).toMatch(/This is a backup of a hub on/)
  }, 60_000)
})
