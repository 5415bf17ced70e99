import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { STATION_DEFAULTS } from '../../../electron/contract'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_PATRON_DATA_DAYS, DEFAULT_UPDATE_SETTINGS, SETTINGS_VERSION, TRAINING_BOX_OFFICE_EMAIL, migrateSettings } from '../../../electron/settings/settings-schema'
import { DEFAULT_SETTINGS, SettingsFile, type SettingsPatch } from '../../../electron/settings/settings-file'
import { hashPin } from '../../../electron/settings/staff-pin'
import { vendorProduction as production } from '../../support/settings-fixtures'
import { startStaffHost, type Ask, type StaffHost } from '../../support/staff-runtime'

/**
 * The box office's own e-mail (the guest patron of a walk-up sale at the
 * counter): settings version 2, how version-1 files are carried over, and how
 * staff change it through the admin service.
 */
let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'foyer-box-office-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A settings.json as Foyer wrote it before the box office e-mail existed. */
async function versionOneFile() {
  const staffPinHash = await hashPin('246813')
  return {
    version: 1,
    mode: 'counter',
    backend: 'production',
    backends: { staging: null, production },
    holdWindowMinutes: 10,
    idleSeconds: 90,
    staffPinHash,
  }
}

describe('settings version 2: the box office e-mail', () => {
  it('starts on the undeliverable training address', async () => {
    expect(SETTINGS_VERSION).toBeGreaterThanOrEqual(2)
    const store = await SettingsFile.open(dir)
    expect(store.get().boxOfficeEmail).toBe('boxoffice@foyer-training.invalid')
    expect(DEFAULT_SETTINGS.boxOfficeEmail).toBe(TRAINING_BOX_OFFICE_EMAIL)
  })

  it('carries a version-1 file over whole (PIN, mode, backends kept), adding the training address (and, in version 3, the update defaults)', async () => {
    const old = await versionOneFile()
    const text = JSON.stringify(old, null, 2)
    await writeFile(join(dir, 'settings.json'), text)
    const store = await SettingsFile.open(dir)
    expect(store.warnings).toEqual([])
    expect(store.get()).toEqual({
      ...old,
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
    // Reading does not rewrite the file; the next change writes it in the new form.
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).toBe(text)
    await store.update({ boxOfficeEmail: 'boxoffice@venue.example' })
    const written = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>
    expect(written).toMatchObject({ version: SETTINGS_VERSION, boxOfficeEmail: 'boxoffice@venue.example', staffPinHash: old.staffPinHash, mode: 'counter' })
    expect(await readdir(dir)).toEqual(['settings.json'])
  })

  it('moves aside a version-1 file that breaks version 1 rules, rather than guessing', async () => {
    const broken = { ...(await versionOneFile()), boxOfficeEmail: 'boxoffice@venue.example' }
    await writeFile(join(dir, 'settings.json'), JSON.stringify(broken))
    const store = await SettingsFile.open(dir, { now: () => new Date('2026-03-02T01:00:00Z') })
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    // Its version does not fit, and (never having been carried over) it lacks what later versions added.
    expect(store.warnings[0]).toMatch(/has invalid settings \(version, patronDataDays, cashToleranceCents, counterLockMinutes, eticketsWhenCannotPrint, languages, audioTimeFactor, terminalPlace, cashDrawer, customerDisplay, customerDisplayId, barcodeScanner, updates, terminal, installationId, printer\); it was moved to settings\.corrupt-/)
  })

  it('leaves anything that is not an older settings file for the schema to judge', () => {
    for (const value of [null, 'text', [1], { version: SETTINGS_VERSION }, { version: SETTINGS_VERSION + 1 }, { version: '1' }, {}]) {
      expect(migrateSettings(value)).toEqual(value)
    }
  })

  it.each<[string, string]>([
    ['not an address', 'boxoffice'],
    ['an address with a space', 'box office@venue.example'],
    ['a domain without a dot', 'boxoffice@venue'],
    ['an address longer than 254 characters', `${'b'.repeat(250)}@venue.example`],
    ['an empty address', ''],
  ])('refuses %s, naming the field', async (_case, boxOfficeEmail) => {
    const store = await SettingsFile.open(dir)
    const error = await store.update({ boxOfficeEmail } as SettingsPatch).then(
      () => null,
      (e: unknown) => e as Error & { field: string },
    )
    expect(error?.field).toBe('boxOfficeEmail')
    expect(store.get().boxOfficeEmail).toBe(TRAINING_BOX_OFFICE_EMAIL)
  })
})

describe('the box office e-mail through the admin service', () => {
  const PIN = '135724'
  let staff: StaffHost
  const ask: Ask = (channel, request) => staff.ask(channel, request)

  beforeAll(async () => {
    staff = await startStaffHost('foyer-box-office-admin-', PIN)
  })
  afterAll(() => staff?.close())

  it('is readable without the PIN (the checkout needs it), and changed only with it', async () => {
    expect(await ask('settings.get', {})).toMatchObject({ ok: true, value: { boxOfficeEmail: TRAINING_BOX_OFFICE_EMAIL } })
    expect(await ask('settings.update', { pin: '0000', patch: { boxOfficeEmail: 'boxoffice@venue.example' } })).toMatchObject({
      ok: false,
      error: { code: 'staff.pin-wrong' },
    })
    expect(await ask('settings.update', { pin: PIN, patch: { boxOfficeEmail: 'not-an-address' } })).toMatchObject({
      ok: false,
      error: { code: 'settings.invalid' },
    })
    expect(await ask('settings.update', { pin: PIN, patch: { boxOfficeEmail: 'boxoffice@venue.example' } })).toMatchObject({
      ok: true,
      value: { boxOfficeEmail: 'boxoffice@venue.example' },
    })
    expect(await ask('settings.get', {})).toMatchObject({ ok: true, value: { boxOfficeEmail: 'boxoffice@venue.example' } })
    const file = JSON.parse(await readFile(join(staff.dataDir, 'settings.json'), 'utf8')) as Record<string, unknown>
    expect(file).toMatchObject({ version: SETTINGS_VERSION, boxOfficeEmail: 'boxoffice@venue.example' })
  })

  it('lets a training counter keep the placeholder, but not a counter selling through a vendor', async () => {
    expect(await ask('settings.update', { pin: PIN, patch: { boxOfficeEmail: TRAINING_BOX_OFFICE_EMAIL, mode: 'counter' } })).toMatchObject({
      ok: true,
      value: { mode: 'counter', backend: 'sandbox', boxOfficeEmail: TRAINING_BOX_OFFICE_EMAIL },
    })
    expect(await ask('settings.update', { pin: PIN, patch: { production } })).toMatchObject({ ok: true })
    const refused = await ask('settings.update', { pin: PIN, patch: { backend: 'production' } })
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'settings.box-office-email-needed', messageKey: 'counter.settings.emailNeeded', retryable: false },
    })
    // Nothing changed: still selling on the sandbox.
    expect(await ask('settings.get', {})).toMatchObject({ ok: true, value: { backend: 'sandbox', mode: 'counter' } })
    expect(await ask('system.info', {})).toMatchObject({ ok: true, value: { backend: 'sandbox' } })
    // Back to self-service: a kiosk's customers give their own e-mail, so the placeholder is no obstacle there.
    expect(await ask('settings.update', { pin: PIN, patch: { mode: 'self-service' } })).toMatchObject({ ok: true, value: { mode: 'self-service' } })
  })
})
