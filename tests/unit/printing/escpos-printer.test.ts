import ImageData from '@canvas/image-data'
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EscPosPrinter } from '../../../electron/printers/raw/escpos-printer'
import { escPosProblems, isRealtimeAnswer, isSequentialAnswer } from '../../../electron/printers/raw/escpos-status'
import { escPosTicket } from '../../../electron/printers/raw/escpos-ticket'
import type { TicketText } from '../../../electron/printers/raw/ticket-text'
import { decodeEscPos } from '../../support/escpos-decode'
import { startEscPosLoopback, type EscPosLoopback } from '../../support/escpos-loopback'
import { freePort } from '../../support/free-port'
import { startSilentPrinter } from '../../support/silent-printer'
import { printFailure } from '../../support/print-failure'

const ticket: TicketText = {
  event: 'Swan Lake',
  show: 'Sat 28 Nov 2026, 7:30 pm',
  venue: 'Grand Theatre',
  places: ['Stalls Centre, Row C, Seat 11', 'Stalls Centre, Row C, Seat 12'],
  reference: 'FOYER-ABC123',
  code: 'T-ABC123-01',
  footer: ['Ticket 1 of 2'],
}

let printer: EscPosLoopback
let port: EscPosPrinter
beforeEach(async () => {
  printer = await startEscPosLoopback()
  port = new EscPosPrinter({ host: printer.host, port: printer.port, label: 'Counter 2 receipt printer', pollMs: 50 })
})
afterEach(() => printer.close())

describe('ESC/POS printer port against the loopback printer', () => {
  it('has a name staff can read', () => {
    expect(port.name).toBe(`Counter 2 receipt printer (ESC/POS, 127.0.0.1:${printer.port})`)
  })

  it('reads DLE EOT: ready, paper near end, and each thing that stops it', async () => {
    expect(await port.status()).toEqual({ state: 'ready' })
    printer.set({ paper: 'near-end' })
    expect(await port.status()).toEqual({ state: 'paper-low', problems: ['paper-low'] })
    printer.set({ paper: 'out' })
    expect(await port.status()).toEqual({ state: 'cannot-print', problems: ['no-paper'] })
    printer.set({ paper: 'ok', coverOpen: true })
    expect(await port.status()).toEqual({ state: 'cannot-print', problems: ['cover-open'] })
    printer.set({ coverOpen: false, cutterJam: true })
    expect(await port.status()).toEqual({ state: 'cannot-print', problems: ['cutter-jam'] })
  })

  it('prints a ticket once the printer has worked through it, and the bytes read back as the ticket', async () => {
    const printed = await port.print(escPosTicket('FOYER-ABC123-ticket-01', ticket))
    expect(printed.readiness).toEqual({ state: 'ready' })
    const decoded = decodeEscPos(printer.printed())
    expect(decoded.lines).toEqual(['Swan Lake', 'Sat 28 Nov 2026, 7:30 pm', 'Grand Theatre', 'Stalls Centre, Row C, Seat 11', 'Stalls Centre, Row C, Seat 12', 'FOYER-ABC123', 'Ticket 1 of 2'])
    expect(decoded.qrCodes).toEqual(['T-ABC123-01'])
    expect(decoded.cuts).toBe(1)
  })

  it('says paper low after a ticket when the roll nears its end', async () => {
    printer.set({ paper: 'near-end' })
    const printed = await port.print(escPosTicket('t', ticket))
    expect(printed.readiness).toEqual({ state: 'paper-low', problems: ['paper-low'] })
  })

  it('paper out or the cover open: nothing is sent, and the failure says why', async () => {
    printer.set({ paper: 'out' })
    const error = await printFailure(port.print(escPosTicket('FOYER-ABC123-ticket-01', ticket)))
    expect(error).toMatchObject({ stage: 'refused', problems: ['no-paper'] })
    expect(error.message).toContain('FOYER-ABC123-ticket-01 not sent, the printer cannot print (no-paper)')
    printer.set({ paper: 'ok', coverOpen: true })
    expect(await printFailure(port.print(escPosTicket('t', ticket)))).toMatchObject({ stage: 'refused', problems: ['cover-open'] })
    expect(printer.printed()).toHaveLength(0)
  })

  it('paper running out mid-ticket is not printed, said in words, the rest held by the printer', async () => {
    printer.runOutAfter(40)
    const error = await printFailure(port.print(escPosTicket('FOYER-ABC123-ticket-02', ticket)))
    expect(error).toMatchObject({ stage: 'not-printed', problems: ['no-paper'] })
    expect(error.message).toContain('FOYER-ABC123-ticket-02 was not printed: no-paper')
    expect(printer.printed()).toHaveLength(40)
  })

  it('a device that takes the connection and says nothing is not answering, and gets no document', async () => {
    const silent = await startSilentPrinter()
    try {
      const mute = new EscPosPrinter({ host: silent.host, port: silent.port, label: 'Wrong device' })
      expect(await mute.status()).toEqual({ state: 'cannot-print', problems: ['not-answering'] })
      const before = silent.received()
      expect(await printFailure(mute.print(escPosTicket('t', ticket)))).toMatchObject({ stage: 'refused', problems: ['not-answering'] })
      // Only the status request went out, never the ticket.
      expect(silent.received() - before).toBeLessThan(8)
    } finally {
      await silent.close()
    }
  })

  it('nothing at the address is cannot print: not answering', async () => {
    const nowhere = new EscPosPrinter({ host: '127.0.0.1', port: await freePort(), label: 'Unplugged' })
    expect(await nowhere.status()).toEqual({ state: 'cannot-print', problems: ['not-answering'] })
    expect(await printFailure(nowhere.print(escPosTicket('t', ticket)))).toMatchObject({ stage: 'refused', problems: ['not-answering'] })
  })
})

