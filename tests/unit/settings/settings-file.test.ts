import { STATION_DEFAULTS } from '../../../electron/contract'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hashPin } from '../../../electron/settings/staff-pin'
import { DEFAULT_SETTINGS, SettingsFile } from '../../../electron/settings/settings-file'
import { refusal, vendorProduction as production } from '../../support/settings-fixtures'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'foyer-settings-'))
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('SettingsFile', () => {
  it('starts from the defaults on first open, without warnings', async () => {
    const store = await SettingsFile.open(join(dir, 'nested', 'user-data'))
    expect(store.get()).toEqual({
      version: 11,
      mode: 'self-service',
      backend: 'sandbox',
      backends: { staging: null, production: null },
      holdWindowMinutes: 15,
      idleSeconds: 60,
      staffPinHash: null,
      boxOfficeEmail: 'boxoffice@foyer-training.invalid',
      updates: { enabled: true, feedUrl: null, checkEveryMinutes: 240, onTraining: false },
      patronDataDays: 30,
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
    expect(store.warnings).toEqual([])
  })

  it('keeps an update across reopening', async () => {
    const store = await SettingsFile.open(dir)
    const staffPinHash = await hashPin('246813')
    const updated = await store.update({ mode: 'counter', backends: { production }, backend: 'production', staffPinHash })
    expect(updated).toMatchObject({ mode: 'counter', backend: 'production', staffPinHash, holdWindowMinutes: 15 })
    expect(updated.backends).toEqual({ staging: null, production })

    const reopened = await SettingsFile.open(dir)
    expect(reopened.get()).toEqual(updated)
    expect(reopened.warnings).toEqual([])
    // Settings hold the PIN's hash: the file is for this user only.
    expect(((await stat(join(dir, 'settings.json'))).mode & 0o777).toString(8)).toBe('600')
  })

  it('changes one backend without touching the other, and removes one with null', async () => {
    const store = await SettingsFile.open(dir)
    await store.update({ backends: { production } })
    const staging = { ...production, baseUrl: 'https://staging.vendor.example/sales/v1' }
    await store.update({ backends: { staging } })
    expect(store.get().backends).toEqual({ staging, production })
    await store.update({ backends: { staging: null } })
    expect(store.get().backends).toEqual({ staging: null, production })
  })

  it('applies concurrent updates one after another, losing none', async () => {
    const store = await SettingsFile.open(dir)
    await Promise.all([store.update({ mode: 'counter' }), store.update({ idleSeconds: 120 }), store.update({ holdWindowMinutes: 10 })])
    const expected = { ...DEFAULT_SETTINGS, mode: 'counter', idleSeconds: 120, holdWindowMinutes: 10 }
    expect(store.get()).toEqual(expected)
    expect((await SettingsFile.open(dir)).get()).toEqual(expected)
  })

  it('writes atomically, leaving only settings.json behind', async () => {
    const store = await SettingsFile.open(dir)
    for (let i = 0; i < 5; i++) await store.update({ idleSeconds: 30 + i })
    expect(await readdir(dir)).toEqual(['settings.json'])
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toEqual({ ...DEFAULT_SETTINGS, idleSeconds: 34 })
  })

  it('when a write fails, keeps the old settings in memory and leaves no temp file', async () => {
    const store = await SettingsFile.open(dir)
    // A folder where settings.json should be: the final rename fails.
    await mkdir(join(dir, 'settings.json'))
    await expect(store.update({ mode: 'counter' })).rejects.toThrow()
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    expect(await readdir(dir)).toEqual(['settings.json'])
    // The queue is not stuck behind the failure.
    await rm(join(dir, 'settings.json'), { recursive: true })
    expect((await store.update({ mode: 'counter' })).mode).toBe('counter')
  })

  it('sweeps up a temp file that a crash left behind, and leaves settings.json as it was', async () => {
    const store = await SettingsFile.open(dir)
    await store.update({ mode: 'counter' })
    await writeFile(join(dir, 'settings.json.99999.0123456789ab.tmp'), '{"version":1,"mo')
    await writeFile(join(dir, 'notes.txt'), 'not ours')
    const reopened = await SettingsFile.open(dir)
    expect(reopened.get().mode).toBe('counter')
    expect((await readdir(dir)).sort()).toEqual(['notes.txt', 'settings.json'])
  })

  it.each([
    ['is not JSON', '{"version": 1, "mode": "coun', /settings\.json is not valid JSON; it was moved to settings\.corrupt-2026-03-02T01-00-00-000Z\.json/],
    ['is empty', '', /is not valid JSON/],
    ['breaks the schema', JSON.stringify({ ...DEFAULT_SETTINGS, idleSeconds: 'soon', clientSecret: 'hunter2' }), /invalid settings \(idleSeconds, clientSecret \(unknown\)\)/],
    ['is from a newer Foyer', JSON.stringify({ ...DEFAULT_SETTINGS, version: 12 }), /written by a newer Foyer \(settings version 12\)/],
  ])('moves aside a settings file that %s, reports it, and starts from the defaults', async (_case, content, warning) => {
    await writeFile(join(dir, 'settings.json'), content)
    const store = await SettingsFile.open(dir, { now: () => new Date('2026-03-02T01:00:00Z') })
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    expect(store.warnings).toHaveLength(1)
    expect(store.warnings[0]).toMatch(warning)
    expect(store.warnings[0]).not.toContain('hunter2')
    // Nothing lost: the old bytes are kept as they were.
    expect(await readdir(dir)).toEqual(['settings.corrupt-2026-03-02T01-00-00-000Z.json'])
    expect(await readFile(join(dir, 'settings.corrupt-2026-03-02T01-00-00-000Z.json'), 'utf8')).toBe(content)
  })

  it('never moves a corrupt file over an earlier one', async () => {
    const now = () => new Date('2026-03-02T01:00:00Z')
    await writeFile(join(dir, 'settings.json'), 'first')
    await SettingsFile.open(dir, { now })
    await writeFile(join(dir, 'settings.json'), 'second')
    const store = await SettingsFile.open(dir, { now })
    expect(store.warnings[0]).toContain('settings.corrupt-2026-03-02T01-00-00-000Z-1.json')
    expect(await readFile(join(dir, 'settings.corrupt-2026-03-02T01-00-00-000Z.json'), 'utf8')).toBe('first')
    expect(await readFile(join(dir, 'settings.corrupt-2026-03-02T01-00-00-000Z-1.json'), 'utf8')).toBe('second')
  })

  it('moves aside a settings.json it cannot read', async () => {
    await mkdir(join(dir, 'settings.json'))
    const store = await SettingsFile.open(dir, { now: () => new Date('2026-03-02T01:00:00Z') })
    expect(store.warnings[0]).toMatch(/settings\.json could not be read \(EISDIR\); it was moved to settings\.corrupt-/)
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
  })

  it('refuses unknown keys, so a secret cannot be saved by mistake, naming the field but not the value', async () => {
    const store = await SettingsFile.open(dir)
    const topLevel = await refusal(store, { clientSecret: 'hunter2' })
    expect(topLevel.field).toBe('clientSecret')
    expect(topLevel.message).toBe('"clientSecret" is not a setting (secrets belong in the credential vault)')

    const nested = await refusal(store, { backends: { production: { ...production, clientSecret: 'hunter2' } } })
    expect(nested.field).toBe('backends.production.clientSecret')
    expect(nested.message).not.toContain('hunter2')

    await refusal(store, { version: 3 })
    await refusal(store, { backends: { sandbox: null } })
    expect(await readdir(dir)).toEqual([])
  })

  it.each([
    ['http', 'http://api.vendor.example/sales/v1'],
    ['credentials in the URL', 'https://kiosk:hunter2@api.vendor.example/'],
    ['a query', 'https://api.vendor.example/?token=hunter2'],
    ['not a URL', 'hunter2'],
  ])('refuses a production URL with %s', async (_case, baseUrl) => {
    const store = await SettingsFile.open(dir)
    const error = await refusal(store, { backends: { production: { ...production, baseUrl } } })
    expect(error.field).toBe('backends.production.baseUrl')
    expect(error.message).toMatch(/^Invalid setting "backends\.production\.baseUrl": must be an https URL/)
    expect(error.message).not.toContain(baseUrl)
    expect(error.message).not.toContain('hunter2')
  })

  it.each<[string, unknown, string]>([
    ['an unknown mode', { mode: 'kiosk' }, 'mode'],
    ['a fractional hold window', { holdWindowMinutes: 7.5 }, 'holdWindowMinutes'],
    ['an idle time of zero', { idleSeconds: 0 }, 'idleSeconds'],
    ['a raw PIN as the PIN hash', { staffPinHash: '2468' }, 'staffPinHash'],
    ['a tenant that could spoof an account name', { backends: { staging: { ...production, tenant: 'a/b' } } }, 'backends.staging.tenant'],
    ['an unconfigured backend', { backend: 'staging' }, 'backend'],
  ])('refuses %s with a SettingsError naming the field, and changes nothing', async (_case, patch, field) => {
    const store = await SettingsFile.open(dir)
    const before = store.get()
    const error = await refusal(store, patch)
    expect(error.field).toBe(field)
    expect(error.message).toContain(`"${field}"`)
    expect(store.get()).toBe(before)
  })

  it('hands out frozen settings that cannot be changed behind its back', async () => {
    const store = await SettingsFile.open(dir)
    await store.update({ backends: { production } })
    const settings = store.get()
    expect(Object.isFrozen(settings)).toBe(true)
    expect(Object.isFrozen(settings.backends)).toBe(true)
    expect(Object.isFrozen(settings.backends.production)).toBe(true)
    expect(() => {
      ;(settings as { mode: string }).mode = 'counter'
    }).toThrow(TypeError)
    expect(Object.isFrozen(DEFAULT_SETTINGS)).toBe(true)
    // The caller's patch object is not captured either.
    const config = { ...production }
    await store.update({ backends: { staging: config } })
    config.tenant = 'changed'
    expect(store.get().backends.staging?.tenant).toBe('acme-theatres')
  })
})
