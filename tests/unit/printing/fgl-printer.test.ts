import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FglPrinter } from '../../../electron/printers/raw/fgl-printer'
import { FGL, FglStatus } from '../../../electron/printers/raw/fgl-status'
import { fglTicket } from '../../../electron/printers/raw/fgl-ticket'
import type { TicketText } from '../../../electron/printers/raw/ticket-text'
import { decodeFgl, startFglLoopback, type FglLoopback } from '../../support/fgl-loopback'
import { freePort } from '../../support/free-port'
import { startSilentPrinter } from '../../support/silent-printer'
import { printFailure } from '../../support/print-failure'

const ticket = (n: number): TicketText => ({
  event: 'Swan Lake <Gala>',
  show: 'Sat 28 Nov 2026, 7:30 pm',
  venue: 'Grand Theatre',
  places: [`Stalls Centre, Row C, Seat ${10 + n}`],
  reference: 'FOYER-ABC123',
  code: `T-ABC123-0${n}`,
  footer: [`Ticket ${n} of 2`],
})

let printer: FglLoopback
let port: FglPrinter
beforeEach(async () => {
  printer = await startFglLoopback()
  // A short wait for an answer: a Boca that is not ready says nothing to <S1>, so silence is part of every "cannot print".
  port = new FglPrinter({ host: printer.host, port: printer.port, label: 'Lobby ticket printer', pollMs: 50, answerTimeoutMs: 1000 })
})
afterEach(() => printer.close())

describe('Boca FGL printer port against the loopback printer', () => {
  it('has a name staff can read', () => {
    expect(port.name).toBe(`Lobby ticket printer (Boca FGL, 127.0.0.1:${printer.port})`)
  })

  it('X-ON to <S1> is ready; out of paper or a jam said before is cannot print, until X-ON again', async () => {
    expect(await port.status()).toEqual({ state: 'ready' })
    printer.set({ paper: 'out' })
    expect(await port.status()).toEqual({ state: 'cannot-print', problems: ['no-paper'] })
    // Said once: asked again, the printer is silent, and the port still knows why.
    expect(await port.status()).toEqual({ state: 'cannot-print', problems: ['no-paper'] })
    printer.set({ paper: 'ok' })
    expect(await port.status()).toEqual({ state: 'ready' })
    printer.set({ jam: true })
    expect(await port.status()).toEqual({ state: 'cannot-print', problems: ['paper-jam'] })
  })

  it('low paper, said once, is kept until the stock runs out', async () => {
    printer.set({ paper: 'low' })
    expect(await port.status()).toEqual({ state: 'paper-low', problems: ['paper-low'] })
    expect(await port.status()).toEqual({ state: 'paper-low', problems: ['paper-low'] })
    const printed = await port.print(fglTicket('t1', ticket(1)))
    expect(printed.readiness).toEqual({ state: 'paper-low', problems: ['paper-low'] })
  })

  it("prints a ticket on the printer's ACK, and the FGL reads back as the ticket", async () => {
    const printed = await port.print(fglTicket('FOYER-ABC123-ticket-01', ticket(1)))
    expect(printed.readiness).toEqual({ state: 'ready' })
    const [onPaper] = printer.printed()
    expect(onPaper?.texts.map((t) => t.text)).toEqual(['Swan Lake ?Gala?', 'Sat 28 Nov 2026, 7:30 pm', 'Grand Theatre', 'Stalls Centre, Row C, Seat 11', 'FOYER-ABC123', 'Ticket 1 of 2'])
    expect(onPaper?.qrCodes).toEqual(['T-ABC123-01'])
    // Each line below the last: nothing printed over anything else.
    const rows = onPaper!.texts.map((t) => t.row)
    expect([...rows].sort((a, b) => a - b)).toEqual(rows)
    expect(new Set(rows).size).toBe(rows.length)
  })

  it('out of paper: nothing is sent, and the failure says why', async () => {
    printer.set({ paper: 'out' })
    const error = await printFailure(port.print(fglTicket('FOYER-ABC123-ticket-01', ticket(1))))
    expect(error).toMatchObject({ stage: 'refused', problems: ['no-paper'] })
    expect(error.message).toContain('FOYER-ABC123-ticket-01 not sent, the printer cannot print (no-paper)')
    expect(printer.printed()).toEqual([])
  })

  it('paper out after the first ticket: the first is printed, the second not, said in words', async () => {
    printer.runOutAfter(1)
    await port.print(fglTicket('FOYER-ABC123-ticket-01', ticket(1)))
    const error = await printFailure(port.print(fglTicket('FOYER-ABC123-ticket-02', ticket(2))))
    expect(error).toMatchObject({ stage: 'not-printed', problems: ['no-paper'] })
    expect(error.message).toContain('FOYER-ABC123-ticket-02 was not printed: no-paper')
    expect(printer.printed().map((t) => t.qrCodes[0])).toEqual(['T-ABC123-01'])
  })

  it('a device that takes the connection and says nothing is not answering, and gets no document', async () => {
    const silent = await startSilentPrinter()
    try {
      const mute = new FglPrinter({ host: silent.host, port: silent.port, label: 'Wrong device', answerTimeoutMs: 1000 })
      expect(await mute.status()).toEqual({ state: 'cannot-print', problems: ['not-answering'] })
      const before = silent.received()
      expect(await printFailure(mute.print(fglTicket('t', ticket(1))))).toMatchObject({ stage: 'refused', problems: ['not-answering'] })
      // Only the status request went out, never the ticket.
      expect(silent.received() - before).toBeLessThan(8)
    } finally {
      await silent.close()
    }
  })

  it('nothing at the address is cannot print: not answering', async () => {
    const nowhere = new FglPrinter({ host: '127.0.0.1', port: await freePort(), label: 'Unplugged' })
    expect(await nowhere.status()).toEqual({ state: 'cannot-print', problems: ['not-answering'] })
    expect(await printFailure(nowhere.print(fglTicket('t', ticket(1))))).toMatchObject({ stage: 'refused', problems: ['not-answering'] })
  })
})

describe("Boca's status bytes", () => {
  it('reads ACK as printed, the faults as problems, X-ON as clearing what stopped it', () => {
    const status = new FglStatus()
    expect(status.take(FGL.lowPaper)).toBeNull()
    expect(status.take(FGL.cutterJam)).toBeNull()
    expect([...status.problems]).toEqual(['paper-low', 'cutter-jam'])
    expect(status.take(FGL.xOn)).toBe('ready')
    expect([...status.problems]).toEqual(['paper-low'])
    expect(status.take(FGL.outOfPaper)).toBeNull()
    expect([...status.problems]).toEqual(['no-paper'])
    expect(status.take(FGL.paperLoadedPath1)).toBeNull()
    expect([...status.problems]).toEqual([])
    expect(status.take(FGL.ticketAck)).toBe('printed')
    expect(status.take(FGL.nak)).toBe('refused')
  })

  it('the test decoder is strict about commands it does not know', () => {
    expect(() => decodeFgl('<RC10,10><ZZ>text<p>')).toThrow(/unknown FGL command <ZZ>/)
  })
})
