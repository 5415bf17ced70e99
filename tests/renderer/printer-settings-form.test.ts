import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startEscPosLoopback, type EscPosLoopback } from '../support/escpos-loopback'
import { unmountApp } from '../support/mount-app'
import { nodeFetchForFile } from '../support/node-fetch'
import { press, staffSettings, type } from '../support/staff-screen'
import { startStaffHost, type StaffHost } from '../support/staff-runtime'

/**
 * The "Ticket printer" section of the staff settings (#24): the real screen
 * against the browser host's runtime (its staff services and the printer as
 * saved in its settings) and a loopback ESC/POS printer, in happy-dom. Staff
 * choose a network printer, save it, print a test ticket and are told in
 * words what is wrong; a bad address is refused in words.
 */
const PIN = '581372'
const WAIT = { timeout: 30_000 }
let host: StaffHost
let escpos: EscPosLoopback
nodeFetchForFile()
const savedPrinter = () => host.runtime.settings.get().printer

beforeAll(async () => {
  escpos = await startEscPosLoopback()
  host = await startStaffHost('foyer-printer-form-', PIN)
})
afterEach(() => unmountApp())
afterAll(async () => {
  await host?.close()
  await escpos?.close()
})

const printerSettings = () => staffSettings(host.runtime.services, PIN, 'printer-settings')

describe('staff settings: the ticket printer', { timeout: 120_000 }, () => {
  it('starts on the system printer, saying Foyer takes it as ready and how to have CUPS asked', async () => {
    const app = await printerSettings()
    expect(app.find('printer-kind-system')?.getAttribute('aria-pressed')).toBe('true')
    expect(app.text('printer-system-note')).toContain('localhost:631')
  })

  it('"When the printer cannot print, the kiosk sells e-tickets only": off to start with, saved on with the printer', async () => {
    const app = await printerSettings()
    const box = app.find('printer-etickets-when-cannot-print') as HTMLInputElement
    expect(box.closest('label')?.textContent).toContain('When the printer cannot print, the kiosk sells e-tickets only')
    expect(box.checked).toBe(false)
    box.click()
    await press(app, 'printer-save')
    await vi.waitFor(() => expect(app.text('printer-result')).toBe('Printer saved.'), WAIT)
    expect(host.runtime.settings.get().eticketsWhenCannotPrint).toBe(true)
    box.click()
    await press(app, 'printer-save')
    await vi.waitFor(() => expect(host.runtime.settings.get().eticketsWhenCannotPrint).toBe(false), WAIT)
  })

  it('refuses an address that is none, in words, and saves nothing', async () => {
    const app = await printerSettings()
    await app.click('printer-kind-raw')
    type(app, 'printer-address', 'the lobby printer')
    await press(app, 'printer-save')
    await vi.waitFor(() => expect(app.text('printer-error')).toBe('The address must be an IP address or host name, with :port only when it is not the usual port.'), WAIT)
    expect(savedPrinter()).toEqual({ kind: 'system' })
  })

  it('saves a network ESC/POS printer, prints a test ticket, and says what is wrong when it cannot', async () => {
    const app = await printerSettings()
    await app.click('printer-kind-raw')
    type(app, 'printer-address', `127.0.0.1:${escpos.port}`)
    await app.click('printer-language-escpos')
    await press(app, 'printer-save')
    await vi.waitFor(() => expect(app.text('printer-result')).toBe('Printer saved.'), WAIT)
    expect(savedPrinter()).toEqual({ kind: 'raw', address: `127.0.0.1:${escpos.port}`, language: 'escpos' })

    await press(app, 'printer-test')
    await vi.waitFor(() => expect(app.text('printer-test-words')).toBe('The test ticket printed.'), WAIT)
    expect(Buffer.from(escpos.printed()).toString('latin1')).toContain('Test ticket')

    escpos.set({ paper: 'out', coverOpen: true })
    await press(app, 'printer-test')
    await vi.waitFor(() => expect(app.text('printer-test-words')).toBe('The test ticket did not print: out of paper and cover open.'), WAIT)
    await vi.waitFor(() => expect(app.text('printer-state')).toBe('Printer cannot print: out of paper and cover open'), WAIT)
    escpos.set({ paper: 'ok', coverOpen: false })
  })
})
