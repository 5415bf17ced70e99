import { mkdtempSync, writeFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SpoolPrinter } from '../../../electron/browser-host/spool-printer'
import { PRINTED_HERE_DELIVERY } from '../../../electron/contract/delivery'
import { call } from '../../../electron/ipc-core/dispatcher'
import type { DocumentPrinter } from '../../../electron/printing/printer-port'
import type { Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest } from '../../support/checkout-fixtures'
import { firstPin } from '../../support/staff-runtime'
import { refusingVault, staffedRuntime } from '../../support/staffed-runtime'

/**
 * A sale whose tickets did not print waits on staff's list; once staff say
 * they dealt with it (handed the tickets over at the box office), a restart
 * of the kiosk does not print them again by itself (#24). The printer that
 * fails is a real spool printer whose folder cannot be made.
 */
const PIN = '482615'
let rig: ApiRig
let dir: string
let runtime: Runtime | null = null

beforeEach(async () => {
  rig = await apiRig()
  dir = mkdtempSync(join(tmpdir(), 'foyer-print-missing-'))
})
afterEach(async () => {
  await runtime?.close()
  runtime = null
  await rig.close()
})

const start = async (printer: DocumentPrinter) => {
  runtime = await staffedRuntime(rig, { mode: 'self-service', dir, vault: refusingVault, printing: { printer } })
  return runtime.services.dispatcher
}

/** A kiosk whose printer cannot print (its spool folder cannot be made), staff's PIN set, and a sale of seats printed here submitted: answers the dispatcher and the sale. */
async function saleOnAPrinterThatCannotPrint() {
  const blocked = join(dir, 'not-a-folder')
  writeFileSync(blocked, '')
  const dispatcher = await start(new SpoolPrinter({ spoolDir: join(blocked, 'spool') }))
  expect((await call(dispatcher, 'staff.setPin', firstPin(PIN))).ok).toBe(true)
  const order = await heldOrderRequest(dispatcher, rig.direct)
  const invoice = await call(dispatcher, 'checkout.submit', { order: { ...order, deliveryMethodCode: PRINTED_HERE_DELIVERY } })
  if (!invoice.ok) throw new Error(invoice.error.code)
  return { dispatcher, invoice }
}

describe('a sale whose tickets did not print', () => {
  it('is not printed again at the next start once staff dealt with it', { timeout: 90_000 }, async () => {
    const { dispatcher, invoice } = await saleOnAPrinterThatCannotPrint()
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    expect(paid.ok && paid.value).toMatchObject({ state: 'confirmed', printed: false })
    expect(await call(dispatcher, 'staff.resolveSale', { pin: PIN, saleId: invoice.value.saleId, how: 'Tickets handed over at the box office' })).toMatchObject({ ok: true })
    await runtime!.close()

    const spoolDir = join(dir, 'spool')
    const working = new SpoolPrinter({ spoolDir })
    try {
      await start(working)
      expect(await readdir(spoolDir).catch(() => [])).toEqual([])
      expect(runtime!.sales.context!.checkout.journal.steps(invoice.value.saleId).map((s) => s.step)).not.toContain('recovery-started')
    } finally {
      await working.close()
    }
  })

  it('comes back on the needs-attention list when a later print fails too', { timeout: 90_000 }, async () => {
    const { dispatcher, invoice } = await saleOnAPrinterThatCannotPrint()
    const saleId = invoice.value.saleId
    expect(await call(dispatcher, 'checkout.pay', { saleId, tender: 'card', testCard: 'approve' })).toMatchObject({ ok: true })
    expect(await call(dispatcher, 'staff.resolveSale', { pin: PIN, saleId, how: 'Printer looked at' })).toMatchObject({ ok: true })
    const listed = async () => {
      const list = await call(dispatcher, 'staff.salesNeedingAttention', { pin: PIN })
      if (!list.ok) throw new Error(list.error.code)
      return list.value.map((sale) => sale.saleId)
    }
    expect(await listed()).not.toContain(saleId)

    // Staff reprint on a printer that still cannot print: a new failure staff have not seen.
    expect(await call(dispatcher, 'staff.reprintSale', { pin: PIN, saleId })).toMatchObject({ ok: true, value: { printed: false } })
    expect(await listed()).toContain(saleId)
  })
})
