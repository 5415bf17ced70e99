import { describe, expect, it } from 'vitest'
import { backupScheduleFromEnv } from '../../hub/server/backups/backup-settings'
import { keepNewest, nextBackupAt, scheduledBackupName } from '../../hub/server/backups/backup-times'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

describe("the hub's daily backup settings (FOYER_HUB_BACKUP_*)", () => {
  const read = (env: Record<string, string>) => backupScheduleFromEnv(env, '/var/lib/foyer-hub')

  it('are off without a folder, and an empty variable counts as unset', () => {
    expect(read({})).toBeNull()
    expect(read({ FOYER_HUB_BACKUP_DIR: '', FOYER_HUB_BACKUP_HOUR: '' })).toBeNull()
  })

  it('take the folder, the hour and how many are kept, 03:00 and 7 unless said', () => {
    expect(read({ FOYER_HUB_BACKUP_DIR: '/srv/backups' })).toEqual({ folder: '/srv/backups', hour: 3, keep: 7 })
    expect(read({ FOYER_HUB_BACKUP_DIR: '/srv/backups', FOYER_HUB_BACKUP_HOUR: '23', FOYER_HUB_BACKUP_KEEP: '30' })).toEqual({ folder: '/srv/backups', hour: 23, keep: 30 })
  })

  it('refuse a bad value in words naming the variable', () => {
    expect(() => read({ FOYER_HUB_BACKUP_DIR: '/srv/backups', FOYER_HUB_BACKUP_HOUR: '24' })).toThrow(/FOYER_HUB_BACKUP_HOUR must be an hour, 0 to 23/)
    expect(() => read({ FOYER_HUB_BACKUP_DIR: '/srv/backups', FOYER_HUB_BACKUP_HOUR: '3am' })).toThrow(/FOYER_HUB_BACKUP_HOUR must be an hour/)
    expect(() => read({ FOYER_HUB_BACKUP_DIR: '/srv/backups', FOYER_HUB_BACKUP_KEEP: '0' })).toThrow(/FOYER_HUB_BACKUP_KEEP must keep at least 1/)
    expect(() => read({ FOYER_HUB_BACKUP_DIR: 'backups' })).toThrow(/FOYER_HUB_BACKUP_DIR must be an absolute path/)
    expect(() => read({ FOYER_HUB_BACKUP_HOUR: '2' })).toThrow(/need FOYER_HUB_BACKUP_DIR/)
    expect(() => read({ FOYER_HUB_BACKUP_DIR: '/var/lib/foyer-hub/db/backups' })).toThrow(/inside the hub's database folder/)
    expect(read({ FOYER_HUB_BACKUP_DIR: '/var/lib/foyer-hub/backups' })?.folder).toBe('/var/lib/foyer-hub/backups')
  })
})

describe("the daily backup's hour and files", () => {
  it('is due at the hour today while it is still to come, else tomorrow', () => {
    const morning = new Date(2026, 10, 26, 1, 30).getTime()
    expect(nextBackupAt(morning, 3)).toEqual(new Date(2026, 10, 26, 3, 0))
    expect(nextBackupAt(new Date(2026, 10, 26, 3, 0).getTime(), 3)).toEqual(new Date(2026, 10, 27, 3, 0))
    expect(nextBackupAt(new Date(2026, 11, 31, 22, 0).getTime(), 3)).toEqual(new Date(2027, 0, 1, 3, 0))
  })

  it('keeps the newest N of the files named as the hub names them, nothing else', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'foyer-keep-'))
    const names = [1, 2, 3, 4].map((day) => scheduledBackupName(new Date(Date.UTC(2026, 10, day, 3))))
    for (const name of [...names, 'by-hand.backup', 'foyer-hub-notes.txt']) writeFileSync(join(folder, name), 'x')
    expect(await keepNewest(folder, 2)).toEqual(names.slice(0, 2))
    expect(readdirSync(folder).sort()).toEqual([...names.slice(2), 'by-hand.backup', 'foyer-hub-notes.txt'].sort())
    rmSync(folder, { recursive: true })
  })
})
