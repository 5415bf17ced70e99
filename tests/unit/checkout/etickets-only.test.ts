import { mkdtempSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SpoolPrinter } from '../../../electron/browser-host/spool-printer'
import { ETICKET_DELIVERY, PRINTED_HERE_DELIVERY } from '../../../electron/contract/delivery'
import { call, type Dispatcher } from '../../../electron/ipc-core/dispatcher'
import { choosePrinter } from '../../../electron/services/printer-service'
import type { Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest, terminalLedger } from '../../support/checkout-fixtures'
import { startEscPosLoopback, type EscPosLoopback } from '../../support/escpos-loopback'
import { firstPin } from '../../support/staff-runtime'
import { refusingVault, staffedRuntime } from '../../support/staffed-runtime'

/**
 * A kiosk whose printer cannot print sells e-tickets only where the venue's
 * settings allow it (#24): staff turn the setting on with a supervisor's PIN;
 * then, the printer out of paper, an e-ticket sale is charged and confirmed
 * with nothing sent to the printer and nothing left for staff, while a
 * delivery that would print here is refused by main (whatever the screen
 * offered) with nothing ordered or charged. The printer is the loopback
 * ESC/POS printer; the sale's documents would go to a real spool printer (its
 * folder stays empty). Against the real sandbox and training terminal.
 */
const PIN = '482615'
let rig: ApiRig
let escpos: EscPosLoopback
let dir: string
let spool: SpoolPrinter
let runtime: Runtime | null = null

beforeAll(async () => {
  escpos = await startEscPosLoopback()
})
afterAll(async () => {
  await escpos?.close()
})
beforeEach(async () => {
  rig = await apiRig()
  dir = mkdtempSync(join(tmpdir(), 'foyer-etickets-only-'))
  spool = new SpoolPrinter({ spoolDir: join(dir, 'spool') })
  await escpos.set({ paper: 'out' })
})
afterEach(async () => {
  await runtime?.close()
  runtime = null
  await spool.close()
  await rig.close()
})

/** A self-service kiosk printing on the loopback ESC/POS printer, a supervisor set up, the setting as given. */
async function kiosk(eticketsWhenCannotPrint: boolean): Promise<Dispatcher> {
  const askablePrinter = choosePrinter(() => ({ kind: 'raw', address: `127.0.0.1:${escpos.port}`, language: 'escpos' }))
  runtime = await staffedRuntime(rig, { mode: 'self-service', dir, vault: refusingVault, printing: { printer: spool, askablePrinter } })
  const dispatcher = runtime.services.dispatcher
  expect((await call(dispatcher, 'staff.setPin', firstPin(PIN))).ok).toBe(true)
  const saved = await call(dispatcher, 'settings.update', { pin: PIN, patch: { eticketsWhenCannotPrint } })
  expect(saved).toMatchObject({ ok: true, value: { eticketsWhenCannotPrint } })
  return dispatcher
}

async function submit(dispatcher: Dispatcher, deliveryMethodCode: string) {
  const order = await heldOrderRequest(dispatcher, rig.direct)
  return call(dispatcher, 'checkout.submit', { order: { ...order, deliveryMethodCode } })
}

const spooled = () => readdir(join(dir, 'spool')).catch(() => [])

describe('with "the kiosk sells e-tickets only when the printer cannot print" on', () => {
  it('sells e-tickets with the printer out of paper: charged, confirmed, nothing printed, nothing for staff', { timeout: 90_000 }, async () => {
    const dispatcher = await kiosk(true)
    const invoice = await submit(dispatcher, ETICKET_DELIVERY)
    if (!invoice.ok) throw new Error(invoice.error.code)
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    expect(paid).toMatchObject({ ok: true, value: { state: 'confirmed', printed: false, eticketsOnly: true } })
    expect((await terminalLedger(rig)).map((t) => t.state)).toEqual(['approved'])
    const steps = runtime!.sales.context!.checkout.journal.steps(invoice.value.saleId).map((s) => s.step)
    expect(steps).toContain('print-skipped')
    expect(steps).not.toContain('print-started')
    expect(await spooled()).toEqual([])
    expect(await call(dispatcher, 'staff.salesNeedingAttention', { pin: PIN })).toEqual({ ok: true, value: [] })
  })

  it('refuses tickets printed here: at the order (nothing ordered), and at the card if the paper ran out since (nothing charged)', { timeout: 90_000 }, async () => {
    const dispatcher = await kiosk(true)
    const refused = await submit(dispatcher, PRINTED_HERE_DELIVERY)
    expect(refused).toMatchObject({ ok: false, error: { code: 'checkout.printer-etickets-only', messageKey: 'checkout.errors.printerEticketsOnly' } })
    expect(runtime!.sales.context!.checkout.journal.unfinished()).toEqual([])

    // Ordered while the printer printed; out of paper before the card: a screen that kept offering printed tickets is refused too.
    await escpos.set({ paper: 'ok' })
    const invoice = await submit(dispatcher, PRINTED_HERE_DELIVERY)
    if (!invoice.ok) throw new Error(invoice.error.code)
    await escpos.set({ paper: 'out' })
    const pay = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    expect(pay).toMatchObject({ ok: false, error: { code: 'checkout.printer-etickets-only', messageKey: 'checkout.errors.printerEticketsOnly' } })
    expect(await terminalLedger(rig)).toEqual([])
    expect(runtime!.sales.context!.checkout.journal.get(invoice.value.saleId)?.state).toBe('invoiced')
  })
})

it('with the setting off (the default), the kiosk sells nothing while it cannot print, e-tickets included', { timeout: 90_000 }, async () => {
  const dispatcher = await kiosk(false)
  const invoice = await submit(dispatcher, ETICKET_DELIVERY)
  if (!invoice.ok) throw new Error(invoice.error.code)
  const pay = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
  expect(pay).toMatchObject({ ok: false, error: { code: 'checkout.printer-cannot-print' } })
  expect(await terminalLedger(rig)).toEqual([])
})
