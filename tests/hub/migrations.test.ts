import { describe, expect, it } from 'vitest'
import { migrate } from '../../hub/storage/migrate'
import { MIGRATIONS } from '../../hub/storage/migrations'
import { HUB_BACKENDS, hubDatabaseForFile, openEmptyDatabase } from '../support/hub-backends'

describe.each(HUB_BACKENDS)("the hub schema's migrations on %s", (backend) => {
  const database = hubDatabaseForFile(backend, openEmptyDatabase)

  it('upgrades a database made by the previous migration and keeps its devices', async () => {
    const db = database()
    const previous = MIGRATIONS.slice(0, -1)
    expect(await migrate(db, previous)).toEqual(previous.map((m) => m.version))
    await db.query('INSERT INTO devices (id, name, place, token_hash, enrolled_at) VALUES ($1, $2, $3, $4, $5)', [
      '6f9a3c1e-0000-4000-8000-000000000001',
      'Lobby kiosk 3',
      'Lobby',
      'hash-of-a-token',
      new Date('2026-11-20T10:00:00Z'),
    ])

    expect(await migrate(db)).toEqual([MIGRATIONS.at(-1)!.version])

    const { rows } = await db.query('SELECT name, place, last_heartbeat_at FROM devices')
    expect(rows).toEqual([{ name: 'Lobby kiosk 3', place: 'Lobby', last_heartbeat_at: null }])
    const versions = await db.query('SELECT version FROM schema_migrations ORDER BY version')
    expect(versions.rows.map((row) => Number((row as { version: number }).version))).toEqual(MIGRATIONS.map((m) => m.version))
  })

  it('runs each migration once: a second start applies nothing', async () => {
    const db = database()
    expect(await migrate(db)).toEqual([])
    expect(await migrate(db)).toEqual([])
  })

  it('refuses a database newer than this hub rather than writing to it', async () => {
    const db = database()
    await db.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from the future', $1)", [new Date()])
    await expect(migrate(db)).rejects.toThrow(/schema version 999/)
    await db.query('DELETE FROM schema_migrations WHERE version = 999')
  })

  it('rolls a failing migration back whole, leaving it to run again', async () => {
    const db = database()
    const broken = { version: 50, name: 'broken', sql: 'CREATE TABLE half_made (id integer); SELECT no_such_function();' }
    await expect(migrate(db, [...MIGRATIONS, broken])).rejects.toThrow()
    const { rows } = await db.query("SELECT to_regclass('half_made') AS t")
    expect(rows).toEqual([{ t: null }])
    const versions = await db.query('SELECT version FROM schema_migrations WHERE version = 50')
    expect(versions.rows).toEqual([])
  })
})
