import { describe, expect, it } from 'vitest'
import { cupsPrintersOf, parseLpstatDefault, windowsPrintersOf } from '../../../electron/printers/os-printer-list'
import { OsQueue, type OsPrinter } from '../../../electron/printers/os-queue'
import type { DocumentPrinter, PrintDocument } from '../../../electron/printing/printer-port'
import { OsQueuePrinter } from '../../../electron/printing/os-queue-printer'
import { printFailure } from '../../support/print-failure'

/**
 * The system printer as the operating system reports it (#24): what each print system prints is read as
 * the box office says it, and on Windows (whose job Foyer cannot follow) a document goes to the queue only
 * when the spooler says the printer can print, and is printed only if it still can after. The CUPS side
 * runs against a real IPP printer in ipp-printer.process.test.ts.
 */
describe('reading the print system', () => {
  it('Win32_Printer as PowerShell writes it: one printer is an object, several an array, anything else none', () => {
    const one = windowsPrintersOf('{"Name":"BOCA Lemur","Default":true,"PrinterStatus":3,"DetectedErrorState":4,"WorkOffline":false}')
    expect(one).toEqual([{ system: 'windows', name: 'BOCA Lemur', isDefault: true, printerStatus: 3, detectedErrorState: 4, workOffline: false }])
    const two = windowsPrintersOf('[{"Name":"A","Default":false,"PrinterStatus":null,"DetectedErrorState":null,"WorkOffline":true},{"Name":"B"}]')
    expect(two.map((p) => p.name)).toEqual(['A', 'B'])
    expect(windowsPrintersOf('')).toEqual([])
    expect(windowsPrintersOf('[{"Nom":"x"}]')).toEqual([])
  })

  it('CUPS queues from Electron’s list, addressed at the print server, the default by lpstat', () => {
    const listed = [{ name: 'TM_T88', options: { 'printer-uri-supported': 'ipp://localhost/printers/TM_T88' } }, { name: 'Boca Lemur' }]
    expect(cupsPrintersOf(listed, parseLpstatDefault('system default destination: Boca Lemur\n'))).toEqual([
      { system: 'cups', name: 'TM_T88', isDefault: false, uri: 'ipp://localhost/printers/TM_T88' },
      { system: 'cups', name: 'Boca Lemur', isDefault: true, uri: 'ipp://localhost:631/printers/Boca%20Lemur' },
    ])
    expect(parseLpstatDefault('no system default destination\n')).toBeNull()
  })
})

describe('the system printer on Windows', () => {
  const windows = (detectedErrorState: number, extra: Partial<Extract<OsPrinter, { system: 'windows' }>> = {}): OsPrinter => ({
    ...{ system: 'windows', name: 'BOCA Lemur', isDefault: true, printerStatus: 3, detectedErrorState, workOffline: false },
    ...extra,
  })
  /** The spooler as a script: each listing answers the next state (the last one stays). */
  function spooler(...states: OsPrinter[]) {
    const queued: string[] = []
    const spool: DocumentPrinter = { name: 'electron:default printer', print: async (doc: PrintDocument) => (queued.push(doc.name), {}) }
    const list = async () => [states.length > 1 ? states.shift()! : states[0]!]
    const printer = new OsQueuePrinter({ queue: new OsQueue({ list, deviceName: null, label: 'Ticket printer' }), spool, render: () => Promise.reject(new Error('no PDF on Windows')) })
    return { printer, queued }
  }
  const doc = { name: 'FOYER-W-ticket-01', html: '<p>ticket</p>' }

  it('reads the spooler in box-office words: low paper still prints; no paper, door open, jam and offline cannot', async () => {
    expect(await spooler(windows(2)).printer.status()).toEqual({ state: 'ready' })
    expect(await spooler(windows(3)).printer.status()).toEqual({ state: 'paper-low', problems: ['paper-low'] })
    expect(await spooler(windows(4)).printer.status()).toEqual({ state: 'cannot-print', problems: ['no-paper'] })
    expect(await spooler(windows(7)).printer.status()).toEqual({ state: 'cannot-print', problems: ['cover-open'] })
    expect(await spooler(windows(8)).printer.status()).toEqual({ state: 'cannot-print', problems: ['paper-jam'] })
    expect(await spooler(windows(2, { workOffline: true, printerStatus: 7 })).printer.status()).toEqual({ state: 'cannot-print', problems: ['offline'] })
  })

  it('out of paper, nothing is sent to the queue; the failure says why', async () => {
    const { printer, queued } = spooler(windows(4))
    const error = await printFailure(printer.print(doc))
    expect([error.stage, error.problems]).toEqual(['refused', ['no-paper']])
    expect(queued).toEqual([])
  })

  it('printed when the printer can still print once the queue took it; unconfirmed, in its words, when it then cannot', async () => {
    const fine = spooler(windows(2))
    await fine.printer.print(doc)
    expect(fine.queued).toEqual(['FOYER-W-ticket-01'])
    const jammed = spooler(windows(2), windows(8))
    const error = await printFailure(jammed.printer.print(doc))
    expect([error.stage, error.problems]).toEqual(['unconfirmed', ['paper-jam']])
    expect(jammed.queued).toEqual(['FOYER-W-ticket-01'])
  })
})
