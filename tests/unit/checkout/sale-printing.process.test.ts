import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SpoolPrinter } from '../../../electron/browser-host/spool-printer'
import { PRINTED_HERE_DELIVERY } from '../../../electron/contract/delivery'
import type { Dispatcher } from '../../../electron/ipc-core/dispatcher'
import { call } from '../../../electron/ipc-core/dispatcher'
import type { PrinterChoice } from '../../../electron/printers/chosen-printer'
import { ippDocuments, salePrinter } from '../../../electron/printing/sale-printer'
import { choosePrinter, PRINTER_LABEL } from '../../../electron/services/printer-service'
import type { Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest } from '../../support/checkout-fixtures'
import { startIppEvePrinter, type TestIppPrinter } from '../../support/ippeveprinter'
import { pdfText } from '../../support/pdf-text'
import { firstPin } from '../../support/staff-runtime'
import { refusingVault, staffedRuntime } from '../../support/staffed-runtime'

/**
 * A sale's tickets and receipt print on the printer chosen in staff settings,
 * here a real IPP printer (ippeveprinter), and each is journalled as out only
 * when the print server says its job completed (#24). Paper that runs out
 * after the first ticket leaves the sale on staff's list, needing exactly the
 * missing documents; the reprint prints them (the same ticket). The PDFs are
 * what the browser host's Chromium renders; the printer's spool is read back.
 */
const PIN = '482615'
let ipp: TestIppPrinter
let spool: SpoolPrinter
let rig: ApiRig
let runtime: Runtime
let dispatcher: Dispatcher

// One printer, sandbox and kiosk for the file: each test is a sale of its own on it.
beforeAll(async () => {
  ipp = await startIppEvePrinter('FoyerSale')
  spool = new SpoolPrinter({ spoolDir: mkdtempSync(join(tmpdir(), 'foyer-sale-render-')) })
  rig = await apiRig()
  const choice = (): PrinterChoice => ({ kind: 'ipp', address: new URL(ipp.uri.replace('ipp:', 'http:')).host, queue: 'ipp/print' })
  const printer = salePrinter(choice, null, { ipp: ippDocuments((doc) => spool.renderPdf(doc)) }, PRINTER_LABEL)
  const dir = mkdtempSync(join(tmpdir(), 'foyer-sale-print-'))
  runtime = await staffedRuntime(rig, { mode: 'self-service', dir, vault: refusingVault, printing: { printer, askablePrinter: choosePrinter(choice) } })
  dispatcher = runtime.services.dispatcher
  expect((await call(dispatcher, 'staff.setPin', firstPin(PIN))).ok).toBe(true)
})
afterAll(async () => {
  await runtime?.close()
  await rig?.close()
  await ipp?.stop()
  await spool?.close()
})
beforeEach(() => ipp.setPaper(250))

/** A self-service customer buys two tickets with a card; answers the sale as checkout left it. */
async function buyTwo() {
  const order = await heldOrderRequest(dispatcher, rig.direct)
  const invoice = await call(dispatcher, 'checkout.submit', { order: { ...order, deliveryMethodCode: PRINTED_HERE_DELIVERY } })
  if (!invoice.ok) throw new Error(invoice.error.code)
  const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
  if (!paid.ok) throw new Error(paid.error.code)
  return { ...paid.value, reference: invoice.value.reference }
}

/** The documents the printer put out since `before` (its spool's file names, "<job>-<document>.pdf", lower-cased), by document name. */
async function printedSince(before: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const file of (await ipp.spooled()).filter((f) => !before.includes(f))) out.set(file.replace(/^\d+-/, '').replace(/\.pdf$/, ''), join(ipp.spoolDir, file))
  return out
}

/** ippeveprinter names a job's file by its name in lower case. */
const onSpool = (name: string) => name.toLowerCase()
const journal = () => runtime.sales.context!.checkout.journal
const outSteps = (saleId: string) => journal().steps(saleId).filter((s) => s.step === 'document-printed').map((s) => (s.detail as { name: string }).name)

describe('a sale printed on the IPP printer chosen in staff settings', () => {
  it('prints both tickets and the receipt, each journalled as out on the printer\'s word', async () => {
    const before = await ipp.spooled()
    const sale = await buyTwo()
    expect(sale).toMatchObject({ state: 'confirmed', printed: true })
    const names = [`${sale.reference}-ticket-01`, `${sale.reference}-ticket-02`, `${sale.reference}-receipt`]
    const printed = await printedSince(before)
    expect([...printed.keys()]).toEqual(names.map(onSpool))
    expect(outSteps(sale.saleId)).toEqual(names)
    const [first, second] = sale.order!.tickets
    expect((await pdfText(printed.get(onSpool(names[0]!))!)).text).toContain(first!.ticketNumber)
    expect((await pdfText(printed.get(onSpool(names[1]!))!)).text).toContain(second!.ticketNumber)
    expect((await pdfText(printed.get(onSpool(names[2]!))!)).text).toContain(sale.reference)
  })

  it('paper out after the first ticket: the sale waits for staff with the rest missing; the reprint prints exactly those', async () => {
    await ipp.paperFor(1)
    const before = await ipp.spooled()
    const sale = await buyTwo()
    const [ticket1, ticket2, receipt] = [`${sale.reference}-ticket-01`, `${sale.reference}-ticket-02`, `${sale.reference}-receipt`]
    expect(sale).toMatchObject({ state: 'confirmed', printed: false })
    expect([...(await printedSince(before)).keys()]).toEqual([onSpool(ticket1)])
    expect(outSteps(sale.saleId)).toEqual([ticket1])
    expect(journal().steps(sale.saleId).find((s) => s.step === 'print-failed')?.detail).toMatchObject({ missing: [ticket2, receipt] })
    const listed = await call(dispatcher, 'staff.salesNeedingAttention', { pin: PIN })
    expect(listed.ok && listed.value).toEqual([expect.objectContaining({ saleId: sale.saleId, note: { kind: 'keyed', sentences: [{ key: 'printMissing', params: { reference: sale.reference } }] } })])

    // Still out of paper: nothing is sent, and the sale stays on the list.
    expect(await call(dispatcher, 'staff.reprintSale', { pin: PIN, saleId: sale.saleId })).toEqual({ ok: true, value: { printed: false } })
    await ipp.setPaper(250)
    const beforeReprint = await ipp.spooled()
    expect(await call(dispatcher, 'staff.reprintSale', { pin: PIN, saleId: sale.saleId })).toEqual({ ok: true, value: { printed: true } })
    const reprinted = await printedSince(beforeReprint)
    expect([...reprinted.keys()]).toEqual([ticket2, receipt].map(onSpool))
    expect((await pdfText(reprinted.get(onSpool(ticket2))!)).text).toContain(sale.order!.tickets[1]!.ticketNumber)
    expect(journal().get(sale.saleId)).toMatchObject({ state: 'printed' })
    // The reprint is journalled: who asked, each document as it came out, and the note closed by the print.
    const steps = journal().steps(sale.saleId).map((s) => s.step)
    expect(steps.slice(steps.lastIndexOf('reprint-asked'))).toEqual(['reprint-asked', 'print-started', 'document-printed', 'document-printed', 'printed', 'staff-resolved'])
    expect(journal().steps(sale.saleId).find((s) => s.step === 'reprint-asked')?.detail).toMatchObject({ name: 'Supervisor' })
    expect(await call(dispatcher, 'staff.salesNeedingAttention', { pin: PIN })).toEqual({ ok: true, value: [] })
  })
})