describe('DLE EOT status bytes (Epson ESC/POS reference)', () => {
  const ok = { printer: 0x12, offlineCause: 0x12, errorCause: 0x12, paper: 0x12 }
  it('tells a real-time answer from GS r by the fixed bits', () => {
    expect([0x12, 0x1a, 0x7e].map(isRealtimeAnswer)).toEqual([true, true, true])
    expect([0x00, 0x03, 0x0f].map(isRealtimeAnswer)).toEqual([false, false, false])
    expect([0x00, 0x0f, 0x12].map(isSequentialAnswer)).toEqual([true, true, false])
  })

  it('offline with no cause given is offline; an error with none named is a printer fault', () => {
    expect(escPosProblems(ok)).toEqual([])
    expect(escPosProblems({ ...ok, printer: 0x1a })).toEqual(['offline'])
    expect(escPosProblems({ ...ok, printer: 0x1a, errorCause: 0x32 })).toEqual(['printer-fault'])
    expect(escPosProblems({ ...ok, printer: 0x1a, offlineCause: 0x32, paper: 0x7e })).toEqual(['no-paper'])
    expect(escPosProblems({ ...ok, paper: 0x1e })).toEqual(['paper-low'])
  })
})

describe('the ESC/POS decoder the tests read with', () => {
  it('reads a raster image (GS v 0) as its size in dots, and text in code page 437', () => {
    const image = new ImageData(new Uint8ClampedArray(64 * 24 * 4).fill(255), 64, 24)
    const bytes = new ReceiptPrinterEncoder({ language: 'esc-pos', imageMode: 'raster' }).initialize().codepage('auto').line('Café').image(image, 64, 24).encode()
    const decoded = decodeEscPos(bytes)
    expect(decoded.rasters).toEqual([{ widthDots: 64, heightDots: 24 }])
    expect(decoded.lines).toEqual(['Café'])
  })

  it('throws on a command it does not know rather than reading past it', () => {
    expect(() => decodeEscPos(Uint8Array.from([0x1b, 0x7f, 0x00]))).toThrow(/unknown ESC\/POS command at byte 0: 1b 7f 00/)
  })
})
