import { STATION_DEFAULTS } from '../../../electron/contract'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { printerFromEnv, readStartupConfig } from '../../../electron/services/app-config'
import { SETTINGS_VERSION, migrateSettings } from '../../../electron/settings/settings-schema'
import { DEFAULT_SETTINGS } from '../../../electron/settings/settings-file'
import { ChromiumRaster } from '../../../electron/browser-host/chromium-raster'
import { rowsOf, type Bitmap } from '../../../electron/printers/raw/bitmap'
import { ESCPOS_WIDTH_DOTS } from '../../../electron/printers/raw/escpos-raster'
import { testTicket } from '../../../electron/printers/test-ticket'
import { testTicketDocument } from '../../../electron/printing/test-ticket-page'
import { decodeEscPos } from '../../support/escpos-decode'
import { startEscPosLoopback, type EscPosLoopback } from '../../support/escpos-loopback'
import { dotsDiffering, escPosPages, qrOnPaper } from '../../support/raster-decode'
import { startStaffHost, type StaffHost } from '../../support/staff-runtime'

/**
 * The ticket printer as a staff setting (settings version 7, #24): the system
 * printer, an IPP printer (address and queue) or a network printer (address
 * and ESC/POS or FGL), judged in main with the broken rule named by field; and
 * "Print test ticket", printed through the printer as saved and said in words
 * when it does not print (a loopback ESC/POS printer here, the test ticket
 * laid out as dots by the browser host's Chromium and read back; the IPP
 * printer's own tests print on a real ippeveprinter).
 */
const PIN = '482915'
let staff: StaffHost
let escpos: EscPosLoopback
let raster: ChromiumRaster

beforeAll(async () => {
  raster = new ChromiumRaster()
  staff = await startStaffHost('foyer-printer-settings-', PIN, { raster: raster.renderBitmap })
  escpos = await startEscPosLoopback()
})
afterAll(async () => {
  await staff?.close()
  await escpos?.close()
  await raster?.close()
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

  it('prints it as an image of its page, in the staff screen’s language: Chinese as glyphs, not "?"; the QR code in whole dots; and says so', async () => {
    const before = escpos.printed().length
    const reply = await staff.ask('printer.test', { pin: PIN, language: 'zh-CN' })
    expect(reply).toMatchObject({ ok: true, value: { printed: true, printerState: { state: 'ready', kind: 'raw' } } })
    const bytes = escpos.printed().subarray(before)
    // No text in the printer's own font (which prints the Chinese as "?"): every word is dots.
    expect(decodeEscPos(bytes).lines).toEqual([])
    const pages = escPosPages(bytes)
    expect(pages).toHaveLength(1)
    expect(qrOnPaper(pages[0]!)).toMatchObject({ text: 'FOYER-TEST', moduleDots: expect.toSatisfy(Number.isInteger) })
    // Its head (the brand and title, above the time it was printed) is the Chinese layout's, not one with "?" for each character.
    const printerName = (reply.ok && (reply.value as { printerState: { printer: string } }).printerState.printer) || ''
    const page = (at: string, han = true) => {
      const doc = testTicketDocument('t', testTicket(printerName, 'zh-CN', new Date(at)), 'zh-CN')
      return raster.renderBitmap(han ? doc : { ...doc, html: doc.html.replace(/\p{Script=Han}/gu, '?') }, ESCPOS_WIDTH_DOTS)
    }
    const [one, other, questionMarks] = await Promise.all([page('2026-11-26T10:00Z'), page('2026-11-26T11:11Z'), page('2026-11-26T10:00Z', false)])
    const head = firstRowDiffering(one, other)
    expect(head).toBeGreaterThan(20)
    expect(dotsDiffering(rowsOf(pages[0]!, 0, head), rowsOf(one, 0, head))).toBe(0)
    expect(dotsDiffering(rowsOf(pages[0]!, 0, head), rowsOf(questionMarks, 0, head))).toBeGreaterThan(300)
  }, 60_000)

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

/** The first row where two images of one width differ. */
function firstRowDiffering(a: Bitmap, b: Bitmap): number {
  for (let y = 0; y < Math.min(a.height, b.height); y++) if (dotsDiffering(rowsOf(a, y, y + 1), rowsOf(b, y, y + 1)) > 0) return y
  return Math.min(a.height, b.height)
}

describe('settings version 7 and FOYER_PRINTER', () => {
  it('carries a version-6 file over to the system printer, as it printed before', () => {
    const { printer: _printer, eticketsWhenCannotPrint: _etickets, languages: _languages, audioTimeFactor: _factor, terminalPlace: _place, cashDrawer: _drawer, customerDisplay: _display, customerDisplayId: _displayId, barcodeScanner: _scanner, ...versionSix } = { ...DEFAULT_SETTINGS, version: 6 }
    expect(migrateSettings(versionSix)).toEqual({ ...versionSix, version: SETTINGS_VERSION, printer: { kind: 'system' }, eticketsWhenCannotPrint: false, languages: ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'], audioTimeFactor: 2, terminalPlace: 'unset', ...STATION_DEFAULTS })
  })

  it('carries a version-7 file over with e-tickets only off: its kiosk still goes out of selling when the printer cannot print', () => {
    const { eticketsWhenCannotPrint: _etickets, languages: _languages, audioTimeFactor: _factor, terminalPlace: _place, cashDrawer: _drawer, customerDisplay: _display, customerDisplayId: _displayId, barcodeScanner: _scanner, ...versionSeven } = { ...DEFAULT_SETTINGS, version: 7 }
    expect(migrateSettings(versionSeven)).toEqual({ ...versionSeven, version: SETTINGS_VERSION, eticketsWhenCannotPrint: false, languages: ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'], audioTimeFactor: 2, terminalPlace: 'unset', ...STATION_DEFAULTS })
    // A version-7 file that already has the field is no real version-7 file: left for the schema to refuse.
    expect(migrateSettings({ ...versionSeven, eticketsWhenCannotPrint: true })).toMatchObject({ version: 7 })
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
