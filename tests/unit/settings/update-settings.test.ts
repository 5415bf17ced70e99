import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { STATION_DEFAULTS } from '../../../electron/contract'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readUpdateFeed } from '../../../electron/services/update-feed'
import { DEFAULT_PATRON_DATA_DAYS, DEFAULT_UPDATE_SETTINGS, SETTINGS_VERSION, TRAINING_BOX_OFFICE_EMAIL, migrateSettings } from '../../../electron/settings/settings-schema'
import { DEFAULT_SETTINGS, SettingsError, SettingsFile } from '../../../electron/settings/settings-file'
import { hashPin } from '../../../electron/settings/staff-pin'
import { refusal, vendorProduction as production } from '../../support/settings-fixtures'
import { startStaffHost, type Ask, type StaffHost } from '../../support/staff-runtime'

/**
 * The update feed as a staff setting (settings version 3): its defaults, how
 * version-2 files are carried over, which values are refused, and how staff
 * change it through the admin service.
 */
let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'foyer-update-settings-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A settings.json as Foyer wrote it before updates were a setting. */
async function versionTwoFile() {
  return {
    version: 2,
    mode: 'counter',
    backend: 'production',
    backends: { staging: null, production },
    holdWindowMinutes: 10,
    idleSeconds: 90,
    staffPinHash: await hashPin('246813'),
    boxOfficeEmail: 'boxoffice@venue.example',
  }
}

describe('settings version 3: updates', () => {
  it('starts on: the installer feed, every 4 hours, not while on the training sandbox', async () => {
    expect(SETTINGS_VERSION).toBeGreaterThanOrEqual(3)
    const store = await SettingsFile.open(dir)
    expect(store.get().updates).toEqual({ enabled: true, feedUrl: null, checkEveryMinutes: 240, onTraining: false })
    expect(DEFAULT_SETTINGS.updates).toEqual(DEFAULT_UPDATE_SETTINGS)
  })

  it('carries a version-2 file over whole (PIN, mode, backends, e-mail kept), adding the update defaults', async () => {
    const old = await versionTwoFile()
    const text = JSON.stringify(old, null, 2)
    await writeFile(join(dir, 'settings.json'), text)
    const store = await SettingsFile.open(dir)
    expect(store.warnings).toEqual([])
    expect(store.get()).toEqual({ ...old, version: SETTINGS_VERSION, updates: DEFAULT_UPDATE_SETTINGS, patronDataDays: DEFAULT_PATRON_DATA_DAYS, terminal: null, installationId: null, cashToleranceCents: 500, counterLockMinutes: 5, printer: { kind: 'system' }, eticketsWhenCannotPrint: false, languages: ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'], audioTimeFactor: 2, terminalPlace: 'unset', ...STATION_DEFAULTS })
    // Reading does not rewrite the file; the next change writes it in the new form.
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).toBe(text)
    await store.update({ updates: { checkEveryMinutes: 60 } })
    const written = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>
    expect(written).toEqual({
      ...old,
      version: SETTINGS_VERSION,
      updates: { ...DEFAULT_UPDATE_SETTINGS, checkEveryMinutes: 60 },
      patronDataDays: DEFAULT_PATRON_DATA_DAYS,
      terminal: null,
      installationId: null,
      cashToleranceCents: 500,
      counterLockMinutes: 5,
      printer: { kind: 'system' },
      eticketsWhenCannotPrint: false,
      languages: ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'],
      audioTimeFactor: 2,
      terminalPlace: 'unset',
      ...STATION_DEFAULTS,
    })
  })

  it('carries a version-1 file over through every later version', async () => {
    const { boxOfficeEmail: _email, ...versionOne } = { ...(await versionTwoFile()), version: 1 }
    expect(migrateSettings(versionOne)).toEqual({
      ...versionOne,
      version: SETTINGS_VERSION,
      boxOfficeEmail: TRAINING_BOX_OFFICE_EMAIL,
      updates: DEFAULT_UPDATE_SETTINGS,
      patronDataDays: DEFAULT_PATRON_DATA_DAYS,
      terminal: null,
      installationId: null,
      cashToleranceCents: 500,
      counterLockMinutes: 5,
      printer: { kind: 'system' },
      eticketsWhenCannotPrint: false,
      languages: ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'],
      audioTimeFactor: 2,
      terminalPlace: 'unset',
      ...STATION_DEFAULTS,
    })
  })

  it('moves aside a version-2 file that already has updates (not a real version-2 file), rather than guessing', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ ...(await versionTwoFile()), updates: DEFAULT_UPDATE_SETTINGS }))
    const store = await SettingsFile.open(dir, { now: () => new Date('2026-03-02T01:00:00Z') })
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    expect(store.warnings[0]).toMatch(/has invalid settings \(version, patronDataDays, cashToleranceCents, counterLockMinutes, eticketsWhenCannotPrint, languages, audioTimeFactor, terminalPlace, cashDrawer, customerDisplay, customerDisplayId, barcodeScanner, terminal, installationId, printer\); it was moved to settings\.corrupt-/)
  })

  it('changes one update field at a time, keeping the others, across reopening', async () => {
    const store = await SettingsFile.open(dir)
    await store.update({ updates: { feedUrl: 'https://updates.venue.example/foyer/' } })
    await store.update({ updates: { onTraining: true, checkEveryMinutes: 5 } })
    const expected = { enabled: true, feedUrl: 'https://updates.venue.example/foyer/', checkEveryMinutes: 5, onTraining: true }
    expect(store.get().updates).toEqual(expected)
    expect((await SettingsFile.open(dir)).get().updates).toEqual(expected)
    // Back to the installer's feed, and off.
    await store.update({ updates: { feedUrl: null, enabled: false } })
    expect(store.get().updates).toEqual({ ...expected, feedUrl: null, enabled: false })
  })

  it('accepts https anywhere and plain http only on this machine', async () => {
    const store = await SettingsFile.open(dir)
    for (const feedUrl of ['https://updates.venue.example/', 'http://127.0.0.1:8080/feed/', 'http://localhost:8080/', 'http://[::1]:8080/']) {
      expect((await store.update({ updates: { feedUrl } })).updates.feedUrl).toBe(feedUrl)
    }
  })

  it.each<[string, unknown, string]>([
    ['a plain http feed on another machine', { feedUrl: 'http://example.com/' }, 'updates.feedUrl'],
    ['an ftp feed', { feedUrl: 'ftp://updates.venue.example/' }, 'updates.feedUrl'],
    ['a feed address with a password in it', { feedUrl: 'https://ops:hunter2@updates.venue.example/' }, 'updates.feedUrl'],
    ['an empty feed address (null means the installer feed)', { feedUrl: '' }, 'updates.feedUrl'],
    ['not an address', { feedUrl: 'hunter2' }, 'updates.feedUrl'],
    ['checking more often than every 5 minutes', { checkEveryMinutes: 4 }, 'updates.checkEveryMinutes'],
    ['checking less often than once a day', { checkEveryMinutes: 1441 }, 'updates.checkEveryMinutes'],
    ['a fractional interval', { checkEveryMinutes: 2.5 }, 'updates.checkEveryMinutes'],
    ['on as text', { enabled: 'yes' }, 'updates.enabled'],
    ['an unknown update setting', { token: 'hunter2' }, 'updates.token'],
  ])('refuses %s, naming the field but never the value, and changes nothing', async (_case, updates, field) => {
    const store = await SettingsFile.open(dir)
    const before = store.get()
    const error = await refusal(store, { updates })
    expect(error.field).toBe(field)
    expect(error.message).not.toContain('hunter2')
    expect(error.message).not.toContain('example.com')
    expect(store.get()).toBe(before)
    expect(await readdir(dir)).toEqual([])
  })

  it('previews a change without saving it, refusing what update() would refuse', async () => {
    const store = await SettingsFile.open(dir)
    const preview = store.preview({ updates: { checkEveryMinutes: 30 }, backends: { production } })
    expect(preview.updates.checkEveryMinutes).toBe(30)
    expect(preview.backends.production).toEqual(production)
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    expect(await readdir(dir)).toEqual([])
    expect(() => store.preview({ updates: { feedUrl: 'http://example.com/' } })).toThrow(SettingsError)
  })

  it('the saved settings are what the updater reads', async () => {
    const store = await SettingsFile.open(dir)
    await store.update({ updates: { feedUrl: 'https://updates.venue.example/foyer/', checkEveryMinutes: 15 } })
    expect(readUpdateFeed({}, true, store.get().updates)).toMatchObject({ enabled: true, feedUrl: 'https://updates.venue.example/foyer/', checkEveryMs: 15 * 60_000 })
    await store.update({ updates: { enabled: false } })
    expect(readUpdateFeed({}, true, store.get().updates).enabled).toBe(false)
  })
})

