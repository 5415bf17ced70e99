import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { STATION_DEFAULTS } from '../../../electron/contract'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SETTINGS_VERSION, migrateSettings } from '../../../electron/settings/settings-schema'
import { DEFAULT_SETTINGS, SettingsFile } from '../../../electron/settings/settings-file'
import { startStaffHost, type StaffHost } from '../../support/staff-runtime'

/**
 * The languages a kiosk or counter offers are a staff setting (settings version 9): every language
 * unless staff choose, the venue's first language first, at least one, each once.
 */
const PIN = '246813'
const EVERY = ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY']
let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'foyer-languages-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('settings version 9: languages', () => {
  it('carries a version-8 file over whole, offering every language, English first, as it did', async () => {
    const { languages: _languages, audioTimeFactor: _factor, terminalPlace: _place, cashDrawer: _drawer, customerDisplay: _display, customerDisplayId: _displayId, barcodeScanner: _scanner, ...versionEight } = { ...DEFAULT_SETTINGS, version: 8, mode: 'counter' as const, idleSeconds: 90, eticketsWhenCannotPrint: true }
    await writeFile(join(dir, 'settings.json'), JSON.stringify(versionEight))
    const store = await SettingsFile.open(dir)
    expect(store.warnings).toEqual([])
    expect(store.get()).toEqual({ ...versionEight, version: SETTINGS_VERSION, languages: EVERY, audioTimeFactor: 2, terminalPlace: 'unset', ...STATION_DEFAULTS })
    // A version-8 file that already names languages is no real version-8 file: left for the schema to refuse.
    expect(migrateSettings({ ...versionEight, languages: ['ms-MY'] })).toMatchObject({ version: 8 })
  })

  it('takes the languages in the venue’s order, refusing none, one twice, or one Foyer does not speak', async () => {
    const store = await SettingsFile.open(dir)
    expect((await store.update({ languages: ['zh-HK', 'en-SG'] })).languages).toEqual(['zh-HK', 'en-SG'])
    for (const languages of [[], ['en-SG', 'en-SG'], ['fr-FR']]) await expect(store.update({ languages: languages as never })).rejects.toMatchObject({ field: expect.stringMatching(/^languages/) })
    expect(store.get().languages).toEqual(['zh-HK', 'en-SG'])
  })
})

describe('the staff channels', () => {
  let staff: StaffHost
  beforeAll(async () => {
    staff = await startStaffHost('foyer-languages-admin-', PIN)
  })
  afterAll(() => staff?.close())

  it('show the languages offered, and change them only with a supervisor’s PIN, main judging the list', async () => {
    expect(await staff.ask('settings.get', {})).toMatchObject({ ok: true, value: { languages: EVERY } })
    expect(await staff.ask('settings.update', { pin: '000000', patch: { languages: ['ms-MY'] } })).toMatchObject({ ok: false, error: { code: 'staff.pin-wrong' } })
    expect(await staff.ask('settings.update', { pin: PIN, patch: { languages: [] } })).toMatchObject({ ok: false, error: { code: 'settings.invalid' } })
    expect(await staff.ask('settings.update', { pin: PIN, patch: { languages: ['ms-MY', 'en-SG'] } })).toMatchObject({ ok: true, value: { languages: ['ms-MY', 'en-SG'] } })
    expect(staff.runtime.settings.get().languages).toEqual(['ms-MY', 'en-SG'])
  })
})
