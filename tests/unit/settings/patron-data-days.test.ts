import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { STATION_DEFAULTS } from '../../../electron/contract'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SETTINGS_VERSION } from '../../../electron/settings/settings-schema'
import { DEFAULT_SETTINGS, SettingsFile } from '../../../electron/settings/settings-file'
import { startStaffHost, type StaffHost } from '../../support/staff-runtime'

/**
 * How long the journal keeps patron data is a staff setting (settings version
 * 4): 30 days unless changed, 1 to 365, changed only with the staff PIN.
 */
const PIN = '246813'
let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'foyer-patron-days-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('settings version 4: patronDataDays', () => {
  it('carries a version-3 file over whole, keeping patron data for 30 days', async () => {
    // What version 5 added (the card terminal) is not in a version-3 file either.
    const { patronDataDays: _days, terminal: _terminal, installationId: _id, cashToleranceCents: _tolerance, counterLockMinutes: _lock, printer: _printer, eticketsWhenCannotPrint: _etickets, languages: _languages, audioTimeFactor: _factor, terminalPlace: _place, cashDrawer: _drawer, customerDisplay: _display, customerDisplayId: _displayId, barcodeScanner: _scanner, ...versionThree } = { ...DEFAULT_SETTINGS, version: 3, mode: 'counter' as const, idleSeconds: 90 }
    await writeFile(join(dir, 'settings.json'), JSON.stringify(versionThree))
    const store = await SettingsFile.open(dir)
    expect(store.warnings).toEqual([])
    expect(store.get()).toEqual({ ...versionThree, version: SETTINGS_VERSION, patronDataDays: 30, terminal: null, installationId: null, cashToleranceCents: 500, counterLockMinutes: 5, printer: { kind: 'system' }, eticketsWhenCannotPrint: false, languages: ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'], audioTimeFactor: 2, terminalPlace: 'unset', ...STATION_DEFAULTS })
  })

  it('takes 1 to 365 days, refusing anything else', async () => {
    const store = await SettingsFile.open(dir)
    expect((await store.update({ patronDataDays: 7 })).patronDataDays).toBe(7)
    for (const days of [0, 366, 1.5]) await expect(store.update({ patronDataDays: days })).rejects.toMatchObject({ field: 'patronDataDays' })
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ version: SETTINGS_VERSION, patronDataDays: 7 })
  })
})

describe('the staff channels', () => {
  let staff: StaffHost
  beforeAll(async () => {
    staff = await startStaffHost('foyer-patron-days-admin-', PIN)
  })
  afterAll(() => staff?.close())

  it('show the window, and change it only with the PIN', async () => {
    expect(await staff.ask('settings.get', {})).toMatchObject({ ok: true, value: { patronDataDays: 30 } })
    expect(await staff.ask('settings.update', { pin: '000000', patch: { patronDataDays: 5 } })).toMatchObject({ ok: false, error: { code: 'staff.pin-wrong' } })
    expect(await staff.ask('settings.update', { pin: PIN, patch: { patronDataDays: 5 } })).toMatchObject({ ok: true, value: { patronDataDays: 5 } })
    expect(await staff.ask('settings.update', { pin: PIN, patch: { patronDataDays: 400 } })).toMatchObject({ ok: false })
    expect(staff.runtime.settings.get().patronDataDays).toBe(5)
  })
})
