import { beforeAll, describe, expect, it } from 'vitest'
import { venuesFromSteps } from '../../../electron/journal/sale-steps'
import { EscPosPrinter } from '../../../electron/printers/raw/escpos-printer'
import { escPosTicket } from '../../../electron/printers/raw/escpos-ticket'
import { FglPrinter } from '../../../electron/printers/raw/fgl-printer'
import { fglTicket } from '../../../electron/printers/raw/fgl-ticket'
import { PrintFailed } from '../../../electron/printers/printer-port'
import { paperWords } from '../../../electron/printing/paper-words'
import { ticketLines } from '../../../electron/printing/ticket-lines'
import { singaporeTime } from '../../../electron/printing/format'
import { decodeEscPos } from '../../support/escpos-decode'
import { startEscPosLoopback } from '../../support/escpos-loopback'
import { startFglLoopback } from '../../support/fgl-loopback'
import { saleSamplesForFile, type SaleSamples } from '../../support/print-fixtures'

/**
 * A real sale's tickets (made against the sandbox and its terminal) as text
 * for the raw printers, printed on the loopback ESC/POS and Boca printers and
 * read back from the bytes they printed.
 */
const samplesOf = saleSamplesForFile()
let samples: SaleSamples
beforeAll(() => {
  samples = samplesOf()
})

describe("a sale's tickets on raw printers", () => {
  it('are the HTML ticket\'s facts as lines: show, time, venue, place, reference, the barcode as the QR code', () => {
    const { sale, steps } = samples.card
    const order = sale.order!
    const tickets = ticketLines(sale, { venues: venuesFromSteps(steps) })
    expect(tickets.map((t) => t.name)).toEqual(order.tickets.map((_, i) => `${order.reference}-ticket-${String(i + 1).padStart(2, '0')}`))
    const [first] = tickets
    const item = order.items[0]!
    expect(first?.ticket).toMatchObject({
      event: item.showTitle,
      show: singaporeTime(item.showDate),
      venue: 'Grand Theatre',
      reference: `Booking reference ${order.reference}`,
      code: order.tickets[0]!.barcode,
    })
    expect(first?.ticket.places[0]).toMatch(/^Section Stalls Centre, Row \S+, Seat \S+$/)
    expect(first?.ticket.footer).toContain(paperWords().trainingMark)
  })

  it('in the language the sale was made in', () => {
    const [first] = ticketLines(samples.card.sale, { language: 'zh-CN' })
    expect(first?.ticket.reference).toContain(paperWords('zh-CN').bookingReference)
    expect(first?.ticket.footer).toContain(paperWords('zh-CN').ticketOf(1, samples.card.sale.order!.tickets.length))
  })

  it('print on an ESC/POS printer, every ticket read back with its code', async () => {
    const printer = await startEscPosLoopback()
    try {
      const port = new EscPosPrinter({ host: printer.host, port: printer.port, label: 'Receipt printer', pollMs: 50 })
      const tickets = ticketLines(samples.card.sale)
      for (const { name, ticket } of tickets) await port.print(escPosTicket(name, ticket))
      const decoded = decodeEscPos(printer.printed())
      expect(decoded.cuts).toBe(tickets.length)
      expect(decoded.qrCodes).toEqual(samples.card.sale.order!.tickets.map((t) => t.barcode))
      expect(decoded.lines).toContain(tickets[0]!.ticket.places[0])
    } finally {
      await printer.close()
    }
  })

  it('on a Boca: paper out after the first ticket leaves the rest unprinted, said in words', async () => {
    const printer = await startFglLoopback()
    try {
      const port = new FglPrinter({ host: printer.host, port: printer.port, label: 'Ticket printer', pollMs: 50, answerTimeoutMs: 1000 })
      const tickets = ticketLines(samples.cash.sale)
      expect(tickets.length).toBeGreaterThan(0)
      printer.runOutAfter(1)
      await port.print(fglTicket(tickets[0]!.name, tickets[0]!.ticket))
      const second = tickets[1] ?? tickets[0]!
      const error = await port.print(fglTicket(second.name, second.ticket)).then(() => null, (e: unknown) => e)
      expect(error).toBeInstanceOf(PrintFailed)
      expect((error as PrintFailed).problems).toEqual(['no-paper'])
      expect(printer.printed().map((t) => t.qrCodes[0])).toEqual([samples.cash.sale.order!.tickets[0]!.barcode])
    } finally {
      await printer.close()
    }
  })
})
