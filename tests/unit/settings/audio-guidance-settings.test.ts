import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SETTING_DEFAULTS, STATION_DEFAULTS } from '../../../electron/contract'
import { SETTINGS_VERSION, migrateSettings } from '../../../electron/settings/settings-schema'
import { DEFAULT_SETTINGS, SettingsFile } from '../../../electron/settings/settings-file'
import { refusal } from '../../support/settings-fixtures'
import { startStaffHost, type StaffHost } from '../../support/staff-runtime'

/**
 * Audio guidance's two staff settings (settings version 10, issue #33): how many times longer the idle
 * time and a new seat hold are for a customer in audio mode (1 to 4, twice unless staff say), and where
 * the card terminal is as the customer faces the kiosk (unsaid until staff say).
 */
const PIN = '364152'
let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'foyer-audio-settings-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('settings version 10: audio guidance', () => {
  it('starts a new kiosk at twice the times, the terminal’s place unsaid, as the staff screen shows before it hears', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ audioTimeFactor: 2, terminalPlace: 'unset' })
    expect(SETTING_DEFAULTS).toMatchObject({ audioTimeFactor: 2, terminalPlace: 'unset' })
  })

  it('carries a version-9 file over whole, with the defaults for what it lacked', async () => {
    const { audioTimeFactor: _factor, terminalPlace: _place, cashDrawer: _drawer, customerDisplay: _display, customerDisplayId: _displayId, barcodeScanner: _scanner, ...versionNine } = { ...DEFAULT_SETTINGS, version: 9, mode: 'counter' as const, idleSeconds: 90, languages: ['zh-HK' as const] }
    await writeFile(join(dir, 'settings.json'), JSON.stringify(versionNine))
    const store = await SettingsFile.open(dir)
    expect(store.warnings).toEqual([])
    expect(store.get()).toEqual({ ...versionNine, version: SETTINGS_VERSION, audioTimeFactor: 2, terminalPlace: 'unset', ...STATION_DEFAULTS })
    // A version-9 file that already has either is no real version-9 file: left for the schema to refuse.
    expect(migrateSettings({ ...versionNine, terminalPlace: 'left' })).toMatchObject({ version: 9 })
    expect(migrateSettings({ ...versionNine, audioTimeFactor: 3 })).toMatchObject({ version: 9 })
  })

  it('saves a factor of 1 to 4 and any of the places, and writes them down', async () => {
    const store = await SettingsFile.open(dir)
    expect(await store.update({ audioTimeFactor: 4, terminalPlace: 'right' })).toMatchObject({ audioTimeFactor: 4, terminalPlace: 'right' })
    expect(await store.update({ audioTimeFactor: 1, terminalPlace: 'below' })).toMatchObject({ audioTimeFactor: 1, terminalPlace: 'below' })
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ version: SETTINGS_VERSION, audioTimeFactor: 1, terminalPlace: 'below' })
  })

  it.each<[string, unknown, string]>([
    ['no lengthening below the plain times', { audioTimeFactor: 0 }, 'audioTimeFactor'],
    ['more than four times', { audioTimeFactor: 5 }, 'audioTimeFactor'],
    ['a fraction', { audioTimeFactor: 2.5 }, 'audioTimeFactor'],
    ['a place that is none of the five', { terminalPlace: 'behind' }, 'terminalPlace'],
  ])('refuses %s with a SettingsError naming the field, and keeps what was saved', async (_case, patch, field) => {
    const store = await SettingsFile.open(dir)
    await store.update({ audioTimeFactor: 3, terminalPlace: 'left' })
    const before = store.get()
    const error = await refusal(store, patch)
    expect(error.field).toBe(field)
    expect(error.message).toContain(`"${field}"`)
    expect(store.get()).toBe(before)
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ audioTimeFactor: 3, terminalPlace: 'left' })
  })
})

describe('the staff channels, and audio mode at the host', { timeout: 60_000 }, () => {
  let staff: StaffHost
  beforeAll(async () => {
    staff = await startStaffHost('foyer-audio-settings-admin-', PIN)
  })
  afterAll(() => staff?.close())

  it('show both settings and change them only with a supervisor’s PIN, main judging the values', async () => {
    expect(await staff.ask('settings.get', {})).toMatchObject({ ok: true, value: { audioTimeFactor: 2, terminalPlace: 'unset' } })
    expect(await staff.ask('settings.update', { pin: '000000', patch: { audioTimeFactor: 3 } })).toMatchObject({ ok: false, error: { code: 'staff.pin-wrong' } })
    expect(await staff.ask('settings.update', { pin: PIN, patch: { audioTimeFactor: 3, terminalPlace: 'right' } })).toMatchObject({
      ok: true,
      value: { audioTimeFactor: 3, terminalPlace: 'right' },
    })
    // Refused, naming the setting; what was saved stays.
    const tooLong = await staff.ask('settings.update', { pin: PIN, patch: { audioTimeFactor: 5, idleSeconds: 90 } })
    expect(tooLong).toMatchObject({ ok: false, error: { code: 'settings.invalid', messageKey: 'errors.settings.invalid' } })
    expect(JSON.stringify(tooLong)).toContain('audioTimeFactor')
    const nowhere = await staff.ask('settings.update', { pin: PIN, patch: { terminalPlace: 'behind' } })
    expect(nowhere).toMatchObject({ ok: false, error: { code: 'contract.invalid-request' } })
    expect(JSON.stringify(nowhere)).toContain('terminalPlace')
    expect(staff.runtime.settings.get()).toMatchObject({ audioTimeFactor: 3, terminalPlace: 'right', idleSeconds: 60 })
  })

  it('gives a customer in audio mode the saved times over for idle, but the training sandbox’s hold no longer than it holds', async () => {
    await staff.ask('settings.update', { pin: PIN, patch: { audioTimeFactor: 3 } })
    // The sandbox holds for 15 minutes and Foyer knows it: audio mode cannot make a seat held longer than that.
    expect(await staff.ask('kiosk.audioGuidance', { on: true })).toEqual({ ok: true, value: { holdWindowMinutes: 15, idleSeconds: 180 } })
    expect(await staff.ask('kiosk.audioGuidance', { on: false })).toEqual({ ok: true, value: { holdWindowMinutes: 15, idleSeconds: 60 } })
  })
})
