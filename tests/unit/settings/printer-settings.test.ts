import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { printerFromEnv, readStartupConfig } from '../../../electron/services/app-config'
import { SETTINGS_VERSION, migrateSettings } from '../../../electron/settings/settings-schema'
import { DEFAULT_SETTINGS } from '../../../electron/settings/settings-file'
import { startEscPosLoopback, type EscPosLoopback } from '../../support/escpos-loopback'
import { startStaffHost, type StaffHost } from '../../support/staff-runtime'

/**
 * The ticket printer as a staff setting (settings version 7, #24): the system
 * printer, an IPP printer (address and queue) or a network printer (address
 * and ESC/POS or FGL), judged in main with the broken rule named by field; and
 * "Print test ticket", printed through the printer as saved and said in words
 * when it does not print (a loopback ESC/POS printer here; the IPP printer's
 * own tests print on a real ippeveprinter).
 */
const PIN = '482915'
let staff: StaffHost
let escpos: EscPosLoopback

beforeAll(async () => {
  staff = await startStaffHost('foyer-printer-settings-', PIN)
  escpos = await startEscPosLoopback()
})
afterAll(async () => {
  await staff?.close()
  await escpos?.close()
})
beforeEach(() => escpos.set({ paper: 'ok', coverOpen: false }))

describe('choosing the printer', () => {
  it('starts on the system printer, which main takes as ready (it cannot ask it)', async () => {
    expect(await staff.ask('settings.get')).toMatchObject({ ok: true, value: { printer: { kind: 'system' } } })
    expect(await staff.ask('printer.status', {})).toMatchObject({ ok: true, value: { state: 'ready', kind: 'system' } })
  })

  it.each([
    { kind: 'ipp', address: 'localhost:631', queue: 'printers/Lobby' },
    { kind: 'ipp', address: '192.168.1.40', queue: 'ipp/print' },
    { kind: 'raw', address: 'boca-1.venue.example', language: 'fgl' },
    { kind: 'raw', address: '[fd00::12]:9101', language: 'escpos' },
    { kind: 'system' },
  ])('saves $kind at $address and shows it back', async (printer) => {
    const saved = await staff.ask('settings.update', { pin: PIN, patch: { printer } })
    expect(saved).toMatchObject({ ok: true, value: { printer } })
    expect(staff.runtime.settings.get().printer).toEqual(printer)
  })

  it.each([
    ['a name with a space', { kind: 'raw', address: 'lobby printer', language: 'escpos' }, 'printer.refused.address'],
    ['a URL, not an address', { kind: 'ipp', address: 'http://localhost:631', queue: 'printers/Lobby' }, 'printer.refused.address'],
    ['a port out of range', { kind: 'raw', address: '10.0.0.7:99999', language: 'fgl' }, 'printer.refused.address'],
    ['nothing at all', { kind: 'ipp', address: '', queue: 'printers/Lobby' }, 'printer.refused.address'],
    ['a queue with a query', { kind: 'ipp', address: 'localhost', queue: 'printers/Lobby?x=1' }, 'printer.refused.queue'],
    ['a queue going up a folder', { kind: 'ipp', address: 'localhost', queue: '../admin' }, 'printer.refused.queue'],
  ])('refuses %s in words, saving nothing', async (_case, printer, messageKey) => {
    const before = staff.runtime.settings.get().printer
    expect(await staff.ask('settings.update', { pin: PIN, patch: { printer } })).toMatchObject({ ok: false, error: { code: 'settings.invalid', messageKey } })
    expect(staff.runtime.settings.get().printer).toEqual(before)
  })

  it('a cashier or a wrong PIN prints no test ticket', async () => {
    expect(await staff.ask('printer.test', { pin: '000000' })).toMatchObject({ ok: false, error: { code: 'staff.pin-wrong' } })
  })
})

describe('Print test ticket on a network ESC/POS printer', () => {
  beforeAll(async () => {
    const saved = await staff.ask('settings.update', { pin: PIN, patch: { printer: { kind: 'raw', address: `127.0.0.1:${escpos.port}`, language: 'escpos' } } })
    if (!saved.ok) throw new Error(saved.error.code)
  })

  it('prints it, in the staff screen’s language, and says so', async () => {
    const before = escpos.printed().length
    const reply = await staff.ask('printer.test', { pin: PIN, language: 'ms-MY' })
    expect(reply).toMatchObject({ ok: true, value: { printed: true, printerState: { state: 'ready', kind: 'raw' } } })
    const text = Buffer.from(escpos.printed().subarray(before)).toString('latin1')
    expect(text).toContain('Tiket ujian')
    expect(text).toContain('Tidak sah untuk masuk')
  })

  it('out of paper and the cover open: not printed, and why in the printer’s own words; the state every screen reads follows', async () => {
    escpos.set({ paper: 'out', coverOpen: true })
    const reply = await staff.ask('printer.test', { pin: PIN })
    expect(reply).toMatchObject({ ok: true, value: { printed: false, printerState: { state: 'cannot-print' } } })
    if (reply.ok) expect((reply.value as { printerState: { problems: string[] } }).printerState.problems).toEqual(expect.arrayContaining(['no-paper', 'cover-open']))
    expect(await staff.ask('printer.status', {})).toMatchObject({ ok: true, value: { state: 'cannot-print' } })
    escpos.set({ paper: 'ok', coverOpen: false })
    expect(await staff.ask('printer.status', { check: true })).toMatchObject({ ok: true, value: { state: 'ready', problems: [] } })
  })
})

describe('settings version 7 and FOYER_PRINTER', () => {
  it('carries a version-6 file over to the system printer, as it printed before', () => {
    const { printer: _printer, ...versionSix } = { ...DEFAULT_SETTINGS, version: 6 }
    expect(migrateSettings(versionSix)).toEqual({ ...versionSix, version: SETTINGS_VERSION, printer: { kind: 'system' } })
  })

  it.each([
    ['system', { kind: 'system' }],
    ['ipp://localhost:631/printers/Lobby', { kind: 'ipp', address: 'localhost:631', queue: 'printers/Lobby' }],
    ['escpos://10.0.0.7', { kind: 'raw', address: '10.0.0.7', language: 'escpos' }],
    ['fgl://boca-1:9100', { kind: 'raw', address: 'boca-1:9100', language: 'fgl' }],
  ])('reads FOYER_PRINTER=%s', (text, printer) => {
    expect(printerFromEnv(text)).toEqual(printer)
    expect(readStartupConfig({ FOYER_PRINTER: text }).printer).toEqual(printer)
  })

  it.each(['lpr://x', 'ipp://localhost', 'escpos://host/queue', 'fgl://bad host'])('refuses FOYER_PRINTER=%s, saying what it takes', (text) => {
    expect(() => readStartupConfig({ FOYER_PRINTER: text })).toThrow(/FOYER_PRINTER must be system, ipp:\/\/host\[:port\]\/queue/)
  })
})