describe('update settings through the admin service', () => {
  const PIN = '135724'
  let staff: StaffHost
  const ask: Ask = (channel, request) => staff.ask(channel, request)

  beforeAll(async () => {
    staff = await startStaffHost('foyer-update-settings-admin-', PIN)
  })
  afterAll(() => staff?.close())

  it('shows the update settings, and changes them only with the PIN', async () => {
    expect(await ask('settings.get', {})).toMatchObject({ ok: true, value: { updates: DEFAULT_UPDATE_SETTINGS } })
    const change = { updates: { feedUrl: 'https://updates.venue.example/foyer/', checkEveryMinutes: 60, onTraining: true } }
    expect(await ask('settings.update', { pin: '0000', patch: change })).toMatchObject({ ok: false, error: { code: 'staff.pin-wrong' } })
    const updates = { enabled: true, feedUrl: 'https://updates.venue.example/foyer/', checkEveryMinutes: 60, onTraining: true }
    expect(await ask('settings.update', { pin: PIN, patch: change })).toMatchObject({ ok: true, value: { updates } })
    expect(await ask('settings.get', {})).toMatchObject({ ok: true, value: { updates } })
    const file = JSON.parse(await readFile(join(staff.dataDir, 'settings.json'), 'utf8')) as Record<string, unknown>
    expect(file).toMatchObject({ version: SETTINGS_VERSION, updates })
    // The host's updater reads the same store.
    expect(staff.runtime.settings.get().updates).toEqual(updates)
  })

  it('refuses a bad feed address or interval as an invalid setting, keeping what was saved', async () => {
    const saved = staff.runtime.settings.get().updates
    for (const updates of [{ feedUrl: 'http://example.com/' }, { checkEveryMinutes: 1 }]) {
      const reply = await ask('settings.update', { pin: PIN, patch: { updates } })
      expect(reply).toMatchObject({ ok: false, error: { code: 'settings.invalid', messageKey: 'errors.settings.invalid', retryable: false } })
    }
    // The contract is strict too: an unknown key never reaches the store.
    expect(await ask('settings.update', { pin: PIN, patch: { updates: { channel: 'beta' } } })).toMatchObject({ ok: false, error: { code: 'contract.invalid-request' } })
    expect(staff.runtime.settings.get().updates).toEqual(saved)
  })
})
