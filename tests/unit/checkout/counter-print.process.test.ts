import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SpoolPrinter } from '../../../electron/browser-host/spool-printer'
import { PRINTED_HERE_DELIVERY } from '../../../electron/contract/delivery'
import { call, type Dispatcher } from '../../../electron/ipc-core/dispatcher'
import type { PrinterChoice } from '../../../electron/printers/chosen-printer'
import { ippDocuments, salePrinter } from '../../../electron/printing/sale-printer'
import { CounterPrinterSwitch } from '../../../electron/services/counter-printer'
import { choosePrinter, PRINTER_LABEL } from '../../../electron/services/printer-service'
import type { Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest } from '../../support/checkout-fixtures'
import { startIppEvePrinter, type TestIppPrinter } from '../../support/ippeveprinter'
import { firstPin } from '../../support/staff-runtime'
import { refusingVault, staffedRuntime } from '../../support/staffed-runtime'

/**
 * At the counter (#24), a print that stopped part-way is the cashier's to put
 * right there and then: Retry prints exactly the documents that did not come
 * out, on the printer chosen now, with no supervisor's PIN. The printer is a
 * real IPP printer (ippeveprinter) whose paper runs out after the first ticket.
 */
const PIN = '482615'
let ipp: TestIppPrinter
let spool: SpoolPrinter
/** The counter's system printer: the browser host's spool, whose folder holds what it printed. */
let system: SpoolPrinter
const printerSwitch = new CounterPrinterSwitch()
let rig: ApiRig
let runtime: Runtime
let dispatcher: Dispatcher

beforeAll(async () => {
  ipp = await startIppEvePrinter('FoyerCounter')
  spool = new SpoolPrinter({ spoolDir: mkdtempSync(join(tmpdir(), 'foyer-counter-render-')) })
  rig = await apiRig()
  system = new SpoolPrinter({ spoolDir: mkdtempSync(join(tmpdir(), 'foyer-counter-system-')) })
  // As host-runtime.ts wires it: the counter's switch applied to the printer staff settings chose.
  const choice = (): PrinterChoice => printerSwitch.applied({ kind: 'ipp', address: new URL(ipp.uri.replace('ipp:', 'http:')).host, queue: 'ipp/print' })
  const printer = salePrinter(choice, system, { ipp: ippDocuments((doc) => spool.renderPdf(doc)) }, PRINTER_LABEL)
  const dir = mkdtempSync(join(tmpdir(), 'foyer-counter-print-'))
  runtime = await staffedRuntime(rig, { mode: 'counter', dir, vault: refusingVault, printing: { printer, askablePrinter: choosePrinter(choice), printerSwitch } })
  dispatcher = runtime.services.dispatcher
  expect(await call(dispatcher, 'staff.setPin', { ...firstPin(PIN), name: 'Mei Ling' })).toMatchObject({ ok: true })
  expect(await call(dispatcher, 'counter.signIn', { name: 'Mei Ling', pin: PIN })).toMatchObject({ ok: true, value: { ok: true } })
  expect(await call(dispatcher, 'shift.open', { floatCents: 10_000 })).toMatchObject({ ok: true })
}, 60_000)
afterAll(async () => {
  await runtime?.close()
  await rig?.close()
  await ipp?.stop()
  await spool?.close()
  await system?.close()
})

/** A walk-up customer pays cash for tickets printed here. */
async function sellCash() {
  const held = await heldOrderRequest(dispatcher, rig.direct)
  const invoice = await call(dispatcher, 'checkout.submit', { order: { ...held, deliveryMethodCode: PRINTED_HERE_DELIVERY, paymentMethodCode: 'CASH' } })
  if (!invoice.ok) throw new Error(invoice.error.code)
  const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'cash', tenderedCents: invoice.value.amountCents })
  if (!paid.ok) throw new Error(paid.error.code)
  return { ...paid.value, reference: invoice.value.reference }
}

const onSpool = (name: string) => name.toLowerCase()
const spooledSince = async (before: string[]) => (await ipp.spooled()).filter((f) => !before.includes(f)).map((f) => f.replace(/^\d+-/, '').replace(/\.pdf$/, ''))

describe('a counter sale whose print stopped part-way', () => {
  it('Retry prints the missing documents once the printer can print, and nothing before', { timeout: 90_000 }, async () => {
    await ipp.paperFor(1)
    const sale = await sellCash()
    expect(sale).toMatchObject({ state: 'confirmed', printed: false })
    const [ticket2, receipt] = [`${sale.reference}-ticket-02`, `${sale.reference}-receipt`]

    expect(await call(dispatcher, 'checkout.reprint', { saleId: sale.saleId, what: 'missing' })).toEqual({ ok: true, value: { printed: false } })
    await ipp.setPaper(250)
    const before = await ipp.spooled()
    expect(await call(dispatcher, 'checkout.reprint', { saleId: sale.saleId, what: 'missing' })).toEqual({ ok: true, value: { printed: true } })
    expect(await spooledSince(before)).toEqual([ticket2, receipt].map(onSpool))
    expect(runtime.sales.context!.checkout.journal.get(sale.saleId)).toMatchObject({ state: 'printed', staffResolvedAt: expect.any(Number) })

    // All out: nothing is missing, so a second Retry is refused rather than print the sale again.
    expect(await call(dispatcher, 'checkout.reprint', { saleId: sale.saleId, what: 'missing' })).toMatchObject({ ok: false, error: { code: 'checkout.not-printable' } })
  })
  it('the chosen printer out of paper, the cashier prints the sale on the system printer, then switches back', { timeout: 90_000 }, async () => {
    await ipp.setPaper(0)
    expect(await call(dispatcher, 'printer.status', { check: true })).toMatchObject({ ok: true, value: { state: 'cannot-print', kind: 'ipp' } })
    expect(await call(dispatcher, 'counter.usePrinter', { printer: 'system' })).toMatchObject({ ok: true, value: { state: 'ready', kind: 'system' } })
    const before = await ipp.spooled()
    const sale = await sellCash()
    expect(sale).toMatchObject({ state: 'confirmed', printed: true })
    expect(await ipp.spooled()).toEqual(before)
    expect(runtime.sales.context!.checkout.journal.steps(sale.saleId).find((s) => s.step === 'print-started')?.detail).toMatchObject({ printer: system.name })

    await ipp.setPaper(250)
    expect(await call(dispatcher, 'counter.usePrinter', { printer: 'chosen' })).toMatchObject({ ok: true, value: { state: 'ready', kind: 'ipp' } })
  })

  it('is refused to a counter nobody is signed in at', { timeout: 30_000 }, async () => {
    await call(dispatcher, 'counter.signOut', {})
    try {
      expect(await call(dispatcher, 'counter.usePrinter', { printer: 'system' })).toMatchObject({ ok: false, error: { code: 'counter.signed-out' } })
    } finally {
      expect(await call(dispatcher, 'counter.signIn', { name: 'Mei Ling', pin: PIN })).toMatchObject({ ok: true, value: { ok: true } })
    }
  })
})
