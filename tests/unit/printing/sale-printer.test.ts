import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SpoolPrinter } from '../../../electron/browser-host/spool-printer'
import type { PrinterChoice } from '../../../electron/printers/chosen-printer'
import { ippDocuments, salePrinter } from '../../../electron/printing/sale-printer'

/**
 * Which printer prints a sale (#24): the one staff chose, through the adapter
 * for its kind, followed as the choice changes; the system printer when none
 * is chosen and for a kind with no adapter yet (raw ESC/POS and Boca).
 */
describe('the sale printer of a choice', () => {
  const system = new SpoolPrinter({ spoolDir: mkdtempSync(join(tmpdir(), 'foyer-sale-printer-')) })
  const adapters = { ipp: ippDocuments((doc) => system.renderPdf(doc)) }

  it('follows the choice: the system printer, an IPP printer by its adapter, and the system printer for a kind without one', () => {
    let choice: PrinterChoice = { kind: 'system' }
    const printer = salePrinter(() => choice, system, adapters, 'Ticket printer')!
    expect(printer.name).toBe(system.name)
    choice = { kind: 'ipp', address: 'lobby-printer.local', queue: 'printers/Lobby' }
    expect(printer.name).toBe('Ticket printer (IPP, lobby-printer.local:631)')
    choice = { kind: 'raw', address: '10.0.0.9', language: 'escpos' }
    expect(printer.name).toBe(system.name)
  })

  it('is none where nothing can print: no system printer and no adapter', async () => {
    expect(salePrinter(() => ({ kind: 'ipp', address: 'x', queue: 'ipp/print' }), null, {}, 'Ticket printer')).toBeNull()
    const onlyIpp = salePrinter(() => ({ kind: 'system' }), null, adapters, 'Ticket printer')!
    await expect(onlyIpp.print({ name: 'FY1-ticket-01', html: '<p>x</p>' })).rejects.toThrow('no printer is set up to print FY1-ticket-01')
  })
})
