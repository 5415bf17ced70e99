import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PushName } from '../../../electron/contract'
import { call } from '../../../electron/ipc-core/dispatcher'
import type { PrinterChoice } from '../../../electron/printers/chosen-printer'
import { choosePrinter } from '../../../electron/services/printer-service'
import { heldOrderRequest, terminalLedger } from '../../support/checkout-fixtures'
import { startEscPosLoopback, type EscPosLoopback } from '../../support/escpos-loopback'
import { startFglLoopback, type FglLoopback } from '../../support/fgl-loopback'
import { startIppEvePrinter, type TestIppPrinter } from '../../support/ippeveprinter'
import { sandboxRuntimePerTest } from '../../support/sandbox-runtime'

/**
 * Never take money for tickets that cannot be printed (#24): a self-service
 * kiosk asks its chosen printer before the card, and refuses the payment when
 * the printer cannot print: nothing reaches the card terminal (its own ledger
 * shows no charge), the sale stays invoiced with its seats held, and the same
 * sale is paid once paper is back. Against the real sandbox and training
 * terminal, a real ippeveprinter and the loopback ESC/POS and Boca printers.
 * ippeveprinter is a process of its own: the integration project.
 */
const run = sandboxRuntimePerTest()
let ipp: TestIppPrinter
let escpos: EscPosLoopback
let fgl: FglLoopback

beforeAll(async () => {
  ipp = await startIppEvePrinter('FoyerReadiness')
  escpos = await startEscPosLoopback()
  fgl = await startFglLoopback()
})
afterAll(async () => {
  await ipp?.stop()
  await escpos?.close()
  await fgl?.close()
})

async function start(mode: 'self-service' | 'counter', choice: PrinterChoice, pushes: PushName[] = []) {
  const dispatcher = await run.start(mode, {}, { askablePrinter: choosePrinter(() => choice) })
  run.runtime!.services.pushes.attach((name) => pushes.push(name))
  return dispatcher
}

const ippChoice = (): PrinterChoice => ({ kind: 'ipp', address: new URL(ipp.uri.replace('ipp:', 'http:')).host, queue: 'ipp/print' })

interface Printer {
  name: string
  choice: () => PrinterChoice
  paperOut: () => Promise<void> | void
  paperIn: () => Promise<void> | void
}

const printers: Printer[] = [
  { name: 'an IPP printer (ippeveprinter)', choice: ippChoice, paperOut: () => ipp.setPaper(0), paperIn: () => ipp.setPaper(250) },
  {
    name: 'an ESC/POS printer',
    choice: () => ({ kind: 'raw', address: `127.0.0.1:${escpos.port}`, language: 'escpos' }),
    paperOut: () => escpos.set({ paper: 'out' }),
    paperIn: () => escpos.set({ paper: 'ok' }),
  },
  {
    name: 'a Boca FGL printer',
    choice: () => ({ kind: 'raw', address: `127.0.0.1:${fgl.port}`, language: 'fgl' }),
    paperOut: () => fgl.set({ paper: 'out' }),
    paperIn: () => fgl.set({ paper: 'ok' }),
  },
]

describe.each(printers)('a self-service kiosk printing on $name', (printer) => {
  it('out of paper: refuses the card, charges nothing, keeps the sale; paper back: the same sale is paid', async () => {
    await printer.paperOut()
    const dispatcher = await start('self-service', printer.choice())
    expect(await call(dispatcher, 'printer.status', { check: true })).toMatchObject({ ok: true, value: { state: 'cannot-print', problems: ['no-paper'] } })
    const order = await heldOrderRequest(dispatcher, run.rig.direct)
    const invoice = await call(dispatcher, 'checkout.submit', { order })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const refused = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    expect(refused).toMatchObject({ ok: false, error: { code: 'checkout.printer-cannot-print', messageKey: 'checkout.errors.printerCannotPrint' } })
    expect(await terminalLedger(run.rig)).toEqual([])
    // Still invoiced: the order keeps its seats at the vendor, for the customer to pay later or cancel.
    expect(run.runtime!.sales.context!.checkout.journal.get(invoice.value.saleId)?.state).toBe('invoiced')

    await printer.paperIn()
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    expect(paid).toMatchObject({ ok: true, value: { state: 'confirmed' } })
    expect((await terminalLedger(run.rig)).map((t) => t.state)).toEqual(['approved'])
  })
})

describe('the printer state main tells the screens', () => {
  it('is pushed when it changes, paper low included (for staff), and comes back to ready by itself', async () => {
    const heard: PushName[] = []
    await escpos.set({ paper: 'near-end' })
    const dispatcher = await start('self-service', printers[1]!.choice(), heard)
    expect(await call(dispatcher, 'printer.status', { check: true })).toMatchObject({ ok: true, value: { state: 'paper-low', problems: ['paper-low'], kind: 'raw' } })
    await escpos.set({ paper: 'ok' })
    expect(await call(dispatcher, 'printer.status', { check: true })).toMatchObject({ ok: true, value: { state: 'ready', problems: [] } })
    expect(heard.filter((name) => name === 'printer.changed').length).toBeGreaterThanOrEqual(2)
  })

  it('a counter is not refused: staff have other ways and see the state themselves', async () => {
    await ipp.setPaper(0)
    try {
      const dispatcher = await start('counter', ippChoice())
      const order = await heldOrderRequest(dispatcher, run.rig.direct)
      const invoice = await call(dispatcher, 'checkout.submit', { order })
      if (!invoice.ok) throw new Error(invoice.error.code)
      const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
      expect(paid).toMatchObject({ ok: true, value: { state: 'confirmed' } })
    } finally {
      await ipp.setPaper(250)
    }
  })
})
