import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SETTINGS_VERSION, migrateSettings } from '../../../electron/settings/settings-schema'
import { DEFAULT_SETTINGS, SettingsFile } from '../../../electron/settings/settings-file'
import { refusal } from '../../support/settings-fixtures'
import { startStaffHost, type StaffHost } from '../../support/staff-runtime'

/**
 * The counter's station (settings version 11, issue #34): where the cash drawer is wired (none, the
 * receipt printer's pin 2 or pin 5), whether a counter shows the customer a screen and on which
 * display, and whether it reads a barcode scanner.
 */
const PIN = '364152'
let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'foyer-station-settings-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const RECEIPT_PRINTER = { kind: 'raw', address: '127.0.0.1:9100', language: 'escpos' } as const
const STATION = { cashDrawer: 'none', customerDisplay: false, customerDisplayId: null, barcodeScanner: true }

describe('settings version 11: the station', () => {
  it('starts with no drawer and no customer display, the scanner read', () => {
    expect(DEFAULT_SETTINGS).toMatchObject(STATION)
  })

  it('carries a version-10 file over whole, with the station’s defaults', async () => {
    const { cashDrawer: _d, customerDisplay: _c, customerDisplayId: _i, barcodeScanner: _b, ...versionTen } = { ...DEFAULT_SETTINGS, version: 10, mode: 'counter' as const, audioTimeFactor: 3 }
    await writeFile(join(dir, 'settings.json'), JSON.stringify(versionTen))
    const store = await SettingsFile.open(dir)
    expect(store.warnings).toEqual([])
    expect(store.get()).toEqual({ ...versionTen, version: SETTINGS_VERSION, ...STATION })
    // A version-10 file that already names one of them is no real version-10 file: left for the schema to refuse.
    expect(migrateSettings({ ...versionTen, cashDrawer: 'pin2' })).toMatchObject({ version: 10 })
  })

  it('saves each drawer pin, a display and the scanner off, and writes them down', async () => {
    const store = await SettingsFile.open(dir)
    await store.update({ printer: RECEIPT_PRINTER })
    expect(await store.update({ cashDrawer: 'pin5', customerDisplay: true, customerDisplayId: 2528732444, barcodeScanner: false })).toMatchObject({
      cashDrawer: 'pin5',
      customerDisplay: true,
      customerDisplayId: 2528732444,
      barcodeScanner: false,
    })
    expect(await store.update({ cashDrawer: 'pin2', customerDisplayId: null })).toMatchObject({ cashDrawer: 'pin2', customerDisplayId: null })
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ version: SETTINGS_VERSION, cashDrawer: 'pin2', customerDisplay: true })
  })

  it.each<[string, unknown, string]>([
    ['a pin the drawer port has none of', { cashDrawer: 'pin3' }, 'cashDrawer'],
    ['a display id below zero', { customerDisplayId: -1 }, 'customerDisplayId'],
    ['a display id that is no whole number', { customerDisplayId: 1.5 }, 'customerDisplayId'],
    ['a scanner neither on nor off', { barcodeScanner: 'yes' }, 'barcodeScanner'],
    ['a drawer on a printer with no drawer port (IPP)', { printer: { kind: 'ipp', address: 'localhost:631', queue: 'ipp/print' } }, 'cashDrawer'],
    ['a drawer on a Boca (FGL has no drawer pulse)', { printer: { kind: 'raw', address: '127.0.0.1', language: 'fgl' } }, 'cashDrawer'],
  ])('refuses %s with a SettingsError naming the field, and keeps what was saved', async (_case, patch, field) => {
    const store = await SettingsFile.open(dir)
    await store.update({ printer: RECEIPT_PRINTER, cashDrawer: 'pin2' })
    const before = store.get()
    const error = await refusal(store, patch)
    expect(error.field).toBe(field)
    expect(store.get()).toBe(before)
  })
})

describe('the staff channels', { timeout: 60_000 }, () => {
  let staff: StaffHost
  beforeAll(async () => {
    staff = await startStaffHost('foyer-station-settings-admin-', PIN)
  })
  afterAll(() => staff?.close())

  it('show the station and change it only with a supervisor’s PIN', async () => {
    expect(await staff.ask('settings.get', {})).toMatchObject({ ok: true, value: STATION })
    expect(await staff.ask('settings.update', { pin: '000000', patch: { cashDrawer: 'pin2' } })).toMatchObject({ ok: false, error: { code: 'staff.pin-wrong' } })
    const refused = await staff.ask('settings.update', { pin: PIN, patch: { cashDrawer: 'pin2' } })
    expect(refused).toMatchObject({ ok: false, error: { code: 'settings.invalid' } })
    expect(JSON.stringify(refused)).toContain('cashDrawer')
    expect(await staff.ask('settings.update', { pin: PIN, patch: { printer: RECEIPT_PRINTER, cashDrawer: 'pin2', barcodeScanner: false } })).toMatchObject({
      ok: true,
      value: { cashDrawer: 'pin2', barcodeScanner: false },
    })
    const nowhere = await staff.ask('settings.update', { pin: PIN, patch: { cashDrawer: 'drawer' } })
    expect(nowhere).toMatchObject({ ok: false, error: { code: 'contract.invalid-request' } })
    expect(staff.runtime.settings.get()).toMatchObject({ cashDrawer: 'pin2', barcodeScanner: false })
  })
})
