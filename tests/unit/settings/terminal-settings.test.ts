import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { STATION_DEFAULTS } from '../../../electron/contract'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SETTINGS_VERSION, migrateSettings } from '../../../electron/settings/settings-schema'
import { DEFAULT_SETTINGS, SettingsFile } from '../../../electron/settings/settings-file'
import { INSTALLATION_ID_PATTERN } from '../../../electron/settings/terminal-settings'
import { KeytarVault } from '../../../electron/vault/keytar-vault'
import { inProcessSandbox } from '../../support/in-process-sandbox'
import { startHostRuntime } from '../../../electron/services/host-runtime'
import { TEST_ENROLMENT_CODE, askOf, firstPin, startStaffHost, type StaffHost } from '../../support/staff-runtime'
import { keychainUnavailableReason, onCi } from '../../support/keychain'

/**
 * The card terminal of this kiosk or counter as a setting (settings version
 * 5): where it is, which one, its shared key's identifier and version, test or
 * live, the root certificate file. Saved whole and read back without any
 * passphrase; each value that breaks its rule is refused, naming the rule;
 * older files load with no terminal.
 */
const PIN = '246813'
const terminal = {
  address: '192.168.20.31',
  poiid: 'V400m-324688179',
  keyIdentifier: 'foyer_kiosk.key-1',
  keyVersion: 1,
  environment: 'live' as const,
  rootCertificatePath: '/etc/foyer/adyen-terminalfleet-live.pem',
}

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'foyer-terminal-settings-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('settings version 5: the card terminal', () => {
  it('saves a terminal whole, gives the installation its id at the terminal once, and reads both back after reopening', async () => {
    const store = await SettingsFile.open(dir)
    expect(store.get()).toMatchObject({ terminal: null, installationId: null })
    const saved = await store.update({ terminal })
    expect(saved.terminal).toEqual(terminal)
    expect(saved.installationId).toMatch(INSTALLATION_ID_PATTERN)
    expect(saved.installationId).toMatch(/^FOYER-[0-9A-Z]{8}$/)
    const id = saved.installationId

    // Another terminal, none, and one again: the installation keeps its id.
    expect((await store.update({ terminal: { ...terminal, address: '10.0.0.5:8443', environment: 'test' } })).installationId).toBe(id)
    expect(await store.update({ terminal: null })).toMatchObject({ terminal: null, installationId: id })
    await store.update({ terminal })
    const reopened = await SettingsFile.open(dir)
    expect(reopened.get()).toMatchObject({ terminal, installationId: id })
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ version: SETTINGS_VERSION, terminal, installationId: id })
  })

  it('a preview and the update it previews give the same installation id', async () => {
    const store = await SettingsFile.open(dir)
    const previewed = store.preview({ terminal })
    expect((await store.update({ terminal })).installationId).toBe(previewed.installationId)
  })

  it.each([
    ['address', 'not an address!'],
    ['address', '10.0.0.5:70000'],
    ['address', ' 10.0.0.5'],
    ['address', ''],
    ['poiid', 'V400m324688179'],
    ['poiid', 'V400m-3246-88179'],
    ['poiid', `V400m-${'9'.repeat(40)}`],
    ['keyIdentifier', 'key/1'],
    ['keyIdentifier', ''],
    ['keyIdentifier', 'k'.repeat(65)],
    ['keyVersion', -1],
    ['keyVersion', 1_000_000],
    ['keyVersion', 1.5],
    ['environment', 'production'],
    ['rootCertificatePath', ''],
    ['rootCertificatePath', 'adyen-root.pem'],
    ['rootCertificatePath', `/etc/${'x'.repeat(1024)}.pem`],
    ['rootCertificatePath', '/etc/foyer/root.pem\n'],
  ])('refuses %s %j, naming the field and not the value, and changes nothing', async (field, value) => {
    const store = await SettingsFile.open(dir)
    const refused = store.update({ terminal: { ...terminal, [field]: value } as typeof terminal })
    await expect(refused).rejects.toMatchObject({ name: 'SettingsError', field: `terminal.${field}` })
    const message = ((await refused.catch((error: unknown) => error)) as Error).message
    if (typeof value === 'string' && value.trim().length > 3) expect(message).not.toContain(value.trim())
    expect(store.get()).toMatchObject({ terminal: null, installationId: null })
    expect(await readdir(dir)).toEqual([])
  })

  it('keeps no passphrase or other secret in the terminal settings', async () => {
    const store = await SettingsFile.open(dir)
    await expect(store.update({ terminal: { ...terminal, passphrase: 'hunter2' } as typeof terminal })).rejects.toMatchObject({ field: 'terminal.passphrase' })
  })

  it('loads a version-4 file with no terminal, keeping everything else', async () => {
    const { terminal: _terminal, installationId: _id, cashToleranceCents: _tolerance, counterLockMinutes: _lock, printer: _printer, eticketsWhenCannotPrint: _etickets, languages: _languages, audioTimeFactor: _factor, terminalPlace: _place, cashDrawer: _drawer, customerDisplay: _display, customerDisplayId: _displayId, barcodeScanner: _scanner, ...versionFour } = { ...DEFAULT_SETTINGS, version: 4, mode: 'counter' as const, idleSeconds: 90 }
    await writeFile(join(dir, 'settings.json'), JSON.stringify(versionFour))
    const store = await SettingsFile.open(dir)
    expect(store.warnings).toEqual([])
    expect(store.get()).toEqual({ ...versionFour, version: SETTINGS_VERSION, terminal: null, installationId: null, cashToleranceCents: 500, counterLockMinutes: 5, printer: { kind: 'system' }, eticketsWhenCannotPrint: false, languages: ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'], audioTimeFactor: 2, terminalPlace: 'unset', ...STATION_DEFAULTS })
    // And a terminal can be set up on it.
    expect((await store.update({ terminal })).terminal).toEqual(terminal)
  })

  it('moves aside a version-4 file that already has a terminal (not a real version-4 file), rather than guessing', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ ...DEFAULT_SETTINGS, version: 4, terminal }))
    const store = await SettingsFile.open(dir, { now: () => new Date('2026-03-02T01:00:00Z') })
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    expect(store.warnings[0]).toMatch(/has invalid settings \(version\); it was moved to settings\.corrupt-/)
    expect(migrateSettings({ ...DEFAULT_SETTINGS, version: 4, terminal })).toMatchObject({ version: 4 })
  })
})

const vault = new KeytarVault()
const reason = await keychainUnavailableReason(vault)
if (reason && onCi()) throw new Error(`keychain required under CI: ${reason}`)

describe('the staff channels', () => {
  let staff: StaffHost
  beforeAll(async () => {
    staff = await startStaffHost('foyer-terminal-settings-admin-', PIN)
  })
  afterAll(async () => {
    const id = staff?.runtime.settings.get().installationId
    if (id && !reason) await vault.remove({ terminalOf: id }).catch(() => {})
    await staff?.close()
  })

  it('save a terminal only with the PIN, and show it back without any passphrase', async () => {
    expect(await staff.ask('settings.get')).toMatchObject({ ok: true, value: { terminal: null } })
    expect(await staff.ask('settings.update', { pin: '000000', patch: { terminal } })).toMatchObject({ ok: false, error: { code: 'staff.pin-wrong' } })
    const saved = await staff.ask('settings.update', { pin: PIN, patch: { terminal } })
    const saleId = staff.runtime.settings.get().installationId
    expect(saved).toEqual({ ok: true, value: expect.objectContaining({ terminal: { config: terminal, hasPassphrase: false, saleId } }) })
    expect(await staff.ask('settings.get')).toMatchObject({ ok: true, value: { terminal: { config: terminal, hasPassphrase: false } } })
  })

  it.each([
    ['address', '10.0.0.5:99999', 'terminal.refused.address'],
    ['poiid', 'V400m 324688179', 'terminal.refused.poiid'],
    ['keyIdentifier', 'key one', 'terminal.refused.keyIdentifier'],
    ['keyVersion', 2.5, 'terminal.refused.keyVersion'],
    ['rootCertificatePath', 'certs/root.pem', 'terminal.refused.rootCertificatePath'],
  ])('refuse a bad %s in words of its own', async (field, value, messageKey) => {
    const before = staff.runtime.settings.get().terminal
    const refused = await staff.ask('settings.update', { pin: PIN, patch: { terminal: { ...terminal, [field]: value } } })
    expect(refused).toEqual({ ok: false, error: { code: 'settings.invalid', messageKey, retryable: false, detail: expect.stringContaining(`terminal.${field}`) } })
    expect(staff.runtime.settings.get().terminal).toEqual(before)
  })

  it('take no passphrase before a terminal is set up, nor without the PIN', async () => {
    const fresh = await startStaffHost('foyer-terminal-settings-fresh-', PIN)
    try {
      expect(await fresh.ask('terminal.storePassphrase', { pin: PIN, passphrase: 'a-passphrase' })).toMatchObject({
        ok: false,
        error: { code: 'terminal.not-set-up', messageKey: 'terminal.errors.notSetUp' },
      })
      expect(await fresh.ask('terminal.storePassphrase', { pin: '000000', passphrase: 'a-passphrase' })).toMatchObject({ ok: false, error: { code: 'staff.pin-wrong' } })
      expect(await fresh.ask('terminal.test', { pin: '000000' })).toMatchObject({ ok: false, error: { code: 'staff.pin-wrong' } })
    } finally {
      await fresh.close()
    }
  })

  it.skipIf(reason !== null)('store the passphrase write-only, for this terminal and key only', async () => {
    await staff.ask('settings.update', { pin: PIN, patch: { terminal } })
    expect(await staff.ask('terminal.storePassphrase', { pin: PIN, passphrase: 'line\nbreak' })).toMatchObject({ ok: false, error: { code: 'credentials.secret-invalid' } })
    expect(await staff.ask('terminal.storePassphrase', { pin: PIN, passphrase: 'the-shared-key-passphrase' })).toEqual({ ok: true, value: { stored: true } })
    expect(await staff.ask('settings.get')).toMatchObject({ ok: true, value: { terminal: { hasPassphrase: true } } })
    // Another spelling of the same address keeps it; another address, POIID, key or version does not.
    expect(await staff.ask('settings.update', { pin: PIN, patch: { terminal: { ...terminal, address: '192.168.20.31:8443', rootCertificatePath: '/opt/adyen/root.pem' } } })).toMatchObject({
      ok: true,
      value: { terminal: { hasPassphrase: true } },
    })
    for (const other of [{ address: '192.168.20.32' }, { poiid: 'V400m-324688170' }, { keyIdentifier: 'foyer_kiosk.key-2' }, { keyVersion: 2 }]) {
      expect(await staff.ask('settings.update', { pin: PIN, patch: { terminal: { ...terminal, ...other } } })).toMatchObject({ ok: true, value: { terminal: { hasPassphrase: false } } })
    }
    expect(await staff.ask('settings.update', { pin: PIN, patch: { terminal } })).toMatchObject({ ok: true, value: { terminal: { hasPassphrase: true } } })
    expect(await readFile(join(staff.dataDir, 'settings.json'), 'utf8')).not.toContain('the-shared-key-passphrase')
  })

  it('Test terminal: the sandbox’s own terminal on training; on a vendor backend, says none is set up', async () => {
    expect(await staff.ask('terminal.test', { pin: PIN })).toMatchObject({ ok: true, value: { state: 'ready' } })
    // A kiosk told to sell through staging that has nothing configured yet (it starts without a sale).
    const dataDir = await mkdtemp(join(tmpdir(), 'foyer-terminal-settings-vendor-'))
    const quiet = { warn: () => {}, error: () => {} }
    const vendor = await startHostRuntime({ enrolmentCode: TEST_ENROLMENT_CODE, backend: 'staging' }, { appVersion: 't', host: 'browser' }, dataDir, quiet, inProcessSandbox)
    try {
      const ask = askOf(vendor.services)
      expect(await ask('staff.setPin', firstPin(PIN))).toMatchObject({ ok: true })
      expect(await ask('terminal.test', { pin: PIN })).toMatchObject({ ok: true, value: { state: 'not-set-up' } })
    } finally {
      await vendor.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
